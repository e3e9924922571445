import { sql, type Insertable } from 'kysely';
import type { Db, DbExecutor } from '../../db/database.js';
import type { CouponsTable, Database } from '../../db/schema.js';

// The demo seed's and the generated reader population's own reads and writes. Rows the app's
// modules own (accounts, grants, books) are written through those modules' repositories.

/** A value in app_state (the demo seed's marker); null when absent. */
export async function findAppState(db: DbExecutor, stateKey: string): Promise<string | null> {
  const row = await db.selectFrom('app_state').select('value').where('state_key', '=', stateKey).executeTakeFirst();
  return row?.value ?? null;
}

export const writeAppState = (db: DbExecutor, stateKey: string, value: string) =>
  db
    .insertInto('app_state')
    .values({ state_key: stateKey, value })
    .onConflict((oc) => oc.column('state_key').doUpdateSet({ value }))
    .execute();

/** Gives a demo account a confirmed address. */
export const confirmAddress = (db: DbExecutor, userId: number, email: string, confirmedAt: number) =>
  db.updateTable('users').set({ email, email_key: email, email_confirmed_at: confirmedAt }).where('id', '=', userId).execute();

/** Which of these book uuids exist already. */
export const findPresentBookUuids = async (db: DbExecutor, uuids: string[]): Promise<Set<string>> =>
  new Set((await db.selectFrom('books').select('uuid').where('uuid', 'in', uuids).execute()).map((row) => row.uuid));

export type TableName = keyof Database;

/** One multi-row INSERT into a table chosen at run time. */
export const insertRows = <T extends TableName>(db: DbExecutor, table: T, rows: Insertable<Database[T]>[]) =>
  // The row type of a table chosen at run time is a union Kysely cannot narrow; the rows are typed by the caller.
  db
    .insertInto(table)
    .values(rows as never)
    .execute();

export const findPublishedBookIds = (db: Db) => db.selectFrom('books').select('id').where('is_published', '=', 1).orderBy('id').execute();

/** The published chapters of published books, in id order. */
export const findPublishedChapters = (db: Db) =>
  db
    .selectFrom('chapters')
    .innerJoin('books', 'books.id', 'chapters.book_id')
    .select(['chapters.id', 'chapters.book_id'])
    .where('books.is_published', '=', 1)
    .where('chapters.is_published', '=', 1)
    .orderBy('chapters.id')
    .execute();

/** The highest account id (0 when none). */
export async function latestUserId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

export const findTakenSkeletons = async (db: Db): Promise<Set<string>> =>
  new Set((await db.selectFrom('users').select('username_skeleton').execute()).map((r) => r.username_skeleton));

/** Inserts the coupon unless its code exists; returns its id. */
export async function ensureCoupon(db: Db, coupon: Insertable<CouponsTable>): Promise<number> {
  await db
    .insertInto('coupons')
    .values(coupon)
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  const row = await db.selectFrom('coupons').select('id').where('code', '=', coupon.code).executeTakeFirstOrThrow();
  return row.id;
}

export const addCouponRedemptions = (db: Db, couponId: number, added: number) =>
  db
    .updateTable('coupons')
    .set((eb) => ({ redemption_count: eb('redemption_count', '+', added) }))
    .where('id', '=', couponId)
    .execute();

export const addChapterLikes = (db: Db, chapterId: number, added: number) =>
  db
    .updateTable('chapters')
    .set((eb) => ({ total_likes: eb('total_likes', '+', added) }))
    .where('id', '=', chapterId)
    .execute();

export const addBookLikes = (db: Db, bookId: number, added: number) =>
  db
    .updateTable('books')
    .set((eb) => ({ total_likes: eb('total_likes', '+', added) }))
    .where('id', '=', bookId)
    .execute();

/** PostgreSQL: the next account the app creates must not collide with ids given explicitly. */
export const resetUserIdSequence = (db: Db) =>
  sql`SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT MAX(id) FROM users))`.execute(db);

/** Refreshes the planner's statistics after a bulk load. */
export const analyze = (db: Db) => sql`ANALYZE`.execute(db);

/** Published books with their genre tags' names, in id order (the demo audience's choice of books). */
export async function findPublishedBooksWithTags(db: DbExecutor) {
  const [books, tags, chapters] = await Promise.all([
    db.selectFrom('books').select(['id', 'popularity']).where('is_published', '=', 1).orderBy('id').execute(),
    db
      .selectFrom('book_tags')
      .innerJoin('tags', 'tags.id', 'book_tags.tag_id')
      .select(['book_tags.book_id', 'tags.name'])
      .orderBy('book_tags.book_id')
      .orderBy('book_tags.position')
      .execute(),
    db
      .selectFrom('chapters')
      .select((eb) => ['book_id', eb.fn.min('id').as('first_chapter_id')])
      .where('is_published', '=', 1)
      .where('number', '=', 1)
      .groupBy('book_id')
      .execute(),
  ]);
  const tagsOf = new Map<number, string[]>();
  for (const row of tags) tagsOf.set(Number(row.book_id), [...(tagsOf.get(Number(row.book_id)) ?? []), row.name]);
  const firstChapter = new Map(chapters.map((row) => [Number(row.book_id), Number(row.first_chapter_id)]));
  return books
    .filter((book) => firstChapter.has(Number(book.id)))
    .map((book) => ({
      id: Number(book.id),
      popularity: Number(book.popularity),
      tags: tagsOf.get(Number(book.id)) ?? [],
      firstChapterId: firstChapter.get(Number(book.id))!,
    }));
}

export const userIdByKey = async (db: DbExecutor, key: string): Promise<number | null> =>
  (await db.selectFrom('users').select('id').where('username_key', '=', key).executeTakeFirst())?.id ?? null;

/** Adds ratings to a book's count and sum (what its average and the top-rated ranking read). */
export const addBookRatings = (db: DbExecutor, bookId: number, count: number, sum: number) =>
  db
    .updateTable('books')
    .set((eb) => ({ rating_count: eb('rating_count', '+', count), rating_sum: eb('rating_sum', '+', sum) }))
    .where('id', '=', bookId)
    .execute();
