import type { Insertable } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import type { PaymentOrdersTable } from '../../db/schema.js';
import { addRevenue, revenueDayOf } from './revenue-days.repository.js';

export const insertOrder = (db: DbExecutor, order: Insertable<PaymentOrdersTable>) =>
  db.insertInto('payment_orders').values(order).execute();

/**
 * Inserts an order for a provider transaction unless one exists already (unique provider +
 * provider_txn_id); two deliveries racing for the same transaction then insert one row between them.
 */
export async function insertOrderUnlessTxnExists(db: DbExecutor, order: Insertable<PaymentOrdersTable>): Promise<void> {
  await db
    .insertInto('payment_orders')
    .values(order)
    .onConflict((oc) => oc.columns(['provider', 'provider_txn_id']).doNothing())
    .execute();
}

export const findOrder = (db: DbExecutor, orderId: string) =>
  db.selectFrom('payment_orders').selectAll().where('order_id', '=', orderId).executeTakeFirst();

/**
 * The daily revenue figures (revenue_days) change with the order's status, in the same
 * transaction: a caller outside one could commit the status without the figures.
 */
function requireTransaction(db: DbExecutor, writer: string): void {
  if (!db.isTransaction) throw new Error(`${writer} must run inside a transaction (it writes the order and revenue_days together)`);
}

/**
 * Marks an open order paid, once: a conditional UPDATE, so of two notifications racing for the
 * same order exactly one sees the row change (row lock on PostgreSQL, write transaction on
 * SQLite). An expired or failed order can still be paid: the provider says the payer did pay.
 * Only that one adds the amount to the day's paid revenue, so a repeated notification counts once.
 */
export async function markPaidOnce(
  db: DbExecutor,
  orderId: string,
  providerTxnId: string,
  providerPaymentId: string | null,
  now: number,
): Promise<boolean> {
  requireTransaction(db, 'markPaidOnce');
  const changed = await db
    .updateTable('payment_orders')
    .set({ status: 'paid', paid_at: now, settled_at: now, provider_txn_id: providerTxnId, provider_payment_id: providerPaymentId })
    .where('order_id', '=', orderId)
    .where('status', 'in', ['pending', 'expired', 'failed'])
    .returning(['provider', 'plan', 'amount_fen'])
    .executeTakeFirst();
  if (!changed) return false;
  await addRevenue(db, [
    { day: revenueDayOf(now), provider: changed.provider, plan: changed.plan, paid_amount: Number(changed.amount_fen), refunded_amount: 0 },
  ]);
  return true;
}

/** The order's provider and plan when it was pending and now is not; undefined when it was not pending. */
export async function markIfPending(
  db: DbExecutor,
  orderId: string,
  status: 'failed' | 'expired',
): Promise<{ provider: string; plan: string } | undefined> {
  return db
    .updateTable('payment_orders')
    .set({ status })
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .returning(['provider', 'plan'])
    .executeTakeFirst();
}

/**
 * A paid order becomes refunded once; false when it was not paid (or refunded already). Only the
 * refund that changed the order adds its amount to the day's refunded revenue.
 */
export async function markRefundedOnce(db: DbExecutor, orderId: string, now: number): Promise<boolean> {
  requireTransaction(db, 'markRefundedOnce');
  const changed = await db
    .updateTable('payment_orders')
    .set({ status: 'refunded', refunded_at: now })
    .where('order_id', '=', orderId)
    .where('status', '=', 'paid')
    .returning(['provider', 'plan', 'amount_fen'])
    .executeTakeFirst();
  if (!changed) return false;
  await addRevenue(db, [
    { day: revenueDayOf(now), provider: changed.provider, plan: changed.plan, paid_amount: 0, refunded_amount: Number(changed.amount_fen) },
  ]);
  return true;
}

/**
 * The provider confirmed an unpaid order is over (closed, failed, never created there): it is
 * final and reconciliation stops asking. A paid order is never touched.
 */
export async function settleUnpaid(
  db: DbExecutor,
  orderId: string,
  status: 'failed' | 'expired',
  now: number,
): Promise<{ provider: string; plan: string } | undefined> {
  // A pending order ends here (what the metrics count); one expired or failed before is only settled.
  const ended = await db
    .updateTable('payment_orders')
    .set({ status, settled_at: now })
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .returning(['provider', 'plan'])
    .executeTakeFirst();
  if (ended) return ended;
  await db
    .updateTable('payment_orders')
    .set({ status, settled_at: now })
    .where('order_id', '=', orderId)
    .where('status', 'in', ['pending', 'expired', 'failed'])
    .execute();
  return undefined;
}

/** Orders of `provider` whose outcome the provider has not confirmed yet, created before `createdBefore`. */
export const unsettledOrders = (db: DbExecutor, provider: PaymentOrdersTable['provider'], createdBefore: number, limit: number) =>
  db
    .selectFrom('payment_orders')
    .selectAll()
    .where('provider', '=', provider)
    .where('status', 'in', ['pending', 'expired', 'failed'])
    .where('settled_at', 'is', null)
    // A contract's deduction (issue 59) is no QR order: its result comes by notification, and the
    // contract job asks again or calls in an operator (wechat-contracts.ts).
    .where('subscription_id', 'is', null)
    .where('created_at', '<=', createdBefore)
    .orderBy('created_at')
    .limit(limit)
    .execute();

export const findOrderByPayment = (db: DbExecutor, provider: PaymentOrdersTable['provider'], paymentId: string) =>
  db
    .selectFrom('payment_orders')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_payment_id', '=', paymentId)
    .executeTakeFirst();

export const findOrderByTxn = (db: DbExecutor, provider: PaymentOrdersTable['provider'], txnId: string) =>
  db.selectFrom('payment_orders').selectAll().where('provider', '=', provider).where('provider_txn_id', '=', txnId).executeTakeFirst();

export async function countPaidOrders(db: DbExecutor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('payment_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    // A gift (issue 59) pays for someone else: it earns and keeps no invite reward.
    .where('gift', '=', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export const findInviter = async (db: DbExecutor, userId: number) =>
  (await db.selectFrom('users').select('invited_by').where('id', '=', userId).executeTakeFirst())?.invited_by ?? null;

/** Names the provider's payment of an order that was paid without one (a subscription's first invoice). */
export const fillPaymentId = (db: DbExecutor, orderId: string, paymentId: string) =>
  db
    .updateTable('payment_orders')
    .set({ provider_payment_id: paymentId })
    .where('order_id', '=', orderId)
    .where('provider_payment_id', 'is', null)
    .execute();

/** The plan of the reader's latest paid one-time membership order (not a gift, not a renewal), if any. */
export async function latestOneTimePlanOf(db: DbExecutor, userId: number): Promise<'month' | 'season' | null> {
  const row = await db
    .selectFrom('payment_orders')
    .select('plan')
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    .where('gift', '=', 0)
    .where('subscription_id', 'is', null)
    .where('plan', 'in', ['month', 'season'])
    .orderBy('paid_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? (row.plan as 'month' | 'season') : null;
}
