import { PostgresAdapter, sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import type { UsersTable } from '../../db/schema.js';
import { COUNT_LIMIT } from '../../lib/list-cursor.js';
import { letOthersRun } from '../../lib/concurrency.js';

export interface UserListFilter {
  role?: 'user' | 'admin' | undefined;
  state?: 'active' | 'disabled' | undefined;
  member?: 'yes' | 'no' | undefined;
  now: number;
}

/**
 * The order of the reader list: newest account first (`id`), or, for a search, user names from
 * the given prefix on (`name`, a range on username_key, which is lower-cased). Both are one index
 * range on either database, so a page reads only its own rows.
 */
export type ReaderOrder = { by: 'id' } | { by: 'name'; prefix: string };
export type ReaderKey = number | string;

/** Readers one filtered statement examines at most, and statements one request runs at most. */
export const SCAN_WINDOW = 2_000;
export const MAX_WINDOWS = 10;
/** Readers the filtered count examines past the page (one statement). */
export const COUNT_WINDOW = 5_000;

// The highest code point: every key that starts with the prefix sorts below prefix + it (bytes
// on SQLite and in PostgreSQL's "C" collation both follow code points).
const AFTER_EVERY_SUFFIX = String.fromCodePoint(0x10ffff);

const isPostgres = (db: DbExecutor) => db.getExecutor().adapter instanceof PostgresAdapter;
/** username_key compared by code point: SQLite's default; on PostgreSQL through users_username_key_c_idx. */
const nameKey = (db: DbExecutor) => (isPostgres(db) ? sql<string>`u.username_key COLLATE "C"` : sql<string>`u.username_key`);

/** The readers in the list's order from after `after`, before any filter: an index range. */
function ordered(db: DbExecutor, order: ReaderOrder, after: ReaderKey | null) {
  let query = db.selectFrom('users as u');
  if (order.by === 'id') {
    if (after !== null) query = query.where('u.id', '<', Number(after));
    return query.orderBy('u.id', 'desc');
  }
  const key = nameKey(db);
  query = query.where(key, '>=', order.prefix).where(key, '<', order.prefix + AFTER_EVERY_SUFFIX);
  if (after !== null) query = query.where(key, '>', String(after));
  return query.orderBy(key);
}

const hasFilters = (filter: UserListFilter) => Boolean(filter.role || filter.state || filter.member);

/** The role, state and membership filters, as one condition on the users table `u`. */
function filtersOf(filter: UserListFilter) {
  return (eb: ExpressionBuilder<{ u: Pick<UsersTable, 'role' | 'disabled_at' | 'member_until'> }, 'u'>) => {
    const terms: Expression<SqlBool>[] = [];
    if (filter.role) terms.push(eb('u.role', '=', filter.role));
    if (filter.state === 'active') terms.push(eb('u.disabled_at', 'is', null));
    if (filter.state === 'disabled') terms.push(eb('u.disabled_at', 'is not', null));
    if (filter.member === 'yes') terms.push(eb('u.member_until', '>', filter.now));
    if (filter.member === 'no') terms.push(eb.or([eb('u.member_until', 'is', null), eb('u.member_until', '<=', filter.now)]));
    return eb.and(terms);
  };
}

/** A reader's own columns that the list shows (never the password hash). */
const READER_COLUMNS = ['u.id', 'u.uuid', 'u.username', 'u.username_key', 'u.role', 'u.created_at', 'u.disabled_at'] as const;

/** What the filters and the list's columns read from a window of readers. */
const WINDOW_COLUMNS = [...READER_COLUMNS, 'u.invited_by', 'u.member_until'] as const;

const SUMMARY_COLUMNS = [
  ...READER_COLUMNS,
  'inviter.username as invited_by_name',
  // The end of the latest unrevoked grant: maintained with every grant write
  // (membership/member-state.repository.ts) and indexed, not a MAX over the user's grants.
  'u.member_until as membership_end',
] as const;

/**
 * Up to `limit` matching readers among the SCAN_WINDOW readers after `after` (a window of the
 * order's index, then the filters): a bounded statement however rare the matches are.
 */
function matchesInWindow(db: DbExecutor, order: ReaderOrder, filter: UserListFilter, after: ReaderKey | null, limit: number) {
  const window = ordered(db, order, after).select(WINDOW_COLUMNS).limit(SCAN_WINDOW);
  let query = db
    .selectFrom(window.as('u'))
    .leftJoin('users as inviter', 'inviter.id', 'u.invited_by')
    .select(SUMMARY_COLUMNS)
    .where(filtersOf(filter));
  query =
    order.by === 'id'
      ? query.orderBy('u.id', 'desc')
      : query.orderBy(isPostgres(db) ? sql`u.username_key COLLATE "C"` : sql`u.username_key`);
  return query.limit(limit).execute();
}

/** The key of the last reader of the window after `after`; null when the window reaches the end. */
async function windowEnd(db: DbExecutor, order: ReaderOrder, after: ReaderKey | null): Promise<ReaderKey | null> {
  const row = await ordered(db, order, after)
    .select(['u.id', 'u.username_key'])
    .limit(1)
    .offset(SCAN_WINDOW - 1)
    .executeTakeFirst();
  if (!row) return null;
  return order.by === 'id' ? row.id : row.username_key;
}

const keyOf = (order: ReaderOrder, row: { id: number; username_key: string }): ReaderKey => (order.by === 'id' ? row.id : row.username_key);

/**
 * One page of the reader list from `start`: after a cursor's key, or `skip` readers into the list
 * (bounded by the caller). Without filters it is one index range. With role, state or membership
 * filters no index gives both the filter and the order, so the list is read in windows of
 * SCAN_WINDOW readers (at most MAX_WINDOWS a request, yielding between them): a page can come back
 * short, with a cursor that goes on where the reading stopped.
 *
 * Returns the rows, the key the next page starts after (null at the end), and how many match past
 * the page (capped; `countIsLowerBound` when the count did not reach the end).
 */
export async function listUsersForAdmin(
  db: DbExecutor,
  order: ReaderOrder,
  filter: UserListFilter,
  start: { after: ReaderKey | null; skip: number },
  pageSize: number,
) {
  type Row = Awaited<ReturnType<typeof matchesInWindow>>[number];
  let rows: Row[];
  let nextAfter: ReaderKey | null;
  if (!hasFilters(filter)) {
    rows = await ordered(db, order, start.after)
      .leftJoin('users as inviter', 'inviter.id', 'u.invited_by')
      .select(SUMMARY_COLUMNS)
      .limit(pageSize)
      .offset(start.skip)
      .execute();
    nextAfter = rows.length === pageSize ? keyOf(order, rows[rows.length - 1]!) : null;
  } else {
    rows = [];
    let skip = start.skip;
    let after = start.after;
    nextAfter = null;
    for (let window = 0; window < MAX_WINDOWS; window++) {
      if (window > 0) await letOthersRun();
      const found = await matchesInWindow(db, order, filter, after, skip + pageSize - rows.length);
      rows.push(...found.slice(skip));
      skip = Math.max(0, skip - found.length);
      if (rows.length === pageSize) {
        nextAfter = keyOf(order, rows[rows.length - 1]!);
        break;
      }
      // Go on after this window; at the end of the list there is no next page.
      after = await windowEnd(db, order, after);
      nextAfter = after;
      if (after === null) break;
    }
  }
  const past = nextAfter === null ? { counted: 0, lowerBound: false } : await countAfter(db, order, filter, nextAfter);
  return { rows, nextAfter, countedPast: past.counted, countIsLowerBound: past.lowerBound };
}

/**
 * Readers past `after` that match, counted cheaply: without filters up to COUNT_LIMIT of them (an
 * index range); with filters among the next COUNT_WINDOW readers only.
 */
async function countAfter(db: DbExecutor, order: ReaderOrder, filter: UserListFilter, after: ReaderKey) {
  if (!hasFilters(filter)) {
    const row = await db
      .selectFrom(ordered(db, order, after).select('u.id').limit(COUNT_LIMIT).as('counted'))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return { counted: Number(row.n), lowerBound: Number(row.n) >= COUNT_LIMIT };
  }
  const row = await db
    .selectFrom(ordered(db, order, after).select(WINDOW_COLUMNS).limit(COUNT_WINDOW).as('u'))
    .select((eb) => [
      eb.fn.countAll<number | string>().as('examined'),
      eb.fn.sum<number | string | null>(eb.case().when(filtersOf(filter)(eb)).then(1).else(0).end()).as('matched'),
    ])
    .executeTakeFirstOrThrow();
  const matched = Number(row.matched ?? 0);
  return { counted: matched, lowerBound: Number(row.examined) >= COUNT_WINDOW || matched >= COUNT_LIMIT };
}

/** One reader by uuid (exact: the unique index), with the same columns as the list. */
export const findUserForList = (db: DbExecutor, uuid: string, filter: UserListFilter) =>
  db
    .selectFrom('users as u')
    .leftJoin('users as inviter', 'inviter.id', 'u.invited_by')
    .select(SUMMARY_COLUMNS)
    .where('u.uuid', '=', uuid)
    .where(filtersOf(filter))
    .execute();

function listQuery(db: DbExecutor, uuid: string) {
  return db.selectFrom('users as u').leftJoin('users as inviter', 'inviter.id', 'u.invited_by').where('u.uuid', '=', uuid);
}

export const findUserSummary = (db: DbExecutor, uuid: string) =>
  listQuery(db, uuid)
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
    .select(['order_id', 'provider', 'plan', 'months', 'coins', 'bonus_coins', 'amount_fen', 'status', 'created_at', 'paid_at'])
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

/** A reader's address and when it was confirmed (the console's e-mail panel). */
export const findEmailOf = (db: DbExecutor, userId: number) =>
  db.selectFrom('users').select(['email', 'email_confirmed_at']).where('id', '=', userId).executeTakeFirstOrThrow();

/** What an address change needs of the account: its name, current address and language. */
export const findAddressHolder = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'email_confirmed_at', 'language'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
