import type { Insertable } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import type { PaymentOrdersTable } from '../../db/schema.js';

export const insertOrder = (db: DbExecutor, order: Insertable<PaymentOrdersTable>) =>
  db.insertInto('payment_orders').values(order).execute();

export const findOrder = (db: DbExecutor, orderId: string) =>
  db.selectFrom('payment_orders').selectAll().where('order_id', '=', orderId).executeTakeFirst();

/**
 * Marks an open order paid, once: a conditional UPDATE, so of two notifications racing for the
 * same order exactly one sees the row change (row lock on PostgreSQL, write transaction on
 * SQLite). An expired order can still be paid: the payer did pay.
 */
export async function markPaidOnce(db: DbExecutor, orderId: string, providerTxnId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('payment_orders')
    .set({ status: 'paid', paid_at: now, provider_txn_id: providerTxnId })
    .where('order_id', '=', orderId)
    .where('status', 'in', ['pending', 'expired'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markIfPending(db: DbExecutor, orderId: string, status: 'failed' | 'expired'): Promise<void> {
  await db.updateTable('payment_orders').set({ status }).where('order_id', '=', orderId).where('status', '=', 'pending').execute();
}

export async function countPaidOrders(db: DbExecutor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('payment_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export const findInviter = async (db: DbExecutor, userId: number) =>
  (await db.selectFrom('users').select('invited_by').where('id', '=', userId).executeTakeFirst())?.invited_by ?? null;
