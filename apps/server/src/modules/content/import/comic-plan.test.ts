import { describe, expect, it } from 'vitest';
import { planComicBook } from './comic-plan.js';
import type { SourceFile } from './import-source.js';

const file = (path: string): SourceFile => ({ path, size: 1, read: async () => Buffer.alloc(1) });
const tree = (paths: string[], folders: string[] = []) => ({ files: paths.map(file), folders: new Set(folders) });

describe('planComicBook', () => {
  it('makes one chapter of images at the top or in one wrapping folder', () => {
    const warnings: string[] = [];
    const plan = planComicBook(tree(['Book/10.jpg', 'Book/2.jpg', 'Book/ComicInfo.xml'], ['Book']), 'book', warnings);
    expect(plan.chapters).toHaveLength(1);
    expect(plan.chapters[0]!.images.map((i) => i.path)).toEqual(['Book/2.jpg', 'Book/10.jpg']);
    expect(plan.comicInfo?.path).toBe('Book/ComicInfo.xml');
    expect(warnings).toEqual([]);
  });

  it('uses an image beside chapter folders as the cover, not as a chapter', () => {
    const warnings: string[] = [];
    const plan = planComicBook(tree(['cover.jpg', 'back.jpg', 'Ch 2/1.jpg', 'Ch 1/1.jpg']), 'book', warnings);
    expect(plan.chapters.map((c) => c.label)).toEqual(['Ch 1', 'Ch 2']);
    expect(plan.cover?.path).toBe('cover.jpg');
    expect(warnings).toEqual(['skipped "back.jpg": an image beside chapter folders']);
  });

  it('reports an empty leaf folder as an empty chapter and skips junk silently', () => {
    const warnings: string[] = [];
    const plan = planComicBook(
      tree(['a/1.jpg', '.DS_Store', '__MACOSX/a/._1.jpg', 'b/Thumbs.db'], ['a', 'b', 'c', '__MACOSX']),
      'book',
      warnings,
    );
    expect(plan.chapters.map((c) => [c.label, c.problem])).toEqual([
      ['a', null],
      ['b', 'chapter "b" is empty: it holds no images'],
      ['c', 'chapter "c" is empty: it holds no images'],
    ]);
    expect(warnings).toEqual([]);
  });
});
