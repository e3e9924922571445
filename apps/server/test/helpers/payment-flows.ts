import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { DAY_MS } from '../../src/lib/time.js';
import { insertGrantOnce } from '../../src/modules/membership/membership.repository.js';
import { authHeader, nextClientIp, type TestUser } from './factories.js';
import type { TestContext } from './test-context.js';

/**
 * Payments the way readers and providers make them, for tests about what follows a payment
 * (receipts, notices): an order through the API, the sandbox payer's click, a signed Stripe webhook,
 * a coupon redeemed.
 * The WeChat Pay side is helpers/fake-wechat-pay.ts.
 */

export const STRIPE_TEST_SECRET = 'whsec_test_notices0123456789';
/** Settings that turn the Stripe rail on (its buy buttons and payment links for the two plans). */
export const STRIPE_TEST_ENV: Record<string, string> = {
  STRIPE_WEBHOOK_SECRET: STRIPE_TEST_SECRET,
  STRIPE_PUBLISHABLE_KEY: 'pk_test_inkstream',
  STRIPE_BUY_BUTTON_MONTH: 'buy_btn_test_month',
  STRIPE_BUY_BUTTON_SEASON: 'buy_btn_test_season',
  STRIPE_PAYMENT_LINK_MONTH: 'plink_test_month',
  STRIPE_PAYMENT_LINK_SEASON: 'plink_test_season',
};

/** `POST …/create` for `months` (1 or 3): the order id (sandbox or WeChat Pay, whichever the app has). */
export async function createOrder(ctx: TestContext, user: TestUser, months: number): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payment/wechat/payment/china_book_membership/create',
    headers: authHeader(user),
    payload: { months },
    remoteAddress: nextClientIp(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.order_id as string;
}

/** `user` redeems coupon `code` (sent as given: tests send bad shapes too), from a fresh client address. */
export const redeemCoupon = (ctx: TestContext, user: { token: string }, code: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user/coupon/redeem',
    headers: authHeader(user),
    payload: { code },
    remoteAddress: nextClientIp(),
  });

/** The sandbox payer confirms the payment of `orderId`. */
export const sandboxPay = (ctx: TestContext, user: TestUser, orderId: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/payment/sandbox/orders/${orderId}/pay`,
    headers: authHeader(user),
    payload: { outcome: 'succeeded' },
  });

let counter = 0;
/** A Stripe-looking id (`cs_…`, `pi_…`, `evt_…`), unique within the run. */
export const stripeId = (prefix: string) => `${prefix}_test_${Date.now().toString(36)}${(counter += 1)}`;

/** A Stripe event around `object`, as Stripe posts it. */
export const stripeEvent = (type: string, object: object) => ({
  id: stripeId('evt'),
  object: 'event',
  type,
  api_version: '2025-10-29.clover',
  created: Math.floor(Date.now() / 1000),
  data: { object },
});

/** A paid Checkout session of the month payment link (CN¥10) for `user` (null: no reference), as a buy button's payment produces it. */
export const stripeCheckoutSession = (user: TestUser | null, overrides: Record<string, unknown> = {}) => ({
  id: stripeId('cs'),
  object: 'checkout.session',
  mode: 'payment',
  payment_status: 'paid',
  status: 'complete',
  payment_link: 'plink_test_month',
  client_reference_id: user?.uuid ?? null,
  amount_total: 1000,
  currency: 'cny',
  payment_intent: stripeId('pi'),
  customer_details: { email: 'payer@example.com' },
  metadata: {},
  ...overrides,
});

/** Stripe's charge of `paymentIntent` (CN¥10), refunded in full: the object of a `charge.refunded` event. */
export const stripeRefundedCharge = (paymentIntent: string, id = `ch_${paymentIntent}`) => ({
  id,
  object: 'charge',
  payment_intent: paymentIntent,
  amount: 1000,
  amount_refunded: 1000,
  refunded: true,
  currency: 'cny',
});

/** Posts `payload` to the Stripe webhook of `ctx`, signed with STRIPE_TEST_SECRET the real way (or with `signature`, a forged one). */
export function deliverStripe(ctx: TestContext, payload: object, signature?: string) {
  const body = JSON.stringify(payload);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payment/stripe/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signature ?? Stripe.webhooks.generateTestHeaderString({ payload: body, secret: STRIPE_TEST_SECRET }),
    },
    payload: body,
  });
}

/**
 * A member through a paid one-month order, as the payment left it, written straight to the database
 * (as another process would: this one's reader change feed has not seen its grant yet); returns the
 * order's id and its provider payment id (a Stripe payment intent).
 */
export async function insertPaidOrder(ctx: TestContext, user: TestUser, provider: 'sandbox' | 'stripe' | 'wechat') {
  const now = Date.now();
  const orderId = `S${randomUUID().replaceAll('-', '').slice(0, 20)}`;
  const paymentIntent = `pi_test_${orderId}`;
  await ctx.db
    .insertInto('payment_orders')
    .values({
      order_id: orderId,
      user_id: user.id,
      provider,
      plan: 'month',
      months: 1,
      amount_fen: 1000,
      currency: 'cny',
      status: 'paid',
      provider_txn_id: `txn_${orderId}`,
      provider_payment_id: paymentIntent,
      created_at: now,
      paid_at: now,
      expires_at: now + DAY_MS,
      settled_at: now,
      refunded_at: null,
    })
    .execute();
  await insertGrantOnce(ctx.db, {
    user_id: user.id,
    source: provider,
    source_ref: orderId,
    starts_at: now,
    ends_at: now + 30 * DAY_MS,
    created_at: now,
    grant_months: 1,
    grant_days: null,
  });
  return { orderId, paymentIntent };
}
