import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import type { PaymentOrdersTable } from '../../db/schema.js';
import { DAY_MS } from '../../lib/time.js';

/**
 * revenue_days: paid and refunded amounts per UTC day (epoch ms / 86400000), provider and plan, so
 * the dashboard reads one row per day of its window instead of grouping every order in it.
 * Kept exact by the two order-status writers (payments.repository.ts markPaidOnce /
 * markRefundedOnce), in their transaction, only when their conditional update changed the order.
 */

type Provider = PaymentOrdersTable['provider'];
type Plan = PaymentOrdersTable['plan'];

export interface RevenueDelta {
  day: number;
  provider: Provider;
  plan: Plan;
  paid_amount: number;
  refunded_amount: number;
}

const REBUILD_BATCH = 1000;

export const revenueDayOf = (epochMs: number): number => Math.floor(epochMs / DAY_MS);

/**
 * Adds to the rows of (day, provider, plan), creating them as needed. An upsert that adds to the
 * stored value: two transactions adding to the same day both count (PostgreSQL serialises them
 * on the row; SQLite has one writer). Rows must not repeat a key within one call.
 */
export async function addRevenue(db: DbExecutor, deltas: RevenueDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  await db
    .insertInto('revenue_days')
    .values(deltas)
    .onConflict((oc) =>
      oc.columns(['day', 'provider', 'plan']).doUpdateSet({
        paid_amount: sql`revenue_days.paid_amount + excluded.paid_amount`,
        refunded_amount: sql`revenue_days.refunded_amount + excluded.refunded_amount`,
      }),
    )
    .execute();
}

/** Paid (refunded) amounts of the days from `fromDay` on; rows whose amount is 0 are left out. */
export const revenueDaysFrom = (db: DbExecutor, fromDay: number) =>
  db.selectFrom('revenue_days').select(['day', 'provider', 'plan', 'paid_amount', 'refunded_amount']).where('day', '>=', fromDay).execute();

/**
 * Recomputes the table from payment_orders: for data loaded in bulk (demo/reader-population.ts),
 * which bypasses the order writers. Reads the orders by id in batches; the sums are per day, so
 * the table stays small whatever the number of orders.
 */
export async function rebuildRevenueDays(db: DbExecutor): Promise<void> {
  const sums = new Map<string, RevenueDelta>();
  const add = (at: number, provider: Provider, plan: Plan, field: 'paid_amount' | 'refunded_amount', amount: number) => {
    const day = revenueDayOf(at);
    const key = `${day}|${provider}|${plan}`;
    const entry = sums.get(key) ?? { day, provider, plan, paid_amount: 0, refunded_amount: 0 };
    entry[field] += amount;
    sums.set(key, entry);
  };
  for (let afterId = 0; ;) {
    const orders = await db
      .selectFrom('payment_orders')
      .select(['id', 'provider', 'plan', 'amount_fen', 'status', 'paid_at', 'refunded_at'])
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(REBUILD_BATCH)
      .execute();
    if (orders.length === 0) break;
    for (const order of orders) {
      // A refunded order was paid first: its amount counts on the day it was paid, and again as refunded.
      if ((order.status === 'paid' || order.status === 'refunded') && order.paid_at != null)
        add(Number(order.paid_at), order.provider, order.plan, 'paid_amount', Number(order.amount_fen));
      if (order.status === 'refunded' && order.refunded_at != null)
        add(Number(order.refunded_at), order.provider, order.plan, 'refunded_amount', Number(order.amount_fen));
    }
    afterId = orders[orders.length - 1]!.id;
  }
  await db.deleteFrom('revenue_days').execute();
  const rows = [...sums.values()];
  for (let i = 0; i < rows.length; i += REBUILD_BATCH) await addRevenue(db, rows.slice(i, i + REBUILD_BATCH));
}
