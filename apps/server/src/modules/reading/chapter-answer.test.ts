import { ChapterContent, ChapterContentResponse, type PageImage } from '@inkstream/contracts';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { answerJson, answerParts } from './chapter-answer.js';
import type { SharedChapter } from './shared-chapter.js';

const shared = (overrides: Partial<SharedChapter> = {}): SharedChapter => ({
  chapterUuid: '0b0f3d5e-7c1a-4a52-9a57-2f1b8f0d3c11',
  bookUuid: '5d6c1f2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f',
  number: 4,
  bookType: 'comic',
  contentRating: 'all_ages',
  chapterTitle: 'Le "retour" \\ </script> 归来 \u2028',
  title: 'Ink & Stream',
  pages: [],
  text: null,
  textLanguage: null,
  textLanguages: [],
  prev: '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d',
  next: null,
  sellsChapters: false,
  reading: { direction: 'rtl', mode: 'single' },
  ...overrides,
});

const pages: PageImage[] = [
  { url: '/media/a.jpg?sig=x', width: 800, height: 2400, sources: [{ type: 'image/avif', url: '/media/a.avif?sig=y' }] },
  { url: '/media/b.jpg', width: 800, height: 1200 },
];

describe('chapter answer JSON', () => {
  it('is the ChapterContent answer with the reader’s fields, every schema field in the schema’s order and no other', () => {
    const json = answerJson(answerParts(shared(), pages), true, 17);
    const parsed = JSON.parse(json);
    expect(Value.Check(ChapterContentResponse, parsed)).toBe(true);
    expect(Object.keys(parsed)).toEqual(['data']);
    expect(Object.keys(parsed.data)).toEqual(['result']);
    expect(Object.keys(parsed.data.result)).toEqual(Object.keys(ChapterContent.properties));
    expect(parsed.data.result).toEqual({
      chapter_number: 4,
      chapter_title: 'Le "retour" \\ </script> 归来 \u2028',
      title: 'Ink & Stream',
      images: ['/media/a.jpg?sig=x', '/media/b.jpg'],
      prev_chapter_uuid: '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d',
      next_chapter_uuid: null,
      already_favor: true,
      total_likes: 17,
      book_uuid: '5d6c1f2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f',
      chapter_uuid: '0b0f3d5e-7c1a-4a52-9a57-2f1b8f0d3c11',
      pages,
      book_type: 'comic',
      text: null,
      text_language: null,
      text_languages: [],
      reading: { direction: 'rtl', mode: 'single' },
    });
    // A page without variants has no `sources` key at all (the schema's optional field), not null.
    expect(parsed.data.result.pages[1]).not.toHaveProperty('sources');
  });

  it('keeps one serialisation of the shared part for every reader: only the two per-reader fields differ', () => {
    const parts = answerParts(shared({ bookType: 'novel', text: '<p>“Quoted” text</p>', textLanguage: 'fr-fr' }), []);
    const a = JSON.parse(answerJson(parts, false, 0)).data.result;
    const b = JSON.parse(answerJson(parts, true, 12_345)).data.result;
    expect([a.already_favor, a.total_likes, b.already_favor, b.total_likes]).toEqual([false, 0, true, 12_345]);
    expect({ ...a, already_favor: null, total_likes: null }).toEqual({ ...b, already_favor: null, total_likes: null });
    expect(a.text).toBe('<p>“Quoted” text</p>');
    expect(Value.Check(ChapterContentResponse, { data: { result: b } })).toBe(true);
  });
});
