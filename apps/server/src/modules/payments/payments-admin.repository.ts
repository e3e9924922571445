import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import type { PaymentOrdersTable } from '../../db/schema.js';
import { COUNT_LIMIT } from '../../lib/list-cursor.js';

export interface OrderFilter {
  provider?: PaymentOrdersTable['provider'] | undefined;
  status?: PaymentOrdersTable['status'] | undefined;
  from?: number | undefined;
  to?: number | undefined;
  /** Matched against the user's uuid or (lower-cased) name. */
  userUuid?: string | undefined;
  usernameKey?: string | undefined;
}

/** The sort key of the orders list (newest first); `id` breaks ties between orders of one millisecond. */
export interface OrderKey {
  createdAt: number;
  id: number;
}

/**
 * The ids of the users a user filter names, each found by its unique index (uuid, username_key),
 * so the orders are then read through payment_orders_user_idx rather than by joining every user.
 */
async function usersNamed(db: DbExecutor, filter: OrderFilter): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([
        ...(filter.userUuid !== undefined ? [eb('uuid', '=', filter.userUuid)] : []),
        ...(filter.usernameKey !== undefined ? [eb('username_key', '=', filter.usernameKey)] : []),
      ]),
    )
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The filtered orders in the list's order. Each filter combination has an index whose columns end
 * in (created_at, id), so a page and its capped count read only the rows they return or count.
 */
function filtered(db: DbExecutor, filter: OrderFilter, userIds: number[] | null, after: OrderKey | null) {
  let query = db.selectFrom('payment_orders as o');
  if (userIds !== null) query = query.where('o.user_id', 'in', userIds);
  if (filter.provider) query = query.where('o.provider', '=', filter.provider);
  if (filter.status) query = query.where('o.status', '=', filter.status);
  if (filter.from !== undefined) query = query.where('o.created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('o.created_at', '<', filter.to);
  // A row-value comparison: both databases turn it into one range on the (…, created_at, id) index.
  if (after) query = query.where(sql<boolean>`(o.created_at, o.id) < (${after.createdAt}, ${after.id})`);
  return query.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc');
}

const ORDER_COLUMNS = [
  'o.id',
  'o.order_id',
  'o.provider',
  'o.plan',
  'o.months',
  'o.coins',
  'o.bonus_coins',
  'o.amount_fen',
  'o.currency',
  'o.status',
  'o.created_at',
  'o.paid_at',
  'o.refunded_at',
  'o.provider_txn_id',
  'o.provider_payment_id',
  'o.gift',
  'o.user_id',
  'u.uuid as user_uuid',
  'u.username',
] as const;

/**
 * One page of orders, after `start.after` (keyset) or at `start.offset` (bounded by the caller),
 * and how many orders there are from the page's start, counted up to COUNT_LIMIT only.
 */
export async function listOrders(db: DbExecutor, filter: OrderFilter, start: { after: OrderKey } | { offset: number }, pageSize: number) {
  const userIds = filter.userUuid !== undefined || filter.usernameKey !== undefined ? await usersNamed(db, filter) : null;
  if (userIds?.length === 0) return { rows: [], countedFromStart: 0 };
  const after = 'after' in start ? start.after : null;
  const offset = 'offset' in start ? start.offset : 0;
  const [rows, counted] = await Promise.all([
    filtered(db, filter, userIds, after)
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .select(ORDER_COLUMNS)
      .limit(pageSize)
      .offset(offset)
      .execute(),
    db
      .selectFrom(filtered(db, filter, userIds, after).select('o.id').limit(COUNT_LIMIT).offset(offset).as('counted'))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, countedFromStart: Number(counted.n) };
}

export type AdminOrderRow = Awaited<ReturnType<typeof listOrders>>['rows'][number];

export const findOrderWithUser = (db: DbExecutor, orderId: string) =>
  db
    .selectFrom('payment_orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(ORDER_COLUMNS)
    .where('o.order_id', '=', orderId)
    .executeTakeFirst();

/** The grant the order bought (revoked or not). */
export const findOrderGrant = (db: DbExecutor, provider: string, orderId: string) =>
  db
    .selectFrom('membership_grants')
    .select(['source', 'starts_at', 'ends_at', 'revoked_at'])
    .where('source', '=', provider)
    .where('source_ref', '=', orderId)
    .executeTakeFirst();

export async function deleteEvent(db: DbExecutor, provider: string, eventId: string): Promise<void> {
  await db.deleteFrom('payment_events').where('provider', '=', provider).where('event_id', '=', eventId).execute();
}

/** Re-dates an event recorded before `staleBefore`; false when it is younger (someone else holds it). */
export async function takeOverStaleEvent(db: DbExecutor, provider: string, eventId: string, staleBefore: number, now: number) {
  const result = await db
    .updateTable('payment_events')
    .set({ received_at: now })
    .where('provider', '=', provider)
    .where('event_id', '=', eventId)
    .where('received_at', '<', staleBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Issue 59: a gift order's code row and who redeemed it. */
export const findOrderGift = (db: DbExecutor, orderId: string) =>
  db
    .selectFrom('gift_codes as g')
    .leftJoin('users as r', 'r.id', 'g.redeemed_by')
    .select(['g.redeemed_at', 'g.cancelled_at', 'r.uuid as redeemer_uuid', 'r.username as redeemer_username'])
    .where('g.order_id', '=', orderId)
    .executeTakeFirst();
