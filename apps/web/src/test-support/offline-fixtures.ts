import type { ChapterContent, OfflineAccess, OfflineChapterCheck, OfflineCheckResult } from '@inkstream/contracts';
import type { SavedChapter } from '../features/offline/saved-chapter';

export const BOOK = '0b0b0b0b-0000-4000-8000-000000000001';
export const chapterUuid = (n: number) => `c0c0c0c0-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A comic chapter's answer as the server gives it: `pages` pages with signed WebP and AVIF sources. */
export function comicContent(number: number, pages = 3): ChapterContent {
  const uuid = chapterUuid(number);
  const page = (i: number) => ({
    url: `/media/pages/${uuid}/${i}.jpg?exp=1&sig=a`,
    width: 800,
    height: 1200,
    sources: [
      { type: 'image/avif' as const, url: `/media/pages/${uuid}/${i}.avif?exp=1&sig=b` },
      { type: 'image/webp' as const, url: `/media/pages/${uuid}/${i}.webp?exp=1&sig=c` },
    ],
  });
  const list = Array.from({ length: pages }, (_, i) => page(i));
  return {
    chapter_number: number,
    chapter_title: `Chapter title ${number}`,
    title: 'The book',
    images: list.map((p) => p.url),
    prev_chapter_uuid: number > 1 ? chapterUuid(number - 1) : null,
    next_chapter_uuid: chapterUuid(number + 1),
    already_favor: false,
    total_likes: 4,
    book_uuid: BOOK,
    chapter_uuid: uuid,
    pages: list,
    book_type: 'comic',
    text: null,
    text_language: null,
    text_languages: [],
    reading: { direction: 'ltr', mode: 'strip' } as ChapterContent['reading'],
  };
}

/** One chapter of the check's answer: its number, access and (for a member) end. */
export type CheckEntry = [number: number, access: OfflineAccess, until?: string | null];

/** The check's answer for chapters, by chapter number: readable ones with their access and end. */
export function checkAnswer(entries: CheckEntry[], checkedAt = '2030-01-01T00:00:00.000Z'): OfflineCheckResult {
  return {
    checked_at: checkedAt,
    chapters: entries.map(([number, access, until]): OfflineChapterCheck => ({
      chapter_uuid: chapterUuid(number),
      access,
      readable: access === 'free' || access === 'member' || access === 'granted' || access === 'admin',
      readable_until: until ?? null,
    })),
  };
}

/** A saved record, as a finished save leaves it. */
export function savedRecord(number: number, overrides: Partial<SavedChapter> = {}): SavedChapter {
  const content = comicContent(number, 2);
  return {
    chapter_uuid: chapterUuid(number),
    book_uuid: BOOK,
    language: 'en-us',
    state: 'saved',
    readable_until: null,
    access: 'free',
    saved_at: 1,
    checked_at: 1,
    bytes: 20,
    page_count: 2,
    lighter: false,
    book_title: 'The book',
    book_type: 'comic',
    cover_image: null,
    chapter_number: number,
    chapter_title: content.chapter_title,
    content: {
      ...content,
      pages: content.pages.map((page, i) => ({
        url: `/offline-pages/${chapterUuid(number)}/${i}`,
        width: page.width,
        height: page.height,
      })),
      images: content.pages.map((_, i) => `/offline-pages/${chapterUuid(number)}/${i}`),
    },
    ...overrides,
  };
}
