import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarMonths } from '../src/lib/time.js';
import { authHeader, createUser, nextClientIp, type TestUser } from './helpers/factories.js';
import { sandboxPay } from './helpers/payment-flows.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/**
 * Issue 59: a renewing membership in the sandbox, so a new reader can try the whole journey on one
 * machine: subscribe on the sandbox checkout, renew, fail a renewal, fix it, cancel, resume, end.
 * The sandbox drives the same subscription ledger as Stripe's webhook.
 */

let ctx: TestContext;
const DAY = 86_400_000;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (user: TestUser, url: string, payload?: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: authHeader(user),
    remoteAddress: nextClientIp(),
    ...(payload ? { payload } : {}),
  });

async function membershipEnd(user: TestUser): Promise<number | null> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/v1/user/book/membership',
    headers: authHeader(user),
    remoteAddress: nextClientIp(),
  });
  const result = response.json().data.result as { expire_at: string } | null;
  return result === null ? null : Date.parse(result.expire_at);
}
const subscriptionOf = async (user: TestUser) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/v1/user/membership/subscription', headers: authHeader(user) })).json().data.result;
const simulate = (user: TestUser, event: string) => post(user, '/payment/sandbox/subscription/simulate', { event });

async function subscribe(user: TestUser, months = 1) {
  const created = await post(user, '/payment/wechat/payment/china_book_membership/create', { months, renewing: true, channel: 'card' });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().data.order_id as string;
}

describe('a renewing membership in the sandbox', () => {
  it('subscribes on the checkout page, renews, keeps reading through a declined renewal, is fixed, stopped, resumed and ends', async () => {
    const reader = await createUser(ctx);
    const orderId = await subscribe(reader);
    // Not paid yet: nothing to show, nothing granted.
    expect(await subscriptionOf(reader)).toBeNull();
    expect(await membershipEnd(reader)).toBeNull();
    expect((await sandboxPay(ctx, reader, orderId)).statusCode).toBe(200);
    const end1 = (await membershipEnd(reader))!;
    expect(await subscriptionOf(reader)).toMatchObject({ provider: 'sandbox', state: 'renewing', can_manage_payment: false });
    // The same click again grants nothing more.
    await sandboxPay(ctx, reader, orderId);
    expect(await membershipEnd(reader)).toBe(end1);

    expect((await simulate(reader, 'renewal_paid')).json().data.result).toMatchObject({ state: 'renewing' });
    const end2 = addCalendarMonths(end1, 1);
    expect(await membershipEnd(reader)).toBe(end2);

    const declined = await simulate(reader, 'renewal_failed');
    expect(declined.json().data.result).toMatchObject({ state: 'past_due', grace_until: new Date(end2 + 7 * DAY).toISOString() });
    expect(await membershipEnd(reader)).toBe(end2 + 7 * DAY);
    // Stripe would not renew a past-due subscription again; the sandbox refuses what does not apply.
    expect((await simulate(reader, 'renewal_failed')).json()).toMatchObject({ code: 'CONFLICT' });

    await simulate(reader, 'renewal_paid');
    expect(await membershipEnd(reader)).toBe(addCalendarMonths(end2, 1));

    expect((await post(reader, '/user/membership/subscription/cancel', {})).json().data.result).toMatchObject({ state: 'canceling' });
    expect((await simulate(reader, 'renewal_paid')).json()).toMatchObject({ code: 'CONFLICT' });
    expect((await post(reader, '/user/membership/subscription/resume')).json().data.result).toMatchObject({ state: 'renewing' });
    await post(reader, '/user/membership/subscription/cancel', { reason: 'trying it out' });
    expect((await simulate(reader, 'period_end')).json().data.result).toMatchObject({ state: 'ended' });
    expect(await membershipEnd(reader)).toBe(addCalendarMonths(end2, 1));
    const orders = await ctx.db
      .selectFrom('payment_orders')
      .select(['status', 'subscription_id'])
      .where('user_id', '=', reader.id)
      .execute();
    expect(orders.map((order) => order.status)).toEqual(['paid', 'paid', 'paid']);
    expect(new Set(orders.map((order) => order.subscription_id)).size).toBe(1);
  });

  it('refuses renewing coin packs and simulations without a sandbox subscription', async () => {
    const reader = await createUser(ctx);
    const pack = await post(reader, '/payment/wechat/payment/china_book_membership/create', { pack: 1, renewing: true });
    expect(pack.statusCode).toBe(400);
    // A gift never renews.
    const gift = await post(reader, '/payment/wechat/payment/china_book_membership/create', { months: 1, gift: true, renewing: true });
    expect(gift.json()).toMatchObject({ code: 'INVALID_PLAN' });
    expect((await simulate(reader, 'renewal_paid')).json()).toMatchObject({ code: 'SUBSCRIPTION_NOT_FOUND' });
    expect((await simulate(reader, 'nonsense')).statusCode).toBe(400);
  });

  it('leaves an abandoned renewing checkout invisible', async () => {
    const reader = await createUser(ctx);
    await subscribe(reader, 3);
    expect(await subscriptionOf(reader)).toBeNull();
    expect((await post(reader, '/user/membership/subscription/cancel', {})).json()).toMatchObject({ code: 'SUBSCRIPTION_NOT_FOUND' });
  });
});

describe('the one-tap renewal offer (a rail that cannot renew by itself)', () => {
  const offerOf = async (user: TestUser) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/v1/user/membership/renewal_offer', headers: authHeader(user) })).json().data.result;
  /** Moves the reader's membership end to `days` from now (their one grant), as time passing would. */
  const endIn = (user: TestUser, days: number) =>
    ctx.db
      .updateTable('membership_grants')
      .set({ ends_at: Date.now() + days * DAY })
      .where('user_id', '=', user.id)
      .execute();

  it('offers a one-time member their last plan again within the last 7 days, and nobody else', async () => {
    const oneTime = await createUser(ctx);
    const created = await post(oneTime, '/payment/wechat/payment/china_book_membership/create', { months: 3 });
    await sandboxPay(ctx, oneTime, created.json().data.order_id as string);
    // Months away from the end: nothing yet.
    expect(await offerOf(oneTime)).toBeNull();
    await endIn(oneTime, 3);
    const offer = await offerOf(oneTime);
    expect(offer).toMatchObject({ plan: 'season', price: 2700, currency: 'CNY' });
    expect(Date.parse(offer.ends_at) - Date.now()).toBeGreaterThan(2 * DAY);
    await endIn(oneTime, 8);
    expect(await offerOf(oneTime)).toBeNull();

    // A renewing membership renews by itself: no offer, even in its last days.
    const renewing = await createUser(ctx);
    await sandboxPay(ctx, renewing, await subscribe(renewing));
    await endIn(renewing, 3);
    expect(await offerOf(renewing)).toBeNull();
    // Never a member: nothing to renew.
    expect(await offerOf(await createUser(ctx))).toBeNull();
  });
});
