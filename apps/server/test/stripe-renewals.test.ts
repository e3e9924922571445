import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarMonths } from '../src/lib/time.js';
import { authHeader, createUser, nextClientIp, type TestUser } from './helpers/factories.js';
import { eraseAccountNow } from './helpers/account-erasure.js';
import { startFakeStripe, type FakeStripe } from './helpers/fake-stripe.js';
import { deliverStripe, stripeId, stripeRefundedCharge } from './helpers/payment-flows.js';
import {
  billingEvent,
  newStripeSubscription,
  renewingEnv,
  stripeInvoice,
  stripeSubscriptionObject,
  subscriptionCheckout,
  type FakeSubscription,
} from './helpers/stripe-billing.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/**
 * Issue 59: memberships that renew on Stripe Billing, through the signed webhook and Stripe's API
 * (the local fake): every period granted once by its invoice, a failed renewal's grace (days, never
 * a period), cancel and resume, the end at exactly the paid time, events in any order and at once.
 */

let ctx: TestContext;
let stripe: FakeStripe;
const DAY = 86_400_000;

beforeAll(async () => {
  stripe = await startFakeStripe();
  ctx = await createTestContext(renewingEnv(stripe));
});
afterAll(async () => {
  await ctx.close();
  await stripe.close();
});

async function deliver(payload: object) {
  const response = await deliverStripe(ctx, payload);
  expect(response.statusCode, response.body).toBe(200);
}

/** The reader's membership end (ms), null when none: what every chapter's access follows. */
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

const subscriptionOf = async (user: TestUser) => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/membership/subscription', headers: authHeader(user) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.result as Record<string, unknown> | null;
};

const change = (user: TestUser, action: 'cancel' | 'resume' | 'portal', payload?: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/user/membership/subscription/${action}`,
    headers: authHeader(user),
    ...(payload ? { payload } : {}),
  });

const ordersOf = (user: TestUser) =>
  ctx.db
    .selectFrom('payment_orders')
    .select(['provider_txn_id', 'provider_payment_id', 'status', 'subscription_id'])
    .where('user_id', '=', user.id)
    .execute();

/** Subscribes `user` through a renewing buy button: the checkout and its first invoice, as Stripe sends them. */
async function subscribe(user: TestUser, sub: FakeSubscription = newStripeSubscription()) {
  stripe.addSubscription(sub.id);
  const first = stripeInvoice(sub, { reason: 'subscription_create' });
  await deliver(billingEvent('checkout.session.completed', subscriptionCheckout(user, sub, first.id)));
  await deliver(billingEvent('invoice.paid', first));
  return { sub, first };
}

describe('a renewing membership on Stripe, from the first payment to its end', () => {
  it('renews twice, keeps reading through a failed payment, converts the grace when the card is fixed, cancels and ends on the paid day', async () => {
    const reader = await createUser(ctx);
    const start = Date.now();
    const { sub, first } = await subscribe(reader);
    const end1 = (await membershipEnd(reader))!;
    expect(end1 - start).toBeGreaterThanOrEqual(28 * DAY);
    expect(end1 - start).toBeLessThanOrEqual(31 * DAY + 60_000);
    // The first invoice arrived after its checkout: granted once, and its payment named for a refund.
    const firstOrders = await ordersOf(reader);
    expect(firstOrders).toHaveLength(1);
    expect(firstOrders[0]).toMatchObject({ provider_txn_id: first.id, status: 'paid' });
    expect(firstOrders[0]!.provider_payment_id).toMatch(/^pi_/);
    expect(await subscriptionOf(reader)).toMatchObject({
      provider: 'stripe',
      plan: 'month',
      state: 'renewing',
      price: 1000,
      currency: 'CNY',
      can_cancel: true,
      can_resume: false,
      can_manage_payment: true,
    });

    // Two renewals: each a calendar month on top of the last.
    await deliver(billingEvent('invoice.paid', stripeInvoice(sub)));
    const end2 = addCalendarMonths(end1, 1);
    expect(await membershipEnd(reader)).toBe(end2);
    await deliver(billingEvent('invoice.paid', stripeInvoice(sub)));
    const end3 = addCalendarMonths(end2, 1);
    expect(await membershipEnd(reader)).toBe(end3);

    // The third renewal fails: 7 days of grace (the default setting), never a month; retries add nothing.
    const failing = stripeInvoice(sub, { paid: false });
    await deliver(billingEvent('invoice.payment_failed', failing));
    expect(await membershipEnd(reader)).toBe(end3 + 7 * DAY);
    const pastDue = await subscriptionOf(reader);
    expect(pastDue).toMatchObject({ state: 'past_due', grace_until: new Date(end3 + 7 * DAY).toISOString(), can_manage_payment: true });
    await deliver(billingEvent('invoice.payment_failed', failing));
    expect(await membershipEnd(reader)).toBe(end3 + 7 * DAY);

    // The card is fixed and Stripe's retry pays the invoice: the period it pays starts at end3 (the
    // grace days are inside it), so the reader has exactly one more month, not a month plus grace.
    await deliver(billingEvent('invoice.paid', { ...failing, amount_paid: 1000, status: 'paid' }));
    const end4 = addCalendarMonths(end3, 1);
    expect(await membershipEnd(reader)).toBe(end4);
    expect(await subscriptionOf(reader)).toMatchObject({ state: 'renewing', grace_until: null });
    expect(await ordersOf(reader)).toHaveLength(4);

    // Cancel in one click (a reason is optional), resume in one click; Stripe is told each time.
    const cancelled = await change(reader, 'cancel', { reason: 'Too many series at once' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.result).toMatchObject({
      state: 'canceling',
      can_resume: true,
      renews_at: null,
      ends_at: new Date(end4).toISOString(),
    });
    expect(stripe.subscriptions.get(sub.id)).toEqual({ cancel_at_period_end: true });
    const sent = stripe.requests.filter((request) => request.path === `/v1/subscriptions/${sub.id}`);
    expect(sent.at(-1)!.form).toMatchObject({ cancel_at_period_end: 'true', 'cancellation_details[comment]': 'Too many series at once' });
    const resumed = await change(reader, 'resume');
    expect(resumed.json().data.result).toMatchObject({ state: 'renewing', can_cancel: true });
    expect(stripe.subscriptions.get(sub.id)).toEqual({ cancel_at_period_end: false });
    expect((await change(reader, 'cancel', {})).json().data.result).toMatchObject({ state: 'canceling' });
    const portal = await change(reader, 'portal');
    expect(portal.json().data.result.url).toBe(`https://billing.stripe.test/p/session/${sub.customer}`);

    // Stripe confirms, then ends the subscription at the period's end: nothing taken, nothing added.
    await deliver(billingEvent('customer.subscription.updated', stripeSubscriptionObject(sub, { cancelAtPeriodEnd: true })));
    await deliver(
      billingEvent('customer.subscription.deleted', stripeSubscriptionObject(sub, { status: 'canceled', cancelAtPeriodEnd: true })),
    );
    expect(await membershipEnd(reader)).toBe(end4);
    expect(await subscriptionOf(reader)).toMatchObject({ state: 'ended', can_cancel: false, can_resume: false, can_manage_payment: false });
    expect((await change(reader, 'resume')).json()).toMatchObject({ code: 'SUBSCRIPTION_ENDED' });

    // Nothing after: the paid time (end4) is where reading stops; no event may move it any more.
    await deliver(billingEvent('invoice.payment_failed', stripeInvoice(sub, { paid: false })));
    expect(await membershipEnd(reader)).toBe(end4);
  });

  it('ends a subscription whose retries failed at the paid day: the grace is taken back', async () => {
    const reader = await createUser(ctx);
    const { sub } = await subscribe(reader);
    const paidEnd = (await membershipEnd(reader))!;
    await deliver(billingEvent('invoice.payment_failed', stripeInvoice(sub, { paid: false })));
    expect(await membershipEnd(reader)).toBe(paidEnd + 7 * DAY);
    await deliver(billingEvent('customer.subscription.deleted', stripeSubscriptionObject(sub, { status: 'canceled' })));
    expect(await membershipEnd(reader)).toBe(paidEnd);
  });

  it('grants nothing for a first payment that failed', async () => {
    const reader = await createUser(ctx);
    const sub = newStripeSubscription();
    const first = stripeInvoice(sub, { reason: 'subscription_create', paid: false });
    await deliver(billingEvent('checkout.session.completed', { ...subscriptionCheckout(reader, sub, first.id), payment_status: 'unpaid' }));
    await deliver(billingEvent('invoice.payment_failed', first));
    expect(await membershipEnd(reader)).toBeNull();
  });

  it('takes back exactly the refunded renewal', async () => {
    const reader = await createUser(ctx);
    const { sub } = await subscribe(reader);
    const end1 = (await membershipEnd(reader))!;
    const secondPayment = stripeId('pi');
    const second = stripeInvoice(sub, { legacy: true, paymentIntent: secondPayment });
    await deliver(billingEvent('invoice.paid', second));
    await deliver(billingEvent('invoice.paid', stripeInvoice(sub)));
    expect(await membershipEnd(reader)).toBe(addCalendarMonths(addCalendarMonths(end1, 1), 1));
    await deliver(billingEvent('charge.refunded', stripeRefundedCharge(secondPayment)));
    expect(await membershipEnd(reader)).toBe(addCalendarMonths(end1, 1));
    const statuses = (await ordersOf(reader)).map((order) => order.status).sort();
    expect(statuses).toEqual(['paid', 'paid', 'refunded']);
  });
});

describe('events in any order, again and at once', () => {
  it('grants an invoice that arrives before its checkout once the checkout names the reader', async () => {
    const reader = await createUser(ctx);
    const sub = newStripeSubscription('season');
    const first = stripeInvoice(sub, { reason: 'subscription_create' });
    await deliver(billingEvent('invoice.paid', first));
    expect(await membershipEnd(reader)).toBeNull();
    const start = Date.now();
    await deliver(billingEvent('checkout.session.completed', subscriptionCheckout(reader, sub, first.id)));
    const end = (await membershipEnd(reader))!;
    expect(end - start).toBeGreaterThanOrEqual(89 * DAY);
    expect(end - start).toBeLessThanOrEqual(92 * DAY + 60_000);
    await deliver(billingEvent('invoice.paid', first));
    expect(await membershipEnd(reader)).toBe(end);
    expect(await ordersOf(reader)).toHaveLength(1);
    expect(await subscriptionOf(reader)).toMatchObject({ plan: 'season', price: 2700, state: 'renewing' });
  });

  it('ignores a subscription state older than the one applied', async () => {
    const reader = await createUser(ctx);
    const { sub } = await subscribe(reader);
    const now = Math.floor(Date.now() / 1000);
    await deliver(billingEvent('customer.subscription.updated', stripeSubscriptionObject(sub, { cancelAtPeriodEnd: true }), now + 5));
    await deliver(billingEvent('customer.subscription.updated', stripeSubscriptionObject(sub, { cancelAtPeriodEnd: false }), now));
    expect(await subscriptionOf(reader)).toMatchObject({ state: 'canceling' });
  });

  it('applies each invoice once when every event is delivered 20 times at once, resent and under new ids, in shuffled order', async () => {
    const reader = await createUser(ctx);
    const sub = newStripeSubscription();
    const invoices = [stripeInvoice(sub, { reason: 'subscription_create' }), stripeInvoice(sub), stripeInvoice(sub)];
    const start = Date.now();
    const events = [
      billingEvent('checkout.session.completed', subscriptionCheckout(reader, sub, invoices[0]!.id)),
      ...invoices.map((invoice) => billingEvent('invoice.paid', invoice)),
    ];
    const deliveries = events.flatMap((event) =>
      Array.from({ length: 20 }, (_, copy) => (copy % 2 === 0 ? event : { ...event, id: stripeId('evt') })),
    );
    deliveries.sort(() => Math.random() - 0.5);
    const answers = await Promise.all(deliveries.map((event) => deliverStripe(ctx, event)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const orders = await ordersOf(reader);
    expect(orders.map((order) => order.provider_txn_id).sort()).toEqual(invoices.map((invoice) => invoice.id).sort());
    expect(orders.every((order) => order.status === 'paid' && order.subscription_id !== null)).toBe(true);
    const grants = await ctx.db
      .selectFrom('membership_grants')
      .select(['starts_at', 'ends_at'])
      .where('user_id', '=', reader.id)
      .orderBy('starts_at')
      .execute();
    expect(grants).toHaveLength(3);
    // Back to back, no overlap, no gap: three months from the first payment.
    for (let at = 1; at < grants.length; at += 1) expect(Number(grants[at]!.starts_at)).toBe(Number(grants[at - 1]!.ends_at));
    const end = (await membershipEnd(reader))!;
    expect(end - start).toBeGreaterThanOrEqual(89 * DAY);
    expect(end - start).toBeLessThanOrEqual(92 * DAY + 60_000);
  });
});

describe('the renewing buy buttons', () => {
  it('are published while the operator offers renewing memberships, and withdrawn when they stop', async () => {
    const stripeConfig = async () => (await ctx.app.inject('/api/v1/config/public')).json().data.result.payments.stripe;
    expect(await stripeConfig()).toMatchObject({
      renewing: true,
      renewing_buy_buttons: { month: 'buy_btn_test_month_renewing', season: 'buy_btn_test_season_renewing' },
    });
    const admin = await createUser(ctx, { role: 'admin' });
    const off = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers: authHeader(admin),
      payload: { renewing_memberships: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await stripeConfig()).toMatchObject({ renewing: false, renewing_buy_buttons: { month: null, season: null } });
  });
});

describe('an erased account', () => {
  const eraseAccount = (reader: TestUser) => eraseAccountNow(ctx, reader);
  const rowOf = (sub: FakeSubscription) =>
    ctx.db
      .selectFrom('membership_subscriptions')
      .select(['status', 'cancel_reason'])
      .where('provider_ref', '=', sub.id)
      .executeTakeFirstOrThrow();

  it('is charged no more: its subscription ends at Stripe and here, and the reason it gave is gone', async () => {
    const reader = await createUser(ctx);
    const { sub } = await subscribe(reader);
    await change(reader, 'cancel', { reason: 'moving to another site' });
    await change(reader, 'resume');
    await ctx.db
      .updateTable('membership_subscriptions')
      .set({ cancel_reason: 'kept from before' })
      .where('provider_ref', '=', sub.id)
      .execute();
    await eraseAccount(reader);
    expect(stripe.subscriptions.get(sub.id)).toMatchObject({ canceled: true });
    expect(await rowOf(sub)).toEqual({ status: 'canceled', cancel_reason: null });
  });

  it('leaves an incident for the operator when Stripe does not end the subscription', async () => {
    const reader = await createUser(ctx);
    const { sub } = await subscribe(reader);
    // A refusal the SDK does not retry (it retries a 500 once).
    stripe.failNextWith(400, 'resource_missing');
    await eraseAccount(reader);
    expect(stripe.subscriptions.get(sub.id)).not.toMatchObject({ canceled: true });
    const incident = await ctx.db
      .selectFrom('payment_incidents')
      .select(['kind', 'reference'])
      .where('reference', '=', sub.id)
      .executeTakeFirst();
    expect(incident).toEqual({ kind: 'erased_subscription', reference: sub.id });
  });
});
