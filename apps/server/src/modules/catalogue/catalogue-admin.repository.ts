import type { DbExecutor } from '../../db/database.js';

/** Read queries of the operator's console: every book, published or not (writes: catalogue-write.repository.ts). */

export const adminBookColumns = [
  'books.id',
  'books.uuid',
  'books.book_type',
  'books.original_language',
  'books.cover_key',
  'books.public_free_chapters',
  'books.recommendation_rank',
  'books.is_published',
  'books.import_pending',
  'books.chapter_count',
  'books.created_at',
  'books.updated_at',
  'books.author',
  'books.status',
  'books.reading_direction',
  'books.reading_mode',
  'books.publishing_days',
  'books.publishing_time',
  'books.publishing_time_zone',
  'books.ranking_excluded',
  'books.content_rating',
  'books.content_descriptors',
] as const;

export interface AdminBookFilter {
  published: 'all' | 'published' | 'unpublished';
  bookType?: 'comic' | 'novel' | undefined;
  /** Issue 61: one content rating. */
  contentRating?: string | undefined;
}

function filteredBooks(db: DbExecutor, filter: AdminBookFilter) {
  let query = db.selectFrom('books');
  if (filter.published === 'published') query = query.where('books.is_published', '=', 1);
  if (filter.published === 'unpublished') query = query.where('books.is_published', '=', 0);
  if (filter.bookType) query = query.where('books.book_type', '=', filter.bookType);
  if (filter.contentRating) query = query.where('books.content_rating', '=', filter.contentRating);
  return query;
}

export async function countBooks(db: DbExecutor, filter: AdminBookFilter): Promise<number> {
  const row = await filteredBooks(db, filter)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const findBookPage = (db: DbExecutor, filter: AdminBookFilter, offset: number, limit: number) =>
  filteredBooks(db, filter)
    .select(adminBookColumns)
    .orderBy('books.updated_at', 'desc')
    .orderBy('books.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();

/** Which of `ids` (at most a thousand: a search's matches) the filter keeps. */
export async function keepFiltered(db: DbExecutor, filter: AdminBookFilter, ids: readonly number[]): Promise<Set<number>> {
  const kept = new Set<number>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await filteredBooks(db, filter)
      .select('books.id')
      .where('books.id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) kept.add(row.id);
  }
  return kept;
}

export async function findBooksByIdsInOrder(db: DbExecutor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('books').select(adminBookColumns).where('books.id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export const findBookByUuid = (db: DbExecutor, uuid: string) =>
  db.selectFrom('books').select(adminBookColumns).where('books.uuid', '=', uuid).executeTakeFirst();

export const findBooksByUuids = (db: DbExecutor, uuids: readonly string[]) =>
  uuids.length === 0 ? Promise.resolve([]) : db.selectFrom('books').select(['id', 'uuid']).where('uuid', 'in', uuids).execute();

export const findRecommendedIds = (db: DbExecutor) =>
  db.selectFrom('books').select('id').where('recommendation_rank', 'is not', null).orderBy('recommendation_rank').orderBy('id').execute();

export const countChapters = async (db: DbExecutor, bookId: number) =>
  Number(
    (
      await db
        .selectFrom('chapters')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('book_id', '=', bookId)
        .executeTakeFirstOrThrow()
    ).n,
  );

export const chapterColumns = [
  'chapters.id',
  'chapters.uuid',
  'chapters.book_id',
  'chapters.number',
  'chapters.is_published',
  'chapters.publish_at',
  'chapters.created_at',
  'chapters.coin_price',
] as const;

export const findChapterPage = (db: DbExecutor, bookId: number, offset: number, limit: number) =>
  db.selectFrom('chapters').select(chapterColumns).where('book_id', '=', bookId).orderBy('number').offset(offset).limit(limit).execute();

export const findChapterByUuid = (db: DbExecutor, uuid: string) =>
  db.selectFrom('chapters').select(chapterColumns).where('chapters.uuid', '=', uuid).executeTakeFirst();

export const findChapterIdsOfBook = (db: DbExecutor, bookId: number) =>
  db.selectFrom('chapters').select(['id', 'uuid', 'number']).where('book_id', '=', bookId).execute();

export const findChapterTitles = (db: DbExecutor, chapterIds: readonly number[]) =>
  chapterIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('chapter_translations').select(['chapter_id', 'language', 'title']).where('chapter_id', 'in', chapterIds).execute();

export const countPages = (db: DbExecutor, chapterIds: readonly number[], language: string) =>
  chapterIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('chapter_pages')
        .select(['chapter_id', (eb) => eb.fn.countAll<string | number>().as('n')])
        .where('chapter_id', 'in', chapterIds)
        .where('language', '=', language)
        .groupBy('chapter_id')
        .execute();

export const findWordCounts = (db: DbExecutor, chapterIds: readonly number[], language: string) =>
  chapterIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('chapter_texts')
        .select(['chapter_id', 'word_count'])
        .where('chapter_id', 'in', chapterIds)
        .where('language', '=', language)
        .execute();

export const findBookOfChapter = (db: DbExecutor, bookId: number) =>
  db.selectFrom('books').select(['id', 'uuid', 'original_language']).where('id', '=', bookId).executeTakeFirstOrThrow();

/** Books in id order with their original-language title (the command line's `book list`). */
export const listBooksInIdOrder = (db: DbExecutor, limit: number, offset: number) =>
  db
    .selectFrom('books')
    .leftJoin('book_translations as t', (join) =>
      join.onRef('t.book_id', '=', 'books.id').onRef('t.language', '=', 'books.original_language'),
    )
    .select([
      'books.uuid',
      't.title',
      'books.book_type',
      'books.chapter_count',
      'books.public_free_chapters',
      'books.recommendation_rank',
      'books.is_published',
      'books.updated_at',
    ])
    .orderBy('books.id')
    .limit(limit)
    .offset(offset)
    .execute();
