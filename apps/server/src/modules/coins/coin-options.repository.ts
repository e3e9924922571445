import type { DbExecutor } from '../../db/database.js';

/** Issue 59: rows of the coin options (auto-unlock opt-ins, the auto-unlock grant an undo takes back). */

export const insertAutoUnlock = (db: DbExecutor, row: { user_id: number; book_id: number; cap: number; enabled_at: number }) =>
  db
    .insertInto('auto_unlocks')
    .values({ ...row, spent: 0 })
    .execute()
    .then(() => undefined);

export const setAutoUnlockCap = (db: DbExecutor, id: number, cap: number) =>
  db.updateTable('auto_unlocks').set({ cap }).where('id', '=', id).execute();

export const addAutoUnlockSpent = (db: DbExecutor, id: number, coins: number) =>
  db
    .updateTable('auto_unlocks')
    .set((eb) => ({ spent: eb('spent', '+', coins) }))
    .where('id', '=', id)
    .execute();

export const deleteAutoUnlock = (db: DbExecutor, userId: number, bookId: number) =>
  db.deleteFrom('auto_unlocks').where('user_id', '=', userId).where('book_id', '=', bookId).execute();

/** The reader's latest standing auto-unlock grant of the chapter granted after `since` (an undo's). */
export const undoableGrant = (db: DbExecutor, userId: number, chapterId: number, since: number) =>
  db
    .selectFrom('chapter_grants')
    .select(['id', 'granted_at'])
    .where('user_id', '=', userId)
    .where('chapter_id', '=', chapterId)
    .where('kind', '=', 'auto_unlock')
    .where('revoked_at', 'is', null)
    .where('granted_at', '>', since)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
    .then((row) => row && { id: Number(row.id), granted_at: Number(row.granted_at) });
