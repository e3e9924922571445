import type { ReadingStatus } from '@inkstream/contracts';
import type { DbExecutor } from '../../db/database.js';

/** Issue 61: the reader's statuses (reading_statuses), published books only where they are listed. */

export const findStatus = (db: DbExecutor, userId: number, bookId: number) =>
  db
    .selectFrom('reading_statuses')
    .select(['status', 'chosen', 'updated_at'])
    .where('user_id', '=', userId)
    .where('book_id', '=', bookId)
    .executeTakeFirst();

export async function upsertStatus(
  db: DbExecutor,
  row: { userId: number; bookId: number; status: ReadingStatus; chosen: boolean; at: number },
) {
  await db
    .insertInto('reading_statuses')
    .values({
      user_id: row.userId,
      book_id: row.bookId,
      status: row.status,
      chosen: row.chosen ? 1 : 0,
      created_at: row.at,
      updated_at: row.at,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'book_id']).doUpdateSet({ status: row.status, chosen: row.chosen ? 1 : 0, updated_at: row.at }),
    )
    .execute();
}

export async function deleteStatus(db: DbExecutor, userId: number, bookId: number): Promise<void> {
  await db.deleteFrom('reading_statuses').where('user_id', '=', userId).where('book_id', '=', bookId).execute();
}

/**
 * The site's "reading" for books the reader has just opened a chapter of: only books under no
 * status, or planned ("plan to read" becomes "reading" once started); the reader's other choices
 * (on hold, completed, dropped, re-reading) stand.
 */
export async function fileAsReading(db: DbExecutor, userId: number, bookIds: readonly number[], at: number): Promise<void> {
  if (bookIds.length === 0) return;
  await db
    .updateTable('reading_statuses')
    .set({ status: 'reading', chosen: 0, updated_at: at })
    .where('user_id', '=', userId)
    .where('book_id', 'in', bookIds)
    .where('status', '=', 'plan_to_read')
    .execute();
  await db
    .insertInto('reading_statuses')
    .values(bookIds.map((bookId) => ({ user_id: userId, book_id: bookId, status: 'reading', chosen: 0, created_at: at, updated_at: at })))
    .onConflict((oc) => oc.columns(['user_id', 'book_id']).doNothing())
    .execute();
}

export const countStatuses = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('reading_statuses as s')
    .innerJoin('books as b', 'b.id', 's.book_id')
    .select(['s.status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('s.user_id', '=', userId)
    .where('b.is_published', '=', 1)
    .groupBy('s.status')
    .execute();

export const countAllStatuses = async (db: DbExecutor, userId: number) =>
  Number(
    (
      await db
        .selectFrom('reading_statuses')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst()
    )?.n ?? 0,
  );

/** One tab of the library: the published books under `status`, a page of them. */
export function findStatusPage(
  db: DbExecutor,
  userId: number,
  query: { status: ReadingStatus; sort: 'status_changed' | 'updated'; offset: number; limit: number },
) {
  const base = db
    .selectFrom('reading_statuses as s')
    .innerJoin('books as b', 'b.id', 's.book_id')
    .select(['s.book_id', 's.updated_at as status_changed_at', 'b.updated_at'])
    .where('s.user_id', '=', userId)
    .where('s.status', '=', query.status)
    .where('b.is_published', '=', 1);
  const sorted =
    query.sort === 'updated'
      ? base.orderBy('b.updated_at', 'desc').orderBy('s.book_id', 'desc')
      : base.orderBy('s.updated_at', 'desc').orderBy('s.book_id', 'desc');
  return sorted.offset(query.offset).limit(query.limit).execute();
}
