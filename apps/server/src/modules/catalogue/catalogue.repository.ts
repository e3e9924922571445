import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';

/** Read queries of the catalogue. Every list query is bounded by an index (see the migration). */

export const bookColumns = [
  'id',
  'uuid',
  'book_type',
  'original_language',
  'cover_key',
  'cover_variants',
  'public_free_chapters',
  'chapter_count',
  'total_likes',
  'updated_at',
  'author',
  'status',
  'rating_count',
  'rating_sum',
  'content_rating',
  'content_descriptors',
] as const;

export const findBooksByIds = (db: DbExecutor, ids: readonly number[]) =>
  ids.length === 0 ? Promise.resolve([]) : db.selectFrom('books').select(bookColumns).where('id', 'in', ids).execute();

export const findPublishedBookByUuid = (db: DbExecutor, uuid: string) =>
  db
    .selectFrom('books')
    .select([...bookColumns, 'reading_direction', 'reading_mode', 'publishing_days', 'publishing_time', 'publishing_time_zone'])
    .where('uuid', '=', uuid)
    .where('is_published', '=', 1)
    .executeTakeFirst();

export const findBookTranslations = (db: DbExecutor, bookIds: readonly number[]) =>
  bookIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('book_translations').select(['book_id', 'language', 'title', 'introduction']).where('book_id', 'in', bookIds).execute();

/** Each book's title in each of its languages (what cards show; no introductions). */
export const findBookTitles = (db: DbExecutor, bookIds: readonly number[]) =>
  bookIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('book_translations').select(['book_id', 'language', 'title']).where('book_id', 'in', bookIds).execute();

/** Alternate titles of each book, in the operator's order. */
export async function findAlternateTitlesByBook(
  db: DbExecutor,
  bookIds: readonly number[],
): Promise<Map<number, { title: string; language: string | null }[]>> {
  const byBook = new Map<number, { title: string; language: string | null }[]>(bookIds.map((id) => [id, []]));
  if (bookIds.length === 0) return byBook;
  const rows = await db
    .selectFrom('book_alternate_titles')
    .select(['book_id', 'title', 'language'])
    .where('book_id', 'in', bookIds)
    .orderBy('book_id')
    .orderBy('position')
    .execute();
  for (const row of rows) byBook.get(row.book_id)?.push({ title: row.title, language: row.language });
  return byBook;
}

/** Tag names of each book, in the book's own tag order. */
export async function findTagNamesByBook(db: DbExecutor, bookIds: readonly number[]): Promise<Map<number, string[]>> {
  const byBook = new Map<number, string[]>(bookIds.map((id) => [id, []]));
  if (bookIds.length === 0) return byBook;
  const rows = await db
    .selectFrom('book_tags')
    .innerJoin('tags', 'tags.id', 'book_tags.tag_id')
    .select(['book_tags.book_id', 'tags.name'])
    .where('book_tags.book_id', 'in', bookIds)
    .orderBy('book_tags.book_id')
    .orderBy('book_tags.position')
    .execute();
  for (const row of rows) byBook.get(row.book_id)?.push(row.name);
  return byBook;
}

/** The recommended books of `ratings` (the content rating rule's openable ones, access/content-rating.ts). */
export const findRecommendedBooks = (db: DbExecutor, limit: number, ratings: readonly string[]) =>
  db
    .selectFrom('books')
    .select(bookColumns)
    .where('recommendation_rank', 'is not', null)
    .where('is_published', '=', 1)
    .where('content_rating', 'in', ratings)
    .orderBy('recommendation_rank')
    .orderBy('id')
    .limit(limit)
    .execute();

export const findChapterPage = (db: DbExecutor, bookId: number, direction: 'asc' | 'desc', offset: number, limit: number) =>
  db
    .selectFrom('chapters')
    .select(['id', 'uuid', 'number', 'cover_key', 'created_at', 'comments_count', 'early_access_until'])
    .where('book_id', '=', bookId)
    .where('is_published', '=', 1)
    .orderBy('number', direction)
    .limit(limit)
    .offset(offset)
    .execute();

/**
 * When each book's first published chapter came out (its lowest published number), for the books
 * that have one. Each book costs one seek of chapters_book_published_number_idx.
 */
export async function findFirstChapterTimes(db: DbExecutor, bookIds: readonly number[]): Promise<Map<number, number>> {
  if (bookIds.length === 0) return new Map();
  const rows = await selectFirstPublishedChapters(db).where('c.book_id', 'in', bookIds).execute();
  return new Map(rows.map((row) => [row.book_id, Number(row.created_at)]));
}

/**
 * Each book's first published chapter (its lowest published number): `book_id` and `created_at`,
 * the moment it came out. The caller narrows `c.book_id` (a list, a range of ids).
 */
export const selectFirstPublishedChapters = (db: DbExecutor) =>
  db
    .selectFrom('chapters as c')
    .select(['c.book_id', 'c.created_at'])
    .where('c.is_published', '=', 1)
    .where('c.number', '=', (eb) =>
      eb
        .selectFrom('chapters as first')
        .select((inner) => inner.fn.min('first.number').as('number'))
        .whereRef('first.book_id', '=', 'c.book_id')
        .where('first.is_published', '=', 1),
    );

export const findChapterTranslations = (db: DbExecutor, chapterIds: readonly number[]) =>
  chapterIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('chapter_translations').select(['chapter_id', 'language', 'title']).where('chapter_id', 'in', chapterIds).execute();

/*
 * The ranking snapshot reads the whole catalogue in id ranges, so no single query holds the
 * (synchronous) SQLite connection for long and other requests interleave with a rebuild.
 */
export const findPublishedOrderKeysAfter = (db: DbExecutor, afterId: number, limit: number) =>
  db
    .selectFrom('books')
    .select([
      'id',
      'updated_at',
      'popularity',
      'book_type',
      'status',
      'public_free_chapters',
      'rating_count',
      'rating_sum',
      'content_rating',
      'content_descriptors',
    ])
    // `+is_published` keeps SQLite on the primary key (the next rows in id order). On the bare column
    // it picked an index that starts with is_published, then sorted every published book by id for
    // each chunk: a snapshot read took 1.4 s of CPU at 100,000 books instead of 0.1 s.
    .where(sql<number>`+${sql.ref('is_published')}`, '=', 1)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();

export const findMaxBookId = async (db: DbExecutor) =>
  Number(
    (
      await db
        .selectFrom('books')
        .select((eb) => eb.fn.max('id').as('max_id'))
        .executeTakeFirst()
    )?.max_id ?? 0,
  );

export const findBookTagsInRange = (db: DbExecutor, fromId: number, toId: number) =>
  db
    .selectFrom('book_tags')
    .select(['book_id', 'tag_id'])
    .where('book_id', '>', fromId)
    .where('book_id', '<=', toId)
    .orderBy('book_id')
    .orderBy('position')
    .execute();

export const findAllTags = (db: DbExecutor) => db.selectFrom('tags').select(['id', 'name']).execute();

export async function isCatalogueEmpty(db: DbExecutor): Promise<boolean> {
  return (await db.selectFrom('books').select('id').limit(1).executeTakeFirst()) === undefined;
}

/** Every rating of every published book: the sums the catalogue mean is made of (one pass over books). */
export async function sumPublishedRatings(db: DbExecutor): Promise<{ sum: number; count: number }> {
  const row = await db
    .selectFrom('books')
    .select([sql<string | number | null>`sum(rating_sum)`.as('sum'), sql<string | number | null>`sum(rating_count)`.as('count')])
    .where('is_published', '=', 1)
    .executeTakeFirst();
  return { sum: Number(row?.sum ?? 0), count: Number(row?.count ?? 0) };
}
