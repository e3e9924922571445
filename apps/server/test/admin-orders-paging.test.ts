import { describe, expect, it } from 'vitest';
import { createUser } from './helpers/factories.js';
import { useAdminPaging } from './helpers/admin-paging.js';
import { explainStatement, indexedPlan } from './helpers/plan-check.js';

// The orders list pages by keyset and counts at most 1,000 rows from the page's start, so a page
// costs the same at any number of orders (docs/ADMIN.md, docs/SCALING.md).

const env = useAdminPaging();
const { statements, get } = env;

const listOf = async (url: string) => {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    items: { order_id: string }[];
    total: number;
    total_is_lower_bound: boolean;
    next_cursor: string | null;
  };
};

type OrderSpec = { createdAt: number; status?: 'paid' | 'pending' | 'refunded'; provider?: 'sandbox' | 'wechat' | 'stripe' };
let serial = 0;

/** Inserts orders of `userId` directly (the list reads them as they are), in chunks the drivers accept. */
async function insertOrders(userId: number, specs: OrderSpec[]): Promise<{ orderId: string; createdAt: number; id: number }[]> {
  const values = specs.map((spec) => ({
    order_id: `ISPAGE${process.pid}X${++serial}`,
    user_id: userId,
    provider: spec.provider ?? 'sandbox',
    plan: 'month' as const,
    months: 1,
    amount_fen: 1000,
    currency: 'cny',
    status: spec.status ?? 'paid',
    provider_txn_id: null,
    provider_payment_id: null,
    created_at: spec.createdAt,
    paid_at: null,
    expires_at: spec.createdAt,
    settled_at: null,
    refunded_at: null,
  }));
  for (let at = 0; at < values.length; at += 250)
    await env.ctx.db
      .insertInto('payment_orders')
      .values(values.slice(at, at + 250))
      .execute();
  const rows = await env.ctx.db
    .selectFrom('payment_orders')
    .select(['order_id', 'created_at', 'id'])
    .where(
      'order_id',
      'in',
      values.map((v) => v.order_id),
    )
    .execute();
  return rows.map((row) => ({ orderId: row.order_id, createdAt: row.created_at, id: row.id }));
}

/** Newest first, ties by the larger id: the order the list promises. */
const newestFirst = (rows: { orderId: string; createdAt: number; id: number }[]) =>
  [...rows].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id).map((row) => row.orderId);

/** Every page from the first, following next_cursor; fails on a loop. */
async function walk(filter: string, pageSize: number) {
  const pages: Awaited<ReturnType<typeof listOf>>[] = [];
  let cursor: string | null = null;
  do {
    const page = await listOf(`/orders?${filter}&page_size=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`);
    pages.push(page);
    cursor = page.next_cursor;
    expect(pages.length).toBeLessThan(100);
  } while (cursor);
  return pages;
}

describe('orders list paging', () => {
  it('returns every order exactly once, newest first, across pages, orders of one millisecond included', async () => {
    const buyer = await createUser(env.ctx);
    const t = Date.now() - 3_600_000;
    const orders = await insertOrders(
      buyer.id,
      [t, t, t, t - 1, t - 1, t - 5, t, t - 5, t - 9].map((createdAt) => ({ createdAt })),
    );
    const pages = await walk(`user=${buyer.uuid}`, 2);
    expect(pages.map((page) => page.items.length)).toEqual([2, 2, 2, 2, 1]);
    expect(pages.flatMap((page) => page.items.map((item) => item.order_id))).toEqual(newestFirst(orders));
    // Each page says how many there are: the ones before it plus those counted from its start.
    expect(pages.map((page) => [page.total, page.total_is_lower_bound])).toEqual(Array(5).fill([9, false]));
    expect(pages.at(-1)!.next_cursor).toBeNull();

    // The compatible `page` parameter gives the same rows.
    const byPage = await listOf(`/orders?user=${buyer.uuid}&page_size=2&page=2`);
    expect(byPage.items.map((item) => item.order_id)).toEqual(pages[2]!.items.map((item) => item.order_id));
    expect(byPage.total).toBe(9);
    // A full last page has no next page.
    const exact = await walk(`user=${buyer.uuid}`, 3);
    expect(exact.map((page) => page.items.length)).toEqual([3, 3, 3]);
  });

  it('combines the filters with the cursor', async () => {
    const buyer = await createUser(env.ctx);
    const other = await createUser(env.ctx);
    const t = Date.now() - 7_200_000;
    const mine = await insertOrders(buyer.id, [
      { createdAt: t, status: 'paid', provider: 'wechat' },
      { createdAt: t, status: 'paid', provider: 'wechat' },
      { createdAt: t - 10, status: 'paid', provider: 'wechat' },
      { createdAt: t - 20, status: 'paid', provider: 'stripe' },
      { createdAt: t - 30, status: 'refunded', provider: 'wechat' },
      { createdAt: t - 40, status: 'paid', provider: 'wechat' },
      { createdAt: t - 50_000, status: 'paid', provider: 'wechat' },
    ]);
    await insertOrders(other.id, [{ createdAt: t, status: 'paid', provider: 'wechat' }]);
    const from = new Date(t - 45).toISOString();
    const to = new Date(t + 1).toISOString();
    const pages = await walk(`user=${buyer.username}&status=paid&provider=wechat&from=${from}&to=${to}`, 2);
    const wanted = newestFirst(mine.filter((_, index) => [0, 1, 2, 5].includes(index)));
    expect(pages.flatMap((page) => page.items.map((item) => item.order_id))).toEqual(wanted);
    expect(pages[0]!.total).toBe(4);

    const statusOnly = await walk(`user=${buyer.uuid}&status=refunded`, 1);
    expect(statusOnly.flatMap((page) => page.items.map((item) => item.order_id))).toEqual([mine[4]!.orderId]);
    expect((await listOf(`/orders?user=nobody-${Date.now()}`)).items).toEqual([]);
  });

  it('counts exactly up to 1,000 orders from the page, and says "at least" past them', async () => {
    const buyer = await createUser(env.ctx);
    const t = Date.now() - 10_800_000;
    await insertOrders(
      buyer.id,
      Array.from({ length: 1000 }, (_, i) => ({ createdAt: t - i })),
    );
    const full = await listOf(`/orders?user=${buyer.uuid}&page_size=200`);
    expect([full.total, full.total_is_lower_bound]).toEqual([1000, false]);

    await insertOrders(buyer.id, [{ createdAt: t - 5000 }]);
    const over = await listOf(`/orders?user=${buyer.uuid}&page_size=200`);
    expect([over.total, over.total_is_lower_bound]).toEqual([1000, true]);
    // From the second page on, fewer than 1,000 remain: the count is exact again (200 before + 801).
    const second = await listOf(`/orders?user=${buyer.uuid}&page_size=200&cursor=${over.next_cursor}`);
    expect([second.total, second.total_is_lower_bound]).toEqual([1001, false]);
    const byPage = await listOf(`/orders?user=${buyer.uuid}&page_size=200&page=1`);
    expect([byPage.total, byPage.total_is_lower_bound]).toEqual([1001, false]);
  });

  it('answers 400 with a stable code for a bad cursor or a page too deep, never 500', async () => {
    const codeOf = async (url: string) => {
      const response = await get(url);
      return [response.statusCode, response.json().code];
    };
    const cursorOf = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url');
    expect(await codeOf('/orders?cursor=garbage')).toEqual([400, 'INVALID_CURSOR']);
    expect(await codeOf(`/orders?cursor=${cursorOf(['users', 50, 7])}`)).toEqual([400, 'INVALID_CURSOR']);
    expect(await codeOf(`/orders?cursor=${cursorOf(['orders', 50, 1.5, 7])}`)).toEqual([400, 'INVALID_CURSOR']);
    expect(await codeOf(`/orders?cursor=${cursorOf(['orders', -1, 1, 7])}`)).toEqual([400, 'INVALID_CURSOR']);
    expect(await codeOf(`/orders?cursor=${cursorOf(['orders', 0, '1', 7])}`)).toEqual([400, 'INVALID_CURSOR']);
    expect(await codeOf(`/orders?cursor=${cursorOf(['orders', 0, 1e300, 7])}`)).toEqual([400, 'INVALID_CURSOR']);
    expect(await codeOf(`/orders?cursor=${cursorOf({ a: 1 })}`)).toEqual([400, 'INVALID_CURSOR']);
    expect(await codeOf('/orders?cursor=%25%00')).toEqual([400, 'VALIDATION_FAILED']);
    expect(await codeOf(`/orders?cursor=${'a'.repeat(513)}`)).toEqual([400, 'VALIDATION_FAILED']);
    expect(await codeOf(`/orders?page=1&cursor=${cursorOf(['orders', 0, 1, 7])}`)).toEqual([400, 'VALIDATION_FAILED']);
    expect(await codeOf('/orders?page=201&page_size=50')).toEqual([400, 'VALIDATION_FAILED']);
    expect((await get('/orders?page=200&page_size=50')).statusCode).toBe(200);
    expect((await get(`/orders?cursor=${cursorOf(['orders', 0, 1, 7])}`)).statusCode).toBe(200);
  });

  it('reads each page and its count through an index, whatever the filters', async () => {
    const buyer = await createUser(env.ctx);
    const [first] = await insertOrders(buyer.id, [{ createdAt: Date.now() - 1000 }, { createdAt: Date.now() - 2000 }]);
    expect(first).toBeDefined();
    const after = (await listOf(`/orders?page_size=1&user=${buyer.uuid}`)).next_cursor;
    const filters = ['', 'status=paid', 'provider=wechat', 'status=paid&provider=wechat', `user=${buyer.uuid}&status=paid`];
    for (const filter of filters) {
      for (const paging of ['', `&cursor=${after}`]) {
        const before = statements.length;
        await listOf(`/orders?page_size=5&${filter}${paging}&from=2000-01-01T00:00:00.000Z`);
        const listed = statements.slice(before).filter((query) => /payment_orders/.test(query.sql));
        expect(listed.length, filter).toBe(2);
        for (const query of listed) {
          // One user's orders come from payment_orders_user_idx and are sorted: a few rows.
          const options = { allowSort: filter.startsWith('user=') };
          indexedPlan(await explainStatement(env.ctx, query), ['payment_orders', 'users', 'o', 'u'], `${filter}${paging}`, options);
        }
      }
    }
  });
});
