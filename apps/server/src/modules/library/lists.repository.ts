import type { DbExecutor } from '../../db/database.js';

/** Issue 61: reader lists (reader_lists, reader_list_books, reader_list_follows). */

const summaryColumns = [
  'l.id',
  'l.uuid',
  'l.user_id',
  'l.name',
  'l.description',
  'l.visibility',
  'l.hidden_at',
  'l.hidden_reason',
  'l.featured_at',
  'l.created_at',
  'l.updated_at',
  'u.username as owner_username',
] as const;

function summaries(db: DbExecutor) {
  return db
    .selectFrom('reader_lists as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(summaryColumns)
    .select((eb) => [
      eb
        .selectFrom('reader_list_books as lb')
        .innerJoin('books as b', 'b.id', 'lb.book_id')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('lb.list_id', '=', 'l.id')
        .where('b.is_published', '=', 1)
        .as('book_count'),
      eb
        .selectFrom('reader_list_follows as f')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('f.list_id', '=', 'l.id')
        .as('follower_count'),
    ]);
}
export type ListSummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['execute']>>[number];

export const findListByUuid = (db: DbExecutor, uuid: string) => summaries(db).where('l.uuid', '=', uuid).executeTakeFirst();

export const findOwnedLists = (db: DbExecutor, userId: number) =>
  summaries(db).where('l.user_id', '=', userId).orderBy('l.updated_at', 'desc').orderBy('l.id', 'desc').execute();

/** A reader's public lists that the moderators have not hidden. */
export const findPublicListsOf = (db: DbExecutor, userId: number) =>
  summaries(db)
    .where('l.user_id', '=', userId)
    .where('l.visibility', '=', 'public')
    .where('l.hidden_at', 'is', null)
    .orderBy('l.updated_at', 'desc')
    .orderBy('l.id', 'desc')
    .execute();

export const findFollowedLists = (db: DbExecutor, userId: number) =>
  summaries(db)
    .innerJoin('reader_list_follows as mine', 'mine.list_id', 'l.id')
    .where('mine.user_id', '=', userId)
    .where('l.visibility', '=', 'public')
    .where('l.hidden_at', 'is', null)
    .orderBy('mine.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .execute();

export const findStaffPicks = (db: DbExecutor, limit: number) =>
  summaries(db)
    .where('l.featured_at', 'is not', null)
    .where('l.visibility', '=', 'public')
    .where('l.hidden_at', 'is', null)
    .orderBy('l.featured_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(limit)
    .execute();

export const countOwnedLists = async (db: DbExecutor, userId: number) =>
  Number(
    (
      await db
        .selectFrom('reader_lists')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst()
    )?.n ?? 0,
  );

export async function insertList(
  db: DbExecutor,
  row: { uuid: string; userId: number; name: string; description: string; visibility: string; at: number },
): Promise<void> {
  await db
    .insertInto('reader_lists')
    .values({
      uuid: row.uuid,
      user_id: row.userId,
      name: row.name,
      description: row.description,
      visibility: row.visibility,
      hidden_at: null,
      hidden_reason: null,
      featured_at: null,
      created_at: row.at,
      updated_at: row.at,
    })
    .execute();
}

export async function updateList(
  db: DbExecutor,
  listId: number,
  changes: {
    name?: string;
    description?: string;
    visibility?: string;
    featured_at?: number | null;
    hidden_at?: number | null;
    hidden_reason?: string | null;
  },
  at: number | null,
): Promise<void> {
  await db
    .updateTable('reader_lists')
    .set({ ...changes, ...(at === null ? {} : { updated_at: at }) })
    .where('id', '=', listId)
    .execute();
}

export async function deleteList(db: DbExecutor, listId: number): Promise<void> {
  await db.deleteFrom('reader_list_follows').where('list_id', '=', listId).execute();
  await db.deleteFrom('reader_list_books').where('list_id', '=', listId).execute();
  await db.deleteFrom('reader_lists').where('id', '=', listId).execute();
}

/** Every book of the list in order (published or not: the order is the owner's). */
export const findListBookRows = (db: DbExecutor, listId: number) =>
  db
    .selectFrom('reader_list_books as lb')
    .innerJoin('books as b', 'b.id', 'lb.book_id')
    .select(['lb.book_id', 'b.uuid as book_uuid', 'b.is_published', 'b.content_rating', 'lb.position', 'lb.note', 'lb.added_at'])
    .where('lb.list_id', '=', listId)
    .orderBy('lb.position')
    .orderBy('lb.book_id')
    .execute();

export async function insertListBook(
  db: DbExecutor,
  row: { listId: number; bookId: number; position: number; note: string | null; at: number },
) {
  await db
    .insertInto('reader_list_books')
    .values({ list_id: row.listId, book_id: row.bookId, position: row.position, note: row.note, added_at: row.at })
    .execute();
}

export async function setListBookNote(db: DbExecutor, listId: number, bookId: number, note: string | null): Promise<void> {
  await db.updateTable('reader_list_books').set({ note }).where('list_id', '=', listId).where('book_id', '=', bookId).execute();
}

export async function setListBookPosition(db: DbExecutor, listId: number, bookId: number, position: number): Promise<void> {
  await db.updateTable('reader_list_books').set({ position }).where('list_id', '=', listId).where('book_id', '=', bookId).execute();
}

export async function deleteListBook(db: DbExecutor, listId: number, bookId: number): Promise<void> {
  await db.deleteFrom('reader_list_books').where('list_id', '=', listId).where('book_id', '=', bookId).execute();
}

export async function insertListFollow(db: DbExecutor, userId: number, listId: number, at: number): Promise<void> {
  await db
    .insertInto('reader_list_follows')
    .values({ user_id: userId, list_id: listId, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'list_id']).doNothing())
    .execute();
}

export async function deleteListFollow(db: DbExecutor, userId: number, listId: number): Promise<void> {
  await db.deleteFrom('reader_list_follows').where('user_id', '=', userId).where('list_id', '=', listId).execute();
}

export const isFollowingList = async (db: DbExecutor, userId: number, listId: number) =>
  (await db
    .selectFrom('reader_list_follows')
    .select('list_id')
    .where('user_id', '=', userId)
    .where('list_id', '=', listId)
    .executeTakeFirst()) !== undefined;

/** The account of a uuid (the console's reader page), or undefined. */
export const findUserIdByUuid = (db: DbExecutor, uuid: string) =>
  db.selectFrom('users').select('id').where('uuid', '=', uuid).executeTakeFirst();
