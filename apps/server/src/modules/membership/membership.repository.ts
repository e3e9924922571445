import type { DbExecutor } from '../../db/database.js';

export interface NewGrant {
  user_id: number;
  source: string;
  source_ref: string;
  starts_at: number;
  ends_at: number;
  note?: string | null;
  created_at: number;
}

/** The end of the user's latest unrevoked grant; null when they never had one (or all were revoked). */
export async function latestGrantEnd(db: DbExecutor, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('membership_grants')
    .select((eb) => eb.fn.max('ends_at').as('ends_at'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row?.ends_at == null ? null : Number(row.ends_at);
}

/** Inserts a grant unless (source, source_ref) exists already; returns whether it was inserted. */
export async function insertGrantOnce(db: DbExecutor, grant: NewGrant): Promise<boolean> {
  const row = await db
    .insertInto('membership_grants')
    .values({ ...grant, note: grant.note ?? null, revoked_at: null })
    .onConflict((oc) => oc.columns(['source', 'source_ref']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Revokes every grant that still runs or has yet to start; returns how many. */
export async function revokeRunningGrants(db: DbExecutor, userId: number, now: number): Promise<number> {
  const result = await db
    .updateTable('membership_grants')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('ends_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
