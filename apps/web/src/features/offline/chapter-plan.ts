import type { BookChapters } from '@inkstream/contracts';
import { CHAPTER_PAGE_SIZE_MAX } from '@inkstream/contracts/constants';
import type { SaveBook, SaveTarget } from './save-chapters';

/** "All remaining" saves at most this many chapters in one go (about 50 × 5 MB of comic pages). */
export const SAVE_LIMIT = 50;
/** The choices of "Save the next …" on the book page; the end-of-chapter card offers the first. */
export const SAVE_COUNTS = [5, 10] as const;

const PAGE = CHAPTER_PAGE_SIZE_MAX;

/**
 * The chapters numbered `fromNumber` and after, oldest first, at most `count`, read from the chapter
 * list (pages of 100). A book numbered without gaps finds its page at once; with gaps the guess can
 * land past the chapter, and the walk steps back until the page starts at or before it.
 */
export async function chaptersFrom(
  list: (page: number, pageSize: number) => Promise<BookChapters>,
  fromNumber: number,
  count: number,
): Promise<{ book: SaveBook; chapters: SaveTarget[] }> {
  let page = Math.max(0, Math.floor((fromNumber - 1) / PAGE));
  let answer = await list(page, PAGE);
  while (page > 0 && (answer.chapters[0]?.chapter_number ?? Infinity) > fromNumber) {
    page -= 1;
    answer = await list(page, PAGE);
  }
  const book: SaveBook = {
    book_uuid: answer.book_uuid,
    title: answer.book_title,
    book_type: answer.book_type,
    cover_image: answer.cover_image,
  };
  const chapters: SaveTarget[] = [];
  for (;;) {
    for (const chapter of answer.chapters) {
      if (chapter.chapter_number >= fromNumber && chapters.length < count)
        chapters.push({ chapter_uuid: chapter.chapter_uuid, chapter_number: chapter.chapter_number, title: chapter.title });
    }
    if (chapters.length >= count || answer.chapters.length < PAGE || (page + 1) * PAGE >= answer.total_chapters) break;
    page += 1;
    answer = await list(page, PAGE);
  }
  return { book, chapters };
}

/** How many chapters "all remaining" would save from `fromNumber` (the book's numbers, as the list shows them). */
export const remainingFrom = (totalChapters: number, fromNumber: number): number =>
  Math.max(0, Math.min(SAVE_LIMIT, totalChapters - Math.max(0, fromNumber - 1)));
