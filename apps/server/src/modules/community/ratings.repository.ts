import { PostgresAdapter, sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';

/** Queries of book ratings and reviews (book_ratings; counters books.rating_count / rating_sum). */

export const findPublishedBookId = async (db: DbExecutor, uuid: string) =>
  (await db.selectFrom('books').select('id').where('uuid', '=', uuid).where('is_published', '=', 1).executeTakeFirst())?.id;

export const findBookCounters = (db: DbExecutor, bookId: number) =>
  db.selectFrom('books').select(['rating_count', 'rating_sum']).where('id', '=', bookId).executeTakeFirstOrThrow();

/** How many ratings gave each score: one range of book_ratings_score_idx (book_id, score). */
export const findScoreCounts = (db: DbExecutor, bookId: number) =>
  db
    .selectFrom('book_ratings')
    .select(['score', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('book_id', '=', bookId)
    .groupBy('score')
    .execute();

/** When the book's ratings last changed: one seek of book_ratings_recent_idx (book_id, updated_at). */
export const findLatestRatingChange = async (db: DbExecutor, bookId: number) =>
  Number(
    (
      await db
        .selectFrom('book_ratings')
        .select((eb) => eb.fn.max('updated_at').as('latest'))
        .where('book_id', '=', bookId)
        .executeTakeFirst()
    )?.latest ?? 0,
  );

export const findRating = (db: DbExecutor, bookId: number, userId: number) =>
  db
    .selectFrom('book_ratings')
    .select(['score', 'review', 'review_state', 'updated_at'])
    .where('book_id', '=', bookId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

/** The reader's rating row, locked on PostgreSQL until the transaction ends (SQLite has one writer). */
export function lockRating(trx: DbExecutor, bookId: number, userId: number) {
  let query = trx
    .selectFrom('book_ratings')
    .select(['score', 'review', 'review_state'])
    .where('book_id', '=', bookId)
    .where('user_id', '=', userId);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** A first rating; false when a parallel request of the same reader inserted it first. */
export async function insertRating(
  trx: DbExecutor,
  row: { book_id: number; user_id: number; score: number; review: string | null; review_state: 'visible' | 'held'; at: number },
): Promise<boolean> {
  const result = await trx
    .insertInto('book_ratings')
    .values({
      book_id: row.book_id,
      user_id: row.user_id,
      score: row.score,
      review: row.review,
      review_state: row.review_state,
      created_at: row.at,
      updated_at: row.at,
    })
    .onConflict((oc) => oc.columns(['book_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export const updateRating = (
  trx: DbExecutor,
  bookId: number,
  userId: number,
  set: { score: number; review: string | null; review_state: 'visible' | 'held' | 'hidden'; updated_at: number },
) => trx.updateTable('book_ratings').set(set).where('book_id', '=', bookId).where('user_id', '=', userId).execute();

export const deleteRating = (trx: DbExecutor, bookId: number, userId: number) =>
  trx.deleteFrom('book_ratings').where('book_id', '=', bookId).where('user_id', '=', userId).execute();

/** The counters move by increments, evaluated on the row's newest version (exact under concurrency). */
export const moveBookCounters = (trx: DbExecutor, bookId: number, sumDelta: number, countDelta: number) =>
  trx
    .updateTable('books')
    .set({ rating_sum: sql`rating_sum + ${sumDelta}`, rating_count: sql`rating_count + ${countDelta}` })
    .where('id', '=', bookId)
    .execute();

/** Reviews readers see (and the caller's own, whatever its state), newest first, by book_ratings_recent_idx. */
function reviewsOf(db: DbExecutor, bookId: number, viewerId: number | null) {
  return db
    .selectFrom('book_ratings as r')
    .where('r.book_id', '=', bookId)
    .where('r.review', 'is not', null)
    .where((eb) =>
      viewerId === null
        ? eb('r.review_state', '=', 'visible')
        : eb.or([eb('r.review_state', '=', 'visible'), eb('r.user_id', '=', viewerId)]),
    );
}

export const findReviewPage = (db: DbExecutor, bookId: number, viewerId: number | null, offset: number, limit: number) =>
  reviewsOf(db, bookId, viewerId)
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.user_id', 'r.score', 'r.review', 'r.review_state', 'r.updated_at', 'u.uuid', 'u.username'])
    .orderBy('r.updated_at', 'desc')
    .orderBy('r.user_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

export const countReviews = async (db: DbExecutor, bookId: number, viewerId: number | null) =>
  Number(
    (
      await reviewsOf(db, bookId, viewerId)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirst()
    )?.n ?? 0,
  );
