import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createUser, nextClientIp, type TestUser } from './helpers/factories.js';
import { createAdminContext } from './helpers/admin-context.js';
import { sandboxPay } from './helpers/payment-flows.js';
import type { TestContext } from './helpers/test-context.js';

/**
 * Issue 59: renewing memberships in the console: a reader's subscriptions with their invoices and
 * orders, "stop renewal" (audited), and the dashboard's subscription figures.
 */

let ctx: TestContext;
let admin: TestUser;
const DAY = 86_400_000;

beforeAll(async () => ({ ctx, admin } = await createAdminContext()));
afterAll(() => ctx.close());

const call = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: authHeader(user),
    remoteAddress: nextClientIp(),
    ...(payload ? { payload } : {}),
  });

async function subscribed(reader: TestUser, months: 1 | 3) {
  const created = await call(reader, 'POST', '/payment/wechat/payment/china_book_membership/create', {
    months,
    renewing: true,
    channel: 'card',
  });
  expect(created.statusCode, created.body).toBe(200);
  const orderId = created.json().data.order_id as string;
  expect((await sandboxPay(ctx, reader, orderId)).statusCode).toBe(200);
  return orderId;
}
async function simulate(reader: TestUser, event: 'renewal_paid' | 'renewal_failed' | 'period_end') {
  const response = await call(reader, 'POST', '/payment/sandbox/subscription/simulate', { event });
  expect(response.statusCode, response.body).toBe(200);
}
const subscriptionsOf = (user: TestUser, reader: TestUser) => call(user, 'GET', `/admin/users/${reader.uuid}/subscriptions`);

describe("the console's subscriptions of a reader", () => {
  it('shows each subscription with its invoices and their orders, and stops a renewal (audited)', async () => {
    const reader = await createUser(ctx);
    expect((await subscriptionsOf(admin, reader)).json().data).toEqual([]);
    const firstOrder = await subscribed(reader, 1);
    await simulate(reader, 'renewal_paid');
    await simulate(reader, 'renewal_failed');

    const listed = await subscriptionsOf(admin, reader);
    expect(listed.statusCode, listed.body).toBe(200);
    const [sub] = listed.json().data;
    expect(sub).toMatchObject({ provider: 'sandbox', plan: 'month', state: 'past_due', can_stop_renewal: true, cancel_reason: null });
    expect(sub.grace_until).not.toBeNull();
    expect(sub.invoices).toHaveLength(3);
    const byStatus = (status: string) => sub.invoices.filter((invoice: { status: string }) => invoice.status === status);
    expect(byStatus('paid')).toHaveLength(2);
    expect(byStatus('failed')).toEqual([expect.objectContaining({ order: null, amount: 1000, currency: 'CNY' })]);
    const first = sub.invoices.find((invoice: { billing_reason: string }) => invoice.billing_reason === 'subscription_create');
    expect(first.order).toEqual({ order_id: firstOrder, status: 'paid' });
    const renewal = byStatus('paid').find((invoice: { billing_reason: string }) => invoice.billing_reason !== 'subscription_create');
    expect(renewal.order.status).toBe('paid');
    // The renewal's order is an order like any other: the order page opens on it.
    expect((await call(admin, 'GET', `/admin/orders/${renewal.order.order_id}`)).statusCode).toBe(200);

    const stopped = await call(admin, 'POST', `/admin/users/${reader.uuid}/subscriptions/${sub.id}/stop-renewal`, {
      reason: 'asked by mail',
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().data[0]).toMatchObject({ state: 'past_due', cancel_reason: 'asked by mail' });
    // The reader's profile says the same: no more renewal, resumable.
    const profile = await call(reader, 'GET', '/user/membership/subscription');
    expect(profile.json().data.result).toMatchObject({ can_resume: false });
    const row = await ctx.db.selectFrom('membership_subscriptions').selectAll().where('id', '=', sub.id).executeTakeFirstOrThrow();
    expect(row.cancel_at_period_end).toBe(1);
    const audits = await ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'subscription.stop_renewal').execute();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor_user_id: admin.id, target_type: 'subscription', target_id: String(sub.id) });
    // Again: nothing changes, nothing more audited.
    await call(admin, 'POST', `/admin/users/${reader.uuid}/subscriptions/${sub.id}/stop-renewal`, { reason: 'twice' });
    expect(await ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'subscription.stop_renewal').execute()).toHaveLength(1);
  });

  it('stops a renewing subscription: it then shows as canceling until the paid end', async () => {
    const reader = await createUser(ctx);
    await subscribed(reader, 3);
    const [sub] = (await subscriptionsOf(admin, reader)).json().data;
    expect(sub).toMatchObject({ plan: 'season', state: 'renewing', ends_at: null });
    expect(sub.renews_at).not.toBeNull();
    const stopped = await call(admin, 'POST', `/admin/users/${reader.uuid}/subscriptions/${sub.id}/stop-renewal`, {
      reason: 'refund asked',
    });
    expect(stopped.json().data[0]).toMatchObject({ state: 'canceling', renews_at: null, can_stop_renewal: false, ends_at: sub.renews_at });
    expect((await call(reader, 'GET', '/user/membership/subscription')).json().data.result).toMatchObject({ state: 'canceling' });
  });

  it('stops once when ten administrators press at once: one change, one audit entry', async () => {
    const reader = await createUser(ctx);
    await subscribed(reader, 1);
    const [sub] = (await subscriptionsOf(admin, reader)).json().data;
    const before = (await ctx.db.selectFrom('audit_log').selectAll().where('target_id', '=', String(sub.id)).execute()).length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(admin, 'POST', `/admin/users/${reader.uuid}/subscriptions/${sub.id}/stop-renewal`, { reason: `press ${i}` }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const entries = await ctx.db.selectFrom('audit_log').selectAll().where('target_id', '=', String(sub.id)).execute();
    expect(entries.length - before).toBe(1);
  });

  it('refuses what does not apply: another reader, an unknown id, an ended one, no reason, a reader', async () => {
    const reader = await createUser(ctx);
    const other = await createUser(ctx);
    await subscribed(reader, 1);
    const [sub] = (await subscriptionsOf(admin, reader)).json().data;
    const stop = (who: TestUser, uuid: string, id: number | string, body: object = { reason: 'r' }) =>
      call(who, 'POST', `/admin/users/${uuid}/subscriptions/${id}/stop-renewal`, body);
    expect((await stop(admin, other.uuid, sub.id)).json()).toMatchObject({ code: 'SUBSCRIPTION_NOT_FOUND' });
    expect((await stop(admin, reader.uuid, 2_000_000_000)).statusCode).toBe(404);
    expect((await stop(admin, reader.uuid, 'x')).statusCode).toBe(400);
    expect((await stop(admin, reader.uuid, sub.id, {})).statusCode).toBe(400);
    expect((await subscriptionsOf(admin, { ...reader, uuid: '00000000-0000-4000-8000-000000000000' } as TestUser)).statusCode).toBe(404);
    // A reader, even the subscription's own, is not an administrator.
    expect((await subscriptionsOf(reader, reader)).statusCode).toBe(403);
    expect((await stop(reader, reader.uuid, sub.id)).statusCode).toBe(403);
    await call(reader, 'POST', '/user/membership/subscription/cancel', {});
    await simulate(reader, 'period_end');
    expect((await stop(admin, reader.uuid, sub.id)).json()).toMatchObject({ code: 'SUBSCRIPTION_ENDED' });
    const [ended] = (await subscriptionsOf(admin, reader)).json().data;
    expect(ended).toMatchObject({ state: 'ended', can_stop_renewal: false });
    expect(ended.canceled_at).not.toBeNull();
    expect(Date.now() - Date.parse(ended.canceled_at)).toBeLessThan(DAY);
  });
});
