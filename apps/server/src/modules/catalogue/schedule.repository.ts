import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';

/**
 * Reads of the release calendar (schedule-index.ts, schedule.service.ts). Each reads one table by
 * its index and keeps the books of any state: the calendar shows only what the ranking snapshot
 * holds (published books), so a join to books here would only tempt the planner to read them all.
 */

/** Books with regular publishing days (books_publishing_days_idx: only those rows). */
export const publishingBooks = (db: DbExecutor) =>
  db
    .selectFrom('books')
    .select(['id', 'publishing_days', 'publishing_time', 'publishing_time_zone', 'status'])
    .where('publishing_days', '>', 0);
export const findPublishingBooks = (db: DbExecutor) => publishingBooks(db).execute();

/** Chapters set to publish later (chapters_publish_at_idx): only the book and the moment. */
export const scheduledReleases = (db: DbExecutor) =>
  db
    .selectFrom('chapters')
    .select(['book_id', 'publish_at'])
    .where('publish_at', 'is not', null)
    .where('is_published', '=', 0)
    .orderBy('publish_at');
export const findScheduledReleases = (db: DbExecutor) => scheduledReleases(db).execute();

/**
 * When chapters came out in [from, to): a chapter's created_at is the moment it was published (set again when it is published later, by hand or on schedule). Read through
 * chapters_release_moment_idx, whose key is this very expression (0 for an unpublished chapter).
 * One row per book and moment (an import publishes many chapters at once).
 */
export const findReleasesBetween = (db: DbExecutor, from: number, to: number) => releasesBetween(db, from, to).execute();

/** The statement of findReleasesBetween (its plan is checked by the tests). */
export function releasesBetween(db: DbExecutor, from: number, to: number) {
  const moment = sql<number>`(${sql.ref('chapters.is_published')} * ${sql.ref('chapters.created_at')})`;
  return db
    .selectFrom('chapters')
    .select(['chapters.book_id', 'chapters.created_at'])
    .distinct()
    .where(moment, '>=', Math.max(1, from))
    .where(moment, '<', to);
}

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
