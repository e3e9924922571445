import type { BookType } from '@inkstream/contracts';
import type { DbExecutor } from '../../db/database.js';
import { pickTranslation } from '../../lib/language.js';
import type { MediaUrls } from '../media/media-urls.js';
import { findBookTitleRows, findChapterTitleRows } from './progress.repository.js';

export interface BookCardText {
  book_uuid: string;
  book_title: string;
  book_type: BookType;
  cover_image: string | null;
  total_chapters: number;
  updated_at: number;
}

/** The fields every card of the library, "Continue reading" and history shows for a book. */
export const cardFields = (book: BookCardText) => ({
  book_uuid: book.book_uuid,
  book_title: book.book_title,
  book_type: book.book_type,
  cover_image: book.cover_image,
});

/** Book cards and chapter titles in the reader's language, for the library, "Continue reading" and history. */
export async function loadTexts(
  db: DbExecutor,
  media: MediaUrls,
  language: string,
  bookIds: readonly number[],
  chapters: readonly { chapterId: number; bookId: number }[],
): Promise<{ books: Map<number, BookCardText>; chapterTitles: Map<number, string> }> {
  const [bookRows, chapterRows] = await Promise.all([
    findBookTitleRows(db, [...new Set(bookIds)]),
    findChapterTitleRows(db, [...new Set(chapters.map((c) => c.chapterId))]),
  ]);
  const translations = new Map<number, { language: string; title: string }[]>();
  for (const row of bookRows) {
    const list = translations.get(row.id) ?? [];
    if (row.language !== null && row.title !== null) list.push({ language: row.language, title: row.title });
    translations.set(row.id, list);
  }
  const books = new Map<number, BookCardText>();
  for (const row of bookRows) {
    if (books.has(row.id)) continue;
    books.set(row.id, {
      book_uuid: row.uuid,
      book_title: pickTranslation(translations.get(row.id) ?? [], language, row.original_language)?.title ?? '',
      book_type: row.book_type,
      cover_image: row.cover_key ? media.publicUrl(row.cover_key) : null,
      total_chapters: row.chapter_count,
      updated_at: row.updated_at,
    });
  }
  const chapterTranslations = new Map<number, { language: string; title: string }[]>();
  for (const row of chapterRows) chapterTranslations.set(row.chapter_id, [...(chapterTranslations.get(row.chapter_id) ?? []), row]);
  const originalOf = new Map(bookRows.map((row) => [row.id, row.original_language]));
  const chapterTitles = new Map<number, string>();
  for (const { chapterId, bookId } of chapters) {
    const rows = chapterTranslations.get(chapterId) ?? [];
    chapterTitles.set(chapterId, pickTranslation(rows, language, originalOf.get(bookId) ?? language)?.title ?? '');
  }
  return { books, chapterTitles };
}
