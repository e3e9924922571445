import type { DbExecutor } from '../../db/database.js';

/** Reads of the release calendar (schedule-index.ts, schedule.service.ts). */

/** Published books with regular publishing days (books_publishing_days_idx: only those rows). */
export const findPublishingBooks = (db: DbExecutor) =>
  db
    .selectFrom('books')
    .select(['id', 'publishing_days', 'publishing_time', 'publishing_time_zone', 'status'])
    .where('publishing_days', '>', 0)
    .where('is_published', '=', 1)
    .execute();

/** Chapters set to publish later (chapters_publish_at_idx), of published books: only the book and the moment. */
export const findScheduledReleases = (db: DbExecutor) =>
  db
    .selectFrom('chapters as c')
    .innerJoin('books as b', 'b.id', 'c.book_id')
    .select(['c.book_id', 'c.publish_at'])
    .where('c.publish_at', 'is not', null)
    .where('c.is_published', '=', 0)
    .where('b.is_published', '=', 1)
    .orderBy('c.publish_at')
    .execute();

/**
 * When chapters of published books came out in [from, to): a chapter's created_at is the moment it
 * was published (set again when it is published later, by hand or on schedule). One row per book
 * and moment (an import publishes many chapters at once); chapters_published_created_idx.
 */
export const findReleasesBetween = (db: DbExecutor, from: number, to: number) =>
  db
    .selectFrom('chapters as c')
    .innerJoin('books as b', 'b.id', 'c.book_id')
    .select(['c.book_id', 'c.created_at'])
    .distinct()
    .where('c.is_published', '=', 1)
    .where('c.created_at', '>=', from)
    .where('c.created_at', '<', to)
    .where('b.is_published', '=', 1)
    .execute();

/** The book's next scheduled chapter after `now`, if any (the book page's next release). */
export async function findNextScheduledRelease(db: DbExecutor, bookId: number, now: number): Promise<number | null> {
  const row = await db
    .selectFrom('chapters')
    .select((eb) => eb.fn.min('publish_at').as('at'))
    .where('book_id', '=', bookId)
    .where('is_published', '=', 0)
    .where('publish_at', '>', now)
    .executeTakeFirst();
  return row?.at == null ? null : Number(row.at);
}
