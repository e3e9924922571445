import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbExecutor } from '../src/db/database.js';
import * as revenueDaysMigration from '../src/db/migrations/2026-11-25T0240-revenue-days.js';
import { markPaidOnce, markRefundedOnce } from '../src/modules/payments/payments.repository.js';
import { rebuildRevenueDays } from '../src/modules/payments/revenue-days.repository.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

let ctx: TestContext;
let reader: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  reader = await createUser(ctx);
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;
// Two UTC midnights apart, with times just either side of a midnight.
const base = Date.UTC(2026, 10, 20);
let counter = 0;

async function pendingOrder(provider: 'wechat' | 'stripe' | 'sandbox', plan: 'month' | 'season', amount: number): Promise<string> {
  counter += 1;
  const orderId = `IREV${counter}`;
  await ctx.db
    .insertInto('payment_orders')
    .values({
      order_id: orderId,
      user_id: reader.id,
      provider,
      plan,
      months: plan === 'month' ? 1 : 3,
      amount_fen: amount,
      currency: 'CNY',
      status: 'pending',
      provider_txn_id: null,
      provider_payment_id: null,
      created_at: base - HOUR,
      paid_at: null,
      expires_at: base + HOUR,
      settled_at: null,
      refunded_at: null,
    })
    .execute();
  return orderId;
}

const pay = (orderId: string, at: number) => ctx.db.transaction().execute((trx) => markPaidOnce(trx, orderId, `txn-${orderId}`, null, at));
const refund = (orderId: string, at: number) => ctx.db.transaction().execute((trx) => markRefundedOnce(trx, orderId, at));

const rowKey = (r: { day: unknown; provider: unknown; plan: unknown; paid: unknown; refunded: unknown }) =>
  `${Number(r.day)}|${String(r.provider)}|${String(r.plan)}|${Number(r.paid)}|${Number(r.refunded)}`;

/** The table as stored, rows with nothing in them left out. */
async function storedTable(db: DbExecutor = ctx.db): Promise<string[]> {
  const rows = await db.selectFrom('revenue_days').select(['day', 'provider', 'plan', 'paid_amount', 'refunded_amount']).execute();
  return rows
    .filter((r) => Number(r.paid_amount) !== 0 || Number(r.refunded_amount) !== 0)
    .map((r) => rowKey({ day: r.day, provider: r.provider, plan: r.plan, paid: r.paid_amount, refunded: r.refunded_amount }))
    .sort();
}

/** The same figures grouped straight from payment_orders, independently of the code under test. */
async function recomputedFromOrders(): Promise<string[]> {
  const paid = await sql<{ day: string | number; provider: string; plan: string; amount: string | number }>`
    select paid_at / 86400000 as day, provider, plan, sum(amount_fen) as amount from payment_orders
    where status in ('paid', 'refunded') group by paid_at / 86400000, provider, plan`.execute(ctx.db);
  const refunded = await sql<{ day: string | number; provider: string; plan: string; amount: string | number }>`
    select refunded_at / 86400000 as day, provider, plan, sum(amount_fen) as amount from payment_orders
    where status = 'refunded' group by refunded_at / 86400000, provider, plan`.execute(ctx.db);
  const sums = new Map<string, { day: number; provider: string; plan: string; paid: number; refunded: number }>();
  const entry = (r: { day: string | number; provider: string; plan: string }) => {
    const key = `${Number(r.day)}|${r.provider}|${r.plan}`;
    const found = sums.get(key) ?? { day: Number(r.day), provider: r.provider, plan: r.plan, paid: 0, refunded: 0 };
    sums.set(key, found);
    return found;
  };
  for (const r of paid.rows) entry(r).paid += Number(r.amount);
  for (const r of refunded.rows) entry(r).refunded += Number(r.amount);
  return [...sums.values()].map(rowKey).sort();
}

describe('revenue_days', () => {
  it('follows payments, refunds and repeated notifications exactly', async () => {
    const a = await pendingOrder('wechat', 'month', 1000);
    const b = await pendingOrder('wechat', 'month', 1500);
    const c = await pendingOrder('stripe', 'season', 2700);
    const d = await pendingOrder('sandbox', 'month', 900);
    expect(await pay(a, base + 1000)).toBe(true);
    expect(await pay(b, base + 2 * HOUR)).toBe(true);
    expect(await pay(c, base - 1000)).toBe(true); // the day before
    expect(await pay(d, base + 3 * HOUR)).toBe(true);
    // The provider repeats its notification: the order was paid once, so it is counted once.
    expect(await pay(a, base + 4 * HOUR)).toBe(false);
    expect(await refund(b, base + 30 * HOUR)).toBe(true); // refunded the next day
    expect(await refund(b, base + 31 * HOUR)).toBe(false); // twice: counted once
    expect(await refund(c, base + 5 * HOUR)).toBe(true);
    // A refund of an unpaid order changes nothing.
    const e = await pendingOrder('wechat', 'season', 2700);
    expect(await refund(e, base + HOUR)).toBe(false);

    const day = Math.floor(base / 86_400_000);
    expect(await storedTable()).toEqual(
      [
        `${day - 1}|stripe|season|2700|0`,
        `${day}|stripe|season|0|2700`,
        `${day}|wechat|month|2500|0`,
        `${day}|sandbox|month|900|0`,
        `${day + 1}|wechat|month|0|1500`,
      ].sort(),
    );
    expect(await storedTable()).toEqual(await recomputedFromOrders());
  });

  it('refuses to change an order outside a transaction (the figures would not commit with it)', async () => {
    const f = await pendingOrder('wechat', 'month', 1000);
    await expect(markPaidOnce(ctx.db, f, 'txn-f', null, base)).rejects.toThrow(/transaction/);
    expect((await ctx.db.selectFrom('payment_orders').select('status').where('order_id', '=', f).executeTakeFirstOrThrow()).status).toBe(
      'pending',
    );
  });

  it.runIf(TEST_DIALECT === 'postgres')('stays exact under concurrent payments and refunds of the same day', async () => {
    const orders = await Promise.all(Array.from({ length: 12 }, (_, i) => pendingOrder('wechat', i % 2 ? 'month' : 'season', 100 + i)));
    // Every order paid by two racing notifications, all on the same day, provider and plans.
    const paid = await Promise.all(orders.flatMap((o) => [pay(o, base + 10 * HOUR), pay(o, base + 10 * HOUR + 1)]));
    expect(paid.filter(Boolean)).toHaveLength(orders.length);
    // Half refunded by two racing refunds each, while the other half's duplicate notifications arrive again.
    const refunds = await Promise.all([
      ...orders.slice(0, 6).flatMap((o) => [refund(o, base + 11 * HOUR), refund(o, base + 11 * HOUR)]),
      ...orders.slice(6).map((o) => pay(o, base + 11 * HOUR)),
    ]);
    expect(refunds.filter(Boolean)).toHaveLength(6);
    expect(await storedTable()).toEqual(await recomputedFromOrders());
  });

  it('rebuild and the migration backfill both equal the recomputation from the orders', async () => {
    const expected = await recomputedFromOrders();
    await ctx.db.deleteFrom('revenue_days').execute();
    await rebuildRevenueDays(ctx.db);
    expect(await storedTable()).toEqual(expected);
    // Down drops the table; up creates and backfills it from the orders.
    await revenueDaysMigration.down(ctx.db as unknown as Kysely<unknown>);
    await revenueDaysMigration.up(ctx.db as unknown as Kysely<unknown>);
    expect(await storedTable()).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
  });
});
