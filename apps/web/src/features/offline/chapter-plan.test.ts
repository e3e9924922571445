import type { BookChapters, ChapterItem } from '@inkstream/contracts';
import { describe, expect, it, vi } from 'vitest';
import { chaptersFrom, remainingFrom } from './chapter-plan';

/** A book whose chapters carry these numbers, served by pages as the chapter list does. */
function book(numbers: number[]) {
  const items = numbers.map((n): ChapterItem => ({
    chapter_uuid: `uuid-${n}`,
    chapter_number: n,
    title: `T${n}`,
    cover_image: null,
    created_at: '',
    is_free: n < 3,
  }));
  return vi.fn(
    async (page: number, size: number) =>
      ({
        book_uuid: 'book',
        book_title: 'Book',
        book_type: 'comic',
        cover_image: '/c.webp',
        total_chapters: items.length,
        chapters: items.slice(page * size, page * size + size),
      }) as unknown as BookChapters,
  );
}

describe('the next chapters to save', () => {
  it('starts at the reader’s chapter and takes as many as chosen, across pages of 100', async () => {
    const list = book(Array.from({ length: 260 }, (_, i) => i + 1));
    const { chapters, book: saved } = await chaptersFrom(list, 95, 10);
    expect(chapters.map((chapter) => chapter.chapter_number)).toEqual([95, 96, 97, 98, 99, 100, 101, 102, 103, 104]);
    expect(list.mock.calls.map(([page]) => page)).toEqual([0, 1]);
    expect(saved).toEqual({ book_uuid: 'book', title: 'Book', book_type: 'comic', cover_image: '/c.webp' });
  });

  it('finds the chapter in a book numbered with gaps, stepping back a page', async () => {
    const numbers = [1, 2, 3, ...Array.from({ length: 150 }, (_, i) => i + 200)];
    const list = book(numbers);
    const { chapters } = await chaptersFrom(list, 150, 3);
    expect(chapters.map((chapter) => chapter.chapter_number)).toEqual([200, 201, 202]);
    expect(list.mock.calls[0]![0]).toBe(1);
  });

  it('stops at the book’s end', async () => {
    const { chapters } = await chaptersFrom(book([1, 2, 3, 4]), 3, 10);
    expect(chapters.map((chapter) => chapter.chapter_number)).toEqual([3, 4]);
  });

  it('"all remaining" counts from the reader’s chapter, at most 50', () => {
    expect(remainingFrom(30, 1)).toBe(30);
    expect(remainingFrom(30, 28)).toBe(3);
    expect(remainingFrom(500, 10)).toBe(50);
    expect(remainingFrom(3, 9)).toBe(0);
  });
});
