import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createUser, nextClientIp, type TestUser } from './helpers/factories.js';
import { createAdminContext } from './helpers/admin-context.js';
import { sandboxPay } from './helpers/payment-flows.js';
import type { TestContext } from './helpers/test-context.js';

/** Issue 59: the dashboard's renewing-membership figures, for a set of subscriptions built through the sandbox. */

let ctx: TestContext;
let admin: TestUser;
const DAY = 86_400_000;

beforeAll(async () => ({ ctx, admin } = await createAdminContext()));
afterAll(() => ctx.close());

const post = (user: TestUser, url: string, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: authHeader(user), remoteAddress: nextClientIp(), payload });

async function subscriber(months: 1 | 3, pay = true) {
  const reader = await createUser(ctx);
  const created = await post(reader, '/payment/wechat/payment/china_book_membership/create', { months, renewing: true, channel: 'card' });
  expect(created.statusCode, created.body).toBe(200);
  if (pay) expect((await sandboxPay(ctx, reader, created.json().data.order_id)).statusCode).toBe(200);
  return reader;
}
async function simulate(reader: TestUser, event: 'renewal_paid' | 'renewal_failed' | 'period_end') {
  const response = await post(reader, '/payment/sandbox/subscription/simulate', { event });
  expect(response.statusCode, response.body).toBe(200);
}
const subscriptionIdOf = async (reader: TestUser) =>
  (await ctx.db.selectFrom('membership_subscriptions').select('id').where('user_id', '=', reader.id).executeTakeFirstOrThrow()).id;
const figures = async (days: 30 | 90) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/admin/stats?days=${days}`, headers: authHeader(admin) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.subscriptions;
};

describe("the dashboard's renewing memberships", () => {
  it('counts renewals, cancellations and failed payments in the range, the running ones and their monthly revenue now', async () => {
    // Two renewals paid (the first payments are not renewals).
    const renewing = await subscriber(1);
    await simulate(renewing, 'renewal_paid');
    await simulate(renewing, 'renewal_paid');
    // A season card whose renewal failed: past due, still running.
    const pastDue = await subscriber(3);
    await simulate(pastDue, 'renewal_failed');
    // Stopped and ended in the range.
    const ended = await subscriber(1);
    await post(ended, '/user/membership/subscription/cancel');
    await simulate(ended, 'period_end');
    // A failure and an end 40 days ago: in the 90-day range only.
    const oldFailure = await subscriber(1);
    await simulate(oldFailure, 'renewal_failed');
    await ctx.db
      .updateTable('subscription_invoices')
      .set({ created_at: Date.now() - 40 * DAY })
      .where('subscription_id', '=', await subscriptionIdOf(oldFailure))
      .where('status', '=', 'failed')
      .execute();
    const oldEnd = await subscriber(3);
    await post(oldEnd, '/user/membership/subscription/cancel');
    await simulate(oldEnd, 'period_end');
    await ctx.db
      .updateTable('membership_subscriptions')
      .set({ canceled_at: Date.now() - 40 * DAY })
      .where('id', '=', await subscriptionIdOf(oldEnd))
      .execute();
    // Started, never paid: nothing.
    await subscriber(3, false);

    // Running: the month card (1000 fen a month), the season card past due (2700 / 3 = 900) and
    // the old failure's month card, past due (1000).
    expect(await figures(30)).toEqual({ renewals: 2, cancellations: 1, failed_payments: 1, active: 3, mrr_fen: 2900, currency: 'CNY' });
    expect(await figures(90)).toEqual({ renewals: 2, cancellations: 2, failed_payments: 2, active: 3, mrr_fen: 2900, currency: 'CNY' });
  });
});
