import type { DbExecutor } from '../../db/database.js';
import type { PaymentOrdersTable } from '../../db/schema.js';

export interface OrderFilter {
  provider?: PaymentOrdersTable['provider'] | undefined;
  status?: PaymentOrdersTable['status'] | undefined;
  from?: number | undefined;
  to?: number | undefined;
  /** Matched against the user's uuid or (lower-cased) name. */
  userUuid?: string | undefined;
  usernameKey?: string | undefined;
}

function filtered(db: DbExecutor, filter: OrderFilter) {
  let query = db.selectFrom('payment_orders as o').innerJoin('users as u', 'u.id', 'o.user_id');
  if (filter.provider) query = query.where('o.provider', '=', filter.provider);
  if (filter.status) query = query.where('o.status', '=', filter.status);
  if (filter.from !== undefined) query = query.where('o.created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('o.created_at', '<', filter.to);
  if (filter.userUuid !== undefined || filter.usernameKey !== undefined) {
    query = query.where((eb) =>
      eb.or([
        ...(filter.userUuid !== undefined ? [eb('u.uuid', '=', filter.userUuid)] : []),
        ...(filter.usernameKey !== undefined ? [eb('u.username_key', '=', filter.usernameKey)] : []),
      ]),
    );
  }
  return query;
}

const ORDER_COLUMNS = [
  'o.order_id',
  'o.provider',
  'o.plan',
  'o.months',
  'o.amount_fen',
  'o.currency',
  'o.status',
  'o.created_at',
  'o.paid_at',
  'o.refunded_at',
  'o.provider_txn_id',
  'o.provider_payment_id',
  'o.user_id',
  'u.uuid as user_uuid',
  'u.username',
] as const;

export async function listOrders(db: DbExecutor, filter: OrderFilter, page: number, pageSize: number) {
  const [rows, total] = await Promise.all([
    filtered(db, filter)
      .select(ORDER_COLUMNS)
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(pageSize)
      .offset(page * pageSize)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
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
