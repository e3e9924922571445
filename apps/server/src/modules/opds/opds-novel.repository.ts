import type { DbExecutor } from '../../db/database.js';

/** The reads of a novel's EPUB (opds-epub.ts) that the catalogue and reading modules do not make. */

/** A published book's cover key and original language (the EPUB's cover file and its texts' fallback). */
export const findEpubBook = (db: DbExecutor, bookUuid: string) =>
  db
    .selectFrom('books')
    .select(['cover_key', 'original_language', 'book_type'])
    .where('uuid', '=', bookUuid)
    .where('is_published', '=', 1)
    .executeTakeFirst();

/**
 * Every stored language of the texts of some published chapters (a batch of the EPUB, at most
 * EPUB_TEXT_BATCH chapters), ordered by language so the fallback's "else any" is the same
 * edition the reading module picks (reading.repository.ts `findChapterText`).
 */
export const findChapterTexts = (db: DbExecutor, chapterUuids: readonly string[]) =>
  chapterUuids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('chapter_texts')
        .innerJoin('chapters', 'chapters.id', 'chapter_texts.chapter_id')
        .select(['chapters.uuid as chapter_uuid', 'chapter_texts.language', 'chapter_texts.html'])
        .where('chapters.uuid', 'in', chapterUuids)
        .where('chapters.is_published', '=', 1)
        .orderBy('chapter_texts.language')
        .execute();
