import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../src/lib/time.js';
import { insertGrantOnce, revokeGrant } from '../src/modules/membership/membership.repository.js';
import { rebuildRevenueDays } from '../src/modules/payments/revenue-days.repository.js';
import { authHeader, createBook, createUser, type TestUser } from './helpers/factories.js';
import { createAdminContext } from './helpers/admin-context.js';
import type { TestContext } from './helpers/test-context.js';

let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => ({ ctx, admin } = await createAdminContext()));
afterAll(() => ctx.close());

const now = Date.now();
const today = Math.floor(now / DAY_MS) * DAY_MS;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
let orderCounter = 0;

async function paidOrder(
  user: TestUser,
  provider: 'wechat' | 'stripe' | 'sandbox',
  plan: 'month' | 'season',
  paidAt: number,
  refundedAt: number | null = null,
) {
  orderCounter += 1;
  await ctx.db
    .insertInto('payment_orders')
    .values({
      order_id: `ISSTATS${orderCounter}`,
      user_id: user.id,
      provider,
      plan,
      months: plan === 'month' ? 1 : 3,
      amount_fen: plan === 'month' ? 1000 : 2700,
      currency: 'CNY',
      status: refundedAt === null ? 'paid' : 'refunded',
      provider_txn_id: `txn-${orderCounter}`,
      provider_payment_id: null,
      created_at: paidAt - 1000,
      paid_at: paidAt,
      expires_at: paidAt + 60_000,
      settled_at: paidAt,
      refunded_at: refundedAt,
    })
    .execute();
  // Written around the order writers, as bulk-loaded data is: bring revenue_days up to date.
  await rebuildRevenueDays(ctx.db);
}

/** Through the repository's writers, which keep users.member_since/member_until and member_days. */
async function grant(user: TestUser, createdAt: number, endsAt: number, revoked = false) {
  orderCounter += 1;
  const sourceRef = `stats-${orderCounter}`;
  await insertGrantOnce(ctx.db, {
    user_id: user.id,
    source: 'admin',
    source_ref: sourceRef,
    starts_at: createdAt,
    ends_at: endsAt,
    note: null,
    created_at: createdAt,
    grant_months: null,
    grant_days: 30,
  });
  if (revoked) await revokeGrant(ctx.db, 'admin', sourceRef, createdAt + 1);
}

async function readingEvent(type: string, bookId: number, chapterId: number, at: number, count = 1) {
  for (let i = 0; i < count; i += 1) {
    await ctx.db
      .insertInto('reading_events')
      .values({
        event_type: type,
        book_id: bookId,
        chapter_id: chapterId,
        user_id: null,
        visitor_id: 'abcdef12',
        occurred_at: at,
        received_at: at,
      })
      .execute();
  }
}

describe('the dashboard', () => {
  it('adds up a small known dataset per UTC day, on both databases', async () => {
    const [a, b, c] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    await paidOrder(a, 'wechat', 'month', today + 1000);
    await paidOrder(a, 'wechat', 'season', today - DAY_MS + 5000, today + 2000);
    await paidOrder(b, 'stripe', 'month', today - 2 * DAY_MS + 1);
    await paidOrder(b, 'sandbox', 'month', today - 40 * DAY_MS);
    await grant(a, today + 10, now + 3 * DAY_MS); // new today, expires within 7 days
    await grant(b, today - 2 * DAY_MS, now + 30 * DAY_MS); // new two days ago
    await grant(b, today - DAY_MS, now + 60 * DAY_MS); // b's second grant: not a new member again
    await grant(c, today - DAY_MS, now + 30 * DAY_MS, true); // revoked: neither member nor new
    const [first, second] = [await createBook(ctx, { chapters: 1, titles: { 'zh-cn': '第一本' } }), await createBook(ctx, { chapters: 1 })];
    await readingEvent('start_reading', first.id, first.chapters[0]!.id, today + 100, 3);
    await readingEvent('start_reading', second.id, second.chapters[0]!.id, today - DAY_MS, 1);
    await readingEvent('finish_reading', first.id, first.chapters[0]!.id, today - DAY_MS, 2);
    await readingEvent('start_reading', second.id, second.chapters[0]!.id, today - 45 * DAY_MS, 5);

    const response = await ctx.app.inject({ url: '/api/v1/admin/stats?days=30', headers: authHeader(admin) });
    expect(response.statusCode, response.body).toBe(200);
    const stats = response.json().data;
    expect(stats.days).toHaveLength(30);
    expect(stats.days.at(-1).date).toBe(dateOf(today));
    expect(stats.days[0].date).toBe(dateOf(today - 29 * DAY_MS));
    const day = (offset: number) => stats.days.at(-1 - offset);
    expect(day(0)).toEqual({
      date: dateOf(today),
      revenue_fen_by: { 'wechat:month': 1000, 'wechat:season': -2700 },
      new_members: 1,
      chapter_starts: 3,
      chapter_finishes: 0,
    });
    expect(day(1)).toMatchObject({ revenue_fen_by: { 'wechat:season': 2700 }, new_members: 0, chapter_starts: 1, chapter_finishes: 2 });
    expect(day(2)).toMatchObject({ revenue_fen_by: { 'stripe:month': 1000 }, new_members: 1 });
    expect(day(3)).toMatchObject({ revenue_fen_by: {}, new_members: 0, chapter_starts: 0 });
    expect(stats.active_members).toBe(2);
    expect(stats.new_members_total).toBe(2);
    expect(stats.expiring_7d).toEqual([{ uuid: a.uuid, username: a.username, expire_at: new Date(now + 3 * DAY_MS).toISOString() }]);
    expect(stats.top_books).toEqual([
      { book_uuid: first.uuid, title: '第一本', title_language: 'zh-cn', reads: 3 },
      { book_uuid: second.uuid, title: expect.any(String), title_language: expect.any(String), reads: 1 },
    ]);

    const wide = (await ctx.app.inject({ url: '/api/v1/admin/stats?days=90', headers: authHeader(admin) })).json().data;
    expect(wide.days).toHaveLength(90);
    expect(wide.days.at(-41).revenue_fen_by).toEqual({ 'sandbox:month': 1000 });
    expect(wide.top_books[0]).toMatchObject({ book_uuid: second.uuid, reads: 6 });
    expect((await ctx.app.inject({ url: '/api/v1/admin/stats?days=7', headers: authHeader(admin) })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/v1/admin/stats', headers: authHeader(admin) })).json().data.days).toHaveLength(30);
  });
});
