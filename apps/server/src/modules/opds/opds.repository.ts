import type { DbExecutor } from '../../db/database.js';

/** The few reads of the OPDS feeds the catalogue, library and reading services do not make. */

/**
 * What a feed entry shows of published books (author, cover and its sizes, last change), by uuid,
 * in any order; bounded by the feed page (at most 50 uuids). Which books and in what order comes
 * from the catalogue, library and progress services.
 */
export const findFeedBooks = (db: DbExecutor, uuids: readonly string[]) =>
  uuids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('books')
        .select([
          'id',
          'uuid',
          'author',
          'original_language',
          'cover_key',
          'cover_variants',
          'updated_at',
          'book_type',
          'reading_direction',
          'content_rating',
        ])
        .where('uuid', 'in', uuids)
        .where('is_published', '=', 1)
        .execute();

/**
 * Pages of each published comic chapter, per edition language (at most a feed page's 100
 * chapters): the book feed's `pse:count`, for the edition the reading module would serve.
 */
export const countChapterPages = (db: DbExecutor, chapterUuids: readonly string[]) =>
  chapterUuids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('chapter_pages')
        .innerJoin('chapters', 'chapters.id', 'chapter_pages.chapter_id')
        .select(['chapters.uuid as chapter_uuid', 'chapter_pages.language', (eb) => eb.fn.countAll<number>().as('pages')])
        .where('chapters.uuid', 'in', chapterUuids)
        .groupBy(['chapters.uuid', 'chapter_pages.language'])
        .execute();
