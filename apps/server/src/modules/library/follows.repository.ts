import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';

export const findPublishedBook = (db: DbExecutor, bookUuid: string) =>
  db
    .selectFrom('books')
    .select(['id', 'uuid', 'content_rating'])
    .where('uuid', '=', bookUuid)
    .where('is_published', '=', 1)
    .executeTakeFirst();

export const findBookId = (db: DbExecutor, bookUuid: string) =>
  db.selectFrom('books').select('id').where('uuid', '=', bookUuid).executeTakeFirst();

export async function insertFollow(db: DbExecutor, userId: number, bookId: number, at: number): Promise<void> {
  await db
    .insertInto('book_follows')
    .values({ user_id: userId, book_id: bookId, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'book_id']).doNothing())
    .execute();
}

export async function deleteFollow(db: DbExecutor, userId: number, bookId: number): Promise<void> {
  await db.deleteFrom('book_follows').where('user_id', '=', userId).where('book_id', '=', bookId).execute();
}

export const isFollowing = async (db: DbExecutor, userId: number, bookId: number) =>
  (await db.selectFrom('book_follows').select('book_id').where('user_id', '=', userId).where('book_id', '=', bookId).executeTakeFirst()) !==
  undefined;

export const countFollows = async (db: DbExecutor, userId: number) =>
  Number(
    (
      await db
        .selectFrom('book_follows')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst()
    )?.n ?? 0,
  );

/** Followed published books, most recently updated first. */
export const findFollowedBooks = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('book_follows as f')
    .innerJoin('books as b', 'b.id', 'f.book_id')
    .select(['f.book_id', 'f.created_at as followed_at', 'b.updated_at'])
    .where('f.user_id', '=', userId)
    .where('b.is_published', '=', 1)
    .orderBy('b.updated_at', 'desc')
    .orderBy('f.book_id', 'desc')
    .execute();

/**
 * Unread new chapters per followed book: published chapters added after the follow that the reader
 * has not opened. Chapters already there when the reader followed are the back catalogue, not news.
 */
export async function countUnreadByBook(db: DbExecutor, userId: number, readerKey: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('book_follows as f')
    .innerJoin('books as b', 'b.id', 'f.book_id')
    .innerJoin('chapters as c', (join) => join.onRef('c.book_id', '=', 'f.book_id').onRef('c.created_at', '>', 'f.created_at'))
    .select(['f.book_id', (eb) => eb.fn.countAll<number>().as('unread')])
    .where('f.user_id', '=', userId)
    .where('b.is_published', '=', 1)
    .where('c.is_published', '=', 1)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('chapter_reads as r')
            .select(sql`1`.as('one'))
            .where('r.reader_key', '=', readerKey)
            .whereRef('r.chapter_id', '=', 'c.id'),
        ),
      ),
    )
    .groupBy('f.book_id')
    .execute();
  return new Map(rows.map((row) => [row.book_id, Number(row.unread)]));
}
