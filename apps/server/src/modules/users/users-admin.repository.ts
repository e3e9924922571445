import { PostgresAdapter, sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';

export interface UserListFilter {
  q?: string;
  uuid?: string;
  role?: 'user' | 'admin';
  state?: 'active' | 'disabled';
  member?: 'yes' | 'no';
  now: number;
}

/** LIKE pattern that matches the text literally (`%`, `_` and `\` escaped). */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function listQuery(db: DbExecutor, filter: UserListFilter) {
  let query = db.selectFrom('users as u').leftJoin('users as inviter', 'inviter.id', 'u.invited_by');
  if (filter.uuid) query = query.where('u.uuid', '=', filter.uuid);
  else if (filter.q) query = query.where(sql<boolean>`u.username_key LIKE ${containsPattern(filter.q)} ESCAPE '\\'`);
  if (filter.role) query = query.where('u.role', '=', filter.role);
  if (filter.state === 'active') query = query.where('u.disabled_at', 'is', null);
  if (filter.state === 'disabled') query = query.where('u.disabled_at', 'is not', null);
  if (filter.member === 'yes') query = query.where('u.member_until', '>', filter.now);
  if (filter.member === 'no')
    query = query.where((eb) => eb.or([eb('u.member_until', 'is', null), eb('u.member_until', '<=', filter.now)]));
  return query;
}

export async function listUsersForAdmin(db: DbExecutor, filter: UserListFilter, page: number, pageSize: number) {
  const base = listQuery(db, filter);
  const rows = await base
    .select([
      'u.id',
      'u.uuid',
      'u.username',
      'u.role',
      'u.created_at',
      'u.disabled_at',
      'inviter.username as invited_by_name',
      // The end of the latest unrevoked grant: maintained with every grant write
      // (membership/member-state.repository.ts) and indexed, not a MAX over the user's grants.
      'u.member_until as membership_end',
    ])
    .orderBy('u.id', 'desc')
    .limit(pageSize)
    .offset(page * pageSize)
    .execute();
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return { rows, total: Number(count?.n ?? 0) };
}

export const findUserSummary = (db: DbExecutor, uuid: string, now: number) =>
  listQuery(db, { uuid, now })
    .select([
      'u.id',
      'u.uuid',
      'u.username',
      'u.role',
      'u.created_at',
      'u.disabled_at',
      'u.invited_by',
      'inviter.uuid as invited_by_uuid',
      'inviter.username as invited_by_name',
      // The end of the latest unrevoked grant: maintained with every grant write
      // (membership/member-state.repository.ts) and indexed, not a MAX over the user's grants.
      'u.member_until as membership_end',
    ])
    .executeTakeFirst();

export type UserSummaryRow = NonNullable<Awaited<ReturnType<typeof findUserSummary>>>;

export const listGrants = (db: DbExecutor, userId: number) =>
  db.selectFrom('membership_grants').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();

export const listOrders = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('payment_orders')
    .select(['order_id', 'provider', 'plan', 'amount_fen', 'status', 'created_at', 'paid_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(500)
    .execute();

/** Users invited by any of these, with whether they ever paid (an order paid or refunded later). */
export async function listInvitees(db: DbExecutor, inviterIds: number[]) {
  if (inviterIds.length === 0) return [];
  return db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.uuid',
      'u.username',
      'u.created_at',
      'u.invited_by',
      (eb) =>
        eb
          .exists(eb.selectFrom('payment_orders as o').select('o.id').whereRef('o.user_id', '=', 'u.id').where('o.paid_at', 'is not', null))
          .as('has_paid'),
    ])
    .where('u.invited_by', 'in', inviterIds)
    .orderBy('u.id')
    .limit(1000)
    .execute();
}

export const listRedemptions = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('coupon_redemptions as r')
    .innerJoin('coupons as c', 'c.id', 'r.coupon_id')
    .select(['c.code', 'r.created_at'])
    .where('r.user_id', '=', userId)
    .orderBy('r.created_at', 'desc')
    .execute();

/**
 * Disabling also bumps the token version, so the tokens issued before stay revoked for good:
 * enabling the account again only lets it log in afresh.
 */
export const setDisabledAt = (db: DbExecutor, userId: number, disabledAt: number | null) =>
  db
    .updateTable('users')
    .set(disabledAt === null ? { disabled_at: null } : { disabled_at: disabledAt, token_version: sql`token_version + 1` })
    .where('id', '=', userId)
    .execute();

/**
 * Locks every active admin row (FOR UPDATE on PostgreSQL; SQLite's write transaction serialises
 * anyway) and returns their ids: a demotion or disabling checks "another admin remains" under it.
 */
export async function lockActiveAdmins(db: DbExecutor): Promise<number[]> {
  let query = db.selectFrom('users').select('id').where('role', '=', 'admin').where('disabled_at', 'is', null).orderBy('id');
  if (db.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  const rows = await query.execute();
  return rows.map((r) => r.id);
}
