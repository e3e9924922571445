import type { DbExecutor } from '../../db/database.js';
import { atomically, refreshMemberState } from './member-state.repository.js';
import { numberOrNull, latestGrantEndOf, isStandingGrant } from './membership-end.js';

export interface NewGrant {
  user_id: number;
  source: string;
  source_ref: string;
  starts_at: number;
  ends_at: number;
  note?: string | null;
  created_at: number;
  grant_months: number | null;
  grant_days: number | null;
}

/**
 * Serialises every change of one user's membership until the transaction ends: a no-op update of
 * the user's row takes its row lock on PostgreSQL (a second writer waits for the first to commit,
 * then reads the new expiry) and the database write lock on SQLite. Without it, two grants under
 * READ COMMITTED both read the same expiry and both stack on it, losing one grant's time.
 */
export async function lockUserMembership(db: DbExecutor, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb.ref('token_version') }))
    .where('id', '=', userId)
    .execute();
}

/** The user a grant belongs to; null when there is no such grant. */
export async function findGrantOwner(db: DbExecutor, source: string, sourceRef: string): Promise<number | null> {
  const row = await db
    .selectFrom('membership_grants')
    .select('user_id')
    .where('source', '=', source)
    .where('source_ref', '=', sourceRef)
    .executeTakeFirst();
  return row ? Number(row.user_id) : null;
}

/** The end of the user's latest unrevoked grant; null when they never had one (or all were revoked). */
export async function latestGrantEnd(db: DbExecutor, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('membership_grants')
    .select((eb) => latestGrantEndOf(eb).as('ends_at'))
    .where('user_id', '=', userId)
    .where(isStandingGrant)
    .executeTakeFirst();
  return numberOrNull(row?.ends_at);
}

// Every write below refreshes the user's member_since/member_until and member_days in the same
// transaction (member-state.repository.ts): these are the only writers of membership_grants.

/** Inserts a grant unless (source, source_ref) exists already; returns whether it was inserted. */
export const insertGrantOnce = (db: DbExecutor, grant: NewGrant): Promise<boolean> =>
  atomically(db, async (trx) => {
    const row = await trx
      .insertInto('membership_grants')
      .values({ ...grant, note: grant.note ?? null, revoked_at: null })
      .onConflict((oc) => oc.columns(['source', 'source_ref']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row === undefined) return false;
    await refreshMemberState(trx, grant.user_id);
    return true;
  });

/** Revokes every grant that still runs or has yet to start; returns how many. */
export const revokeRunningGrants = (db: DbExecutor, userId: number, now: number): Promise<number> =>
  atomically(db, async (trx) => {
    const result = await trx
      .updateTable('membership_grants')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('ends_at', '>', now)
      .executeTakeFirst();
    const revoked = Number(result.numUpdatedRows);
    if (revoked > 0) await refreshMemberState(trx, userId);
    return revoked;
  });

/** Revokes one grant by its source reference; returns its user, or null when there was none to revoke. */
export const revokeGrant = (db: DbExecutor, source: string, sourceRef: string, now: number): Promise<number | null> =>
  atomically(db, async (trx) => {
    const row = await trx
      .updateTable('membership_grants')
      .set({ revoked_at: now })
      .where('source', '=', source)
      .where('source_ref', '=', sourceRef)
      .where('revoked_at', 'is', null)
      .returning('user_id')
      .executeTakeFirst();
    if (!row) return null;
    await refreshMemberState(trx, row.user_id);
    return row.user_id;
  });

/** The user's unrevoked grants in the order they were made: the ledger a re-stack replays. */
export const activeGrants = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('membership_grants')
    .select(['id', 'starts_at', 'ends_at', 'created_at', 'grant_months', 'grant_days'])
    .where('user_id', '=', userId)
    .where(isStandingGrant)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** Moves one grant (a re-stack after a refund). */
export const moveGrant = (db: DbExecutor, id: number, startsAt: number, endsAt: number): Promise<void> =>
  atomically(db, async (trx) => {
    const row = await trx
      .updateTable('membership_grants')
      .set({ starts_at: startsAt, ends_at: endsAt })
      .where('id', '=', id)
      .returning('user_id')
      .executeTakeFirst();
    if (row) await refreshMemberState(trx, row.user_id);
  });
