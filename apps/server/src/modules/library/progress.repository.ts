import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import type { ChapterReadsTable, ReadingProgressTable } from '../../db/schema.js';

/** Published chapters of published books, by uuid, with what progress checks need. */
export const findChaptersForProgress = (db: DbExecutor, chapterUuids: readonly string[]) =>
  db
    .selectFrom('chapters')
    .innerJoin('books', 'books.id', 'chapters.book_id')
    .select([
      'chapters.id as chapter_id',
      'chapters.uuid as chapter_uuid',
      'books.id as book_id',
      'books.uuid as book_uuid',
      'books.book_type',
    ])
    .where('chapters.uuid', 'in', chapterUuids)
    .where('chapters.is_published', '=', 1)
    .where('books.is_published', '=', 1)
    .execute();

export const findPublishedBookIdsByUuid = (db: DbExecutor, bookUuids: readonly string[]) =>
  db.selectFrom('books').select(['id', 'uuid']).where('uuid', 'in', bookUuids).where('is_published', '=', 1).execute();

/** The number of pages of each chapter (its largest language: translations may differ by a page or two). */
export async function countPages(db: DbExecutor, chapterIds: readonly number[]): Promise<Map<number, number>> {
  // `IN ()` is an SQL syntax error on PostgreSQL (a batch of unknown chapters has no comic chapter).
  if (chapterIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('chapter_pages')
    .select(['chapter_id', 'language', (eb) => eb.fn.countAll<number>().as('pages')])
    .where('chapter_id', 'in', chapterIds)
    .groupBy(['chapter_id', 'language'])
    .execute();
  const pages = new Map<number, number>();
  for (const row of rows) pages.set(row.chapter_id, Math.max(pages.get(row.chapter_id) ?? 0, Number(row.pages)));
  return pages;
}

/** Newest position wins: a write older than the stored one (another device, a late request) changes nothing. */
export async function upsertProgress(db: DbExecutor, rows: ReadingProgressTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('reading_progress')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['reader_key', 'book_id'])
        .doUpdateSet({
          chapter_id: sql`excluded.chapter_id`,
          page_index: sql`excluded.page_index`,
          page_offset: sql`excluded.page_offset`,
          text_fraction: sql`excluded.text_fraction`,
          updated_at: sql`excluded.updated_at`,
        })
        .where('reading_progress.updated_at', '<=', sql<number>`excluded.updated_at`),
    )
    .execute();
}

/** Opened chapters keep their latest read time and their first finish. */
export async function upsertChapterReads(db: DbExecutor, rows: ChapterReadsTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('chapter_reads')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['reader_key', 'chapter_id']).doUpdateSet({
        read_at: sql`case when excluded.read_at > chapter_reads.read_at then excluded.read_at else chapter_reads.read_at end`,
        finished_at: sql`coalesce(chapter_reads.finished_at, excluded.finished_at)`,
      }),
    )
    .execute();
}

export const findProgressRows = (db: DbExecutor, readerKey: string) =>
  db.selectFrom('reading_progress').selectAll().where('reader_key', '=', readerKey).execute();

export const findChapterReadRows = (db: DbExecutor, readerKey: string) =>
  db.selectFrom('chapter_reads').selectAll().where('reader_key', '=', readerKey).execute();

/** A reader's books, most recently read first, with the chapter they are on (published books and chapters only). */
export const findRecentProgress = (db: DbExecutor, readerKey: string, limit: number, bookIds?: readonly number[]) => {
  let query = db
    .selectFrom('reading_progress as p')
    .innerJoin('books as b', 'b.id', 'p.book_id')
    .innerJoin('chapters as c', 'c.id', 'p.chapter_id')
    .leftJoin('chapter_reads as r', (join) => join.onRef('r.reader_key', '=', 'p.reader_key').onRef('r.chapter_id', '=', 'p.chapter_id'))
    .select([
      'p.book_id',
      'p.chapter_id',
      'p.page_index',
      'p.page_offset',
      'p.text_fraction',
      'p.updated_at',
      'b.book_type',
      'c.number as chapter_number',
      'c.uuid as chapter_uuid',
      'r.finished_at',
    ])
    .where('p.reader_key', '=', readerKey)
    .where('b.is_published', '=', 1)
    .where('c.is_published', '=', 1);
  if (bookIds) query = query.where('p.book_id', 'in', bookIds);
  return query.orderBy('p.updated_at', 'desc').orderBy('p.book_id', 'desc').limit(limit).execute();
};

/** The first published chapter after `number` in a book. */
export const findNextChapter = (db: DbExecutor, bookId: number, number: number) =>
  db
    .selectFrom('chapters')
    .select(['id', 'uuid', 'number'])
    .where('book_id', '=', bookId)
    .where('is_published', '=', 1)
    .where('number', '>', number)
    .orderBy('number')
    .limit(1)
    .executeTakeFirst();

export const findFinishedChapterNumbers = async (db: DbExecutor, readerKey: string, bookId: number) =>
  (
    await db
      .selectFrom('chapter_reads as r')
      .innerJoin('chapters as c', 'c.id', 'r.chapter_id')
      .select('c.number')
      .where('r.reader_key', '=', readerKey)
      .where('r.book_id', '=', bookId)
      .where('r.finished_at', 'is not', null)
      .orderBy('c.number')
      .execute()
  ).map((row) => row.number);

export const findHistoryPage = (db: DbExecutor, readerKey: string, offset: number, limit: number) =>
  db
    .selectFrom('chapter_reads as r')
    .innerJoin('chapters as c', 'c.id', 'r.chapter_id')
    .innerJoin('books as b', 'b.id', 'r.book_id')
    .select(['r.chapter_id', 'r.book_id', 'r.read_at', 'r.finished_at', 'c.uuid as chapter_uuid', 'c.number as chapter_number'])
    .where('r.reader_key', '=', readerKey)
    .where('b.is_published', '=', 1)
    .where('c.is_published', '=', 1)
    .orderBy('r.read_at', 'desc')
    .orderBy('r.chapter_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

export const countHistory = async (db: DbExecutor, readerKey: string) =>
  Number(
    (
      await db
        .selectFrom('chapter_reads as r')
        .innerJoin('chapters as c', 'c.id', 'r.chapter_id')
        .innerJoin('books as b', 'b.id', 'r.book_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('r.reader_key', '=', readerKey)
        .where('b.is_published', '=', 1)
        .where('c.is_published', '=', 1)
        .executeTakeFirst()
    )?.n ?? 0,
  );

/** Forgets what a reader read: the history, the read markers and the "Continue" positions. */
export async function deleteReaderData(db: DbExecutor, readerKey: string): Promise<number> {
  const reads = await db.deleteFrom('chapter_reads').where('reader_key', '=', readerKey).executeTakeFirst();
  await db.deleteFrom('reading_progress').where('reader_key', '=', readerKey).execute();
  return Number(reads.numDeletedRows);
}

/**
 * Visitors who never came back: their rows go after a while (the housekeeping loop, a batch at a
 * time), so anonymous traffic cannot grow the tables for ever. `reader_key like 'v:%'` is written
 * out, not bound: it is the predicate of the partial indexes `reading_progress_visitor_idx` and
 * `chapter_reads_visitor_idx`, and both databases use a partial index only for a query that repeats
 * its predicate as it is. So each batch is a range on that index; accounts' rows are never read.
 * Returns how many rows went (fewer than `limit`: nothing left).
 */
export async function deleteStaleVisitorProgress(db: DbExecutor, before: number, limit: number): Promise<number> {
  const batch = db
    .selectFrom('reading_progress')
    .select(['reader_key', 'book_id'])
    .where(sql<boolean>`reader_key like 'v:%'`)
    .where('updated_at', '<', before)
    .limit(limit);
  const result = await db
    .deleteFrom('reading_progress')
    .where((eb) => eb(eb.refTuple('reader_key', 'book_id'), 'in', batch.$asTuple('reader_key', 'book_id')))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteStaleVisitorReads(db: DbExecutor, before: number, limit: number): Promise<number> {
  const batch = db
    .selectFrom('chapter_reads')
    .select(['reader_key', 'chapter_id'])
    .where(sql<boolean>`reader_key like 'v:%'`)
    .where('read_at', '<', before)
    .limit(limit);
  const result = await db
    .deleteFrom('chapter_reads')
    .where((eb) => eb(eb.refTuple('reader_key', 'chapter_id'), 'in', batch.$asTuple('reader_key', 'chapter_id')))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export const findBookTitleRows = (db: DbExecutor, bookIds: readonly number[]) =>
  bookIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('books')
        .leftJoin('book_translations as t', 't.book_id', 'books.id')
        .select([
          'books.id',
          'books.uuid',
          'books.book_type',
          'books.original_language',
          'books.cover_key',
          'books.chapter_count',
          'books.updated_at',
          't.language',
          't.title',
        ])
        .where('books.id', 'in', bookIds)
        .execute();

export const findChapterTitleRows = (db: DbExecutor, chapterIds: readonly number[]) =>
  chapterIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('chapter_translations').select(['chapter_id', 'language', 'title']).where('chapter_id', 'in', chapterIds).execute();
