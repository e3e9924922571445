import { PostgresAdapter, sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import { DAY_MS } from '../../lib/time.js';
import { latestGrantEndOf, numberOrNull, isStandingGrant } from './membership-end.js';

/**
 * Membership state the console reads without grouping the grants ledger (issue 27):
 * - users.member_since: created_at of the user's first grant that still stands (unrevoked);
 * - users.member_until: the end of the user's last standing grant (null: none, or all revoked);
 * - member_days: per UTC day, how many users have their member_since on it (new_members) and
 *   how many have their member_until on it (memberships_ending).
 * Every write to membership_grants (membership.repository.ts) calls refreshMemberState for its
 * user in the same transaction, so the three stay equal to a recomputation from the grants.
 */

/** Days since 1970-01-01 UTC, the key of member_days (the same integer division the SQL uses). */
export const utcDay = (epochMs: number): number => Math.floor(epochMs / DAY_MS);

/**
 * Taken on PostgreSQL before the first member_days write of a transaction and held to its end.
 * member_days rows are shared by all users; a transaction that changes two users (a payment and
 * its invite reward) writes them twice, and two such transactions could each hold one day's row
 * and wait for the other's. With this lock the order is always: users' rows, then this lock, then
 * member_days rows, so no cycle can form. It only covers the tail of membership writes.
 */
const MEMBER_DAYS_LOCK_KEY = 2_700_027;

/** Runs `work` in the caller's transaction, or in a new one when given the pool. */
export const atomically = <T>(db: DbExecutor, work: (trx: DbExecutor) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db) : db.transaction().execute(work);

const isPostgres = (db: DbExecutor) => db.getExecutor().adapter instanceof PostgresAdapter;

export interface MemberState {
  since: number | null;
  until: number | null;
}

/** What the grants say now: an indexed read of one user's grants (membership_grants_user_idx). */
export async function computeMemberState(db: DbExecutor, userId: number): Promise<MemberState> {
  const row = await db
    .selectFrom('membership_grants')
    .select((eb) => [eb.fn.min<number | string | null>('created_at').as('since'), latestGrantEndOf(eb).as('until')])
    .where('user_id', '=', userId)
    .where(isStandingGrant)
    .executeTakeFirst();
  return { since: numberOrNull(row?.since), until: numberOrNull(row?.until) };
}

type DayDelta = { new_members: number; memberships_ending: number };

/** The member_days changes when a user's state moves from `before` to `after` (empty when no day changes). */
export function memberDayDeltas(before: MemberState, after: MemberState): Map<number, DayDelta> {
  const deltas = new Map<number, DayDelta>();
  const add = (at: number | null, field: keyof DayDelta, n: number) => {
    if (at === null) return;
    const day = utcDay(at);
    const delta = deltas.get(day) ?? { new_members: 0, memberships_ending: 0 };
    delta[field] += n;
    deltas.set(day, delta);
  };
  add(before.since, 'new_members', -1);
  add(after.since, 'new_members', 1);
  add(before.until, 'memberships_ending', -1);
  add(after.until, 'memberships_ending', 1);
  for (const [day, delta] of deltas) if (delta.new_members === 0 && delta.memberships_ending === 0) deltas.delete(day);
  return deltas;
}

/**
 * Adds the deltas to member_days in one statement, days in ascending order, each an atomic
 * `n = n + excluded.n` upsert (safe against concurrent writers on PostgreSQL).
 */
export async function addMemberDays(db: DbExecutor, deltas: Map<number, DayDelta>): Promise<void> {
  if (deltas.size === 0) return;
  if (isPostgres(db)) await sql`SELECT pg_advisory_xact_lock(${MEMBER_DAYS_LOCK_KEY})`.execute(db);
  const rows = [...deltas].sort(([a], [b]) => a - b).map(([day, delta]) => ({ day, ...delta }));
  await db
    .insertInto('member_days')
    .values(rows)
    .onConflict((oc) =>
      oc.column('day').doUpdateSet((eb) => ({
        new_members: sql<number>`${eb.ref('member_days.new_members')} + ${eb.ref('excluded.new_members')}`,
        memberships_ending: sql<number>`${eb.ref('member_days.memberships_ending')} + ${eb.ref('excluded.memberships_ending')}`,
      })),
    )
    .execute();
}

/**
 * Recomputes one user's member_since/member_until from their grants and moves their days in
 * member_days. Must run in the transaction that changed the grants. It locks the user's row
 * itself (FOR NO KEY UPDATE on PostgreSQL; SQLite's write lock is already held), so a caller that did not
 * take lockUserMembership still reads the state the previous writer committed.
 */
export async function refreshMemberState(db: DbExecutor, userId: number): Promise<MemberState> {
  let current = db.selectFrom('users').select(['member_since', 'member_until']).where('id', '=', userId);
  // NO KEY UPDATE, the lock lockUserMembership's update takes: FOR UPDATE would also wait for the
  // key-share locks that foreign keys take (a coupon redemption naming this user), a deadlock.
  if (isPostgres(db)) current = current.forNoKeyUpdate();
  const row = await current.executeTakeFirst();
  if (!row) return { since: null, until: null };
  const before: MemberState = {
    since: row.member_since == null ? null : Number(row.member_since),
    until: row.member_until == null ? null : Number(row.member_until),
  };
  const after = await computeMemberState(db, userId);
  if (before.since === after.since && before.until === after.until) return after;
  await db.updateTable('users').set({ member_since: after.since, member_until: after.until }).where('id', '=', userId).execute();
  await addMemberDays(db, memberDayDeltas(before, after));
  return after;
}

const REBUILD_BATCH = 1000;

/**
 * Recomputes every user's member_since/member_until and rewrites member_days, users by id in
 * batches (an index range of the grants per batch). For data loaded in bulk around the writers
 * (a benchmark's or a test's generator) and for repair; not while grants are being written (a
 * concurrent grant's day moves could be overwritten by the final rewrite of member_days).
 */
export async function rebuildMemberState(db: DbExecutor): Promise<void> {
  const days = new Map<number, DayDelta>();
  const count = (at: number | null, field: keyof DayDelta) => {
    if (at === null) return;
    const day = utcDay(at);
    const entry = days.get(day) ?? { new_members: 0, memberships_ending: 0 };
    entry[field] += 1;
    days.set(day, entry);
  };
  for (let afterId = 0; ;) {
    const users = await db
      .selectFrom('users')
      .select(['id', 'member_since', 'member_until'])
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(REBUILD_BATCH)
      .execute();
    if (users.length === 0) break;
    const lastId = users[users.length - 1]!.id;
    const states = await db
      .selectFrom('membership_grants')
      .select((eb) => ['user_id', eb.fn.min<number | string>('created_at').as('since'), latestGrantEndOf(eb).as('until')])
      .where('user_id', '>', afterId)
      .where('user_id', '<=', lastId)
      .where(isStandingGrant)
      .groupBy('user_id')
      .execute();
    const byUser = new Map(states.map((s) => [Number(s.user_id), { since: Number(s.since), until: Number(s.until) }]));
    for (const user of users) {
      const state = byUser.get(user.id) ?? { since: null, until: null };
      count(state.since, 'new_members');
      count(state.until, 'memberships_ending');
      const stored = {
        since: user.member_since == null ? null : Number(user.member_since),
        until: user.member_until == null ? null : Number(user.member_until),
      };
      if (stored.since === state.since && stored.until === state.until) continue;
      await db.updateTable('users').set({ member_since: state.since, member_until: state.until }).where('id', '=', user.id).execute();
    }
    afterId = lastId;
  }
  await db.deleteFrom('member_days').execute();
  const rows = [...days].sort(([a], [b]) => a - b).map(([day, n]) => ({ day, ...n }));
  for (let i = 0; i < rows.length; i += REBUILD_BATCH)
    await db
      .insertInto('member_days')
      .values(rows.slice(i, i + REBUILD_BATCH))
      .execute();
}
