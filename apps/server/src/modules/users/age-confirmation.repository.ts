import type { DbExecutor } from '../../db/database.js';

/** Issue 61: the reader's age confirmation (users.age_confirmed_at), read and written by the profile. */
export async function readAgeConfirmedAt(db: DbExecutor, userId: number): Promise<number | null> {
  const row = await db.selectFrom('users').select('age_confirmed_at').where('id', '=', userId).executeTakeFirst();
  return row?.age_confirmed_at == null ? null : Number(row.age_confirmed_at);
}

/** Confirms at `at`, keeping an earlier confirmation's moment. */
export const confirmAge = (db: DbExecutor, userId: number, at: number) =>
  db.updateTable('users').set({ age_confirmed_at: at }).where('id', '=', userId).where('age_confirmed_at', 'is', null).execute();

export const withdrawAgeConfirmation = (db: DbExecutor, userId: number) =>
  db.updateTable('users').set({ age_confirmed_at: null }).where('id', '=', userId).execute();
