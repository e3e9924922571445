import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './helpers/factories.js';
import { deliverStripe, STRIPE_TEST_ENV, stripeCheckoutSession, stripeEvent, stripeRefundedCharge } from './helpers/payment-flows.js';
import { parseSamples, sampleValue } from './helpers/prometheus-text.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/**
 * Issue 44: the payment notification counters the money alerts read (deploy/prometheus/alerts.yml),
 * driven by signed Stripe deliveries through the real verification: every rail's series exist at 0
 * before the first delivery (increase() cannot count a series' first sample), then a forged
 * signature, a malformed signed event, a paid session, its resend and a refund each move their own.
 */
const TOKEN = randomBytes(24).toString('hex');
let ctx: TestContext;

async function scrape(): Promise<(name: string, labels?: Record<string, string>) => number | undefined> {
  const response = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  const samples = parseSamples(response.body);
  return (name, labels = {}) => sampleValue(samples, name, labels);
}

const event = stripeEvent;
const deliver = (payload: object, signature?: string) => deliverStripe(ctx, payload, signature);

beforeAll(async () => {
  ctx = await createTestContext({ ...STRIPE_TEST_ENV, METRICS_TOKEN: TOKEN });
});
afterAll(() => ctx?.close());

describe('payment notification metrics', () => {
  it('starts every series an alert reads at 0, for the configured rails only', async () => {
    const value = await scrape();
    for (const reason of ['signature', 'malformed', 'rejected', 'error']) {
      expect(value('inkstream_payment_notifications_refused_total', { provider: 'stripe', reason }), reason).toBe(0);
    }
    expect(value('inkstream_payment_notifications_received_total', { provider: 'stripe' })).toBe(0);
    expect(value('inkstream_payment_notifications_duplicate_total', { provider: 'stripe' })).toBe(0);
    expect(value('inkstream_orders_total', { provider: 'stripe', plan: 'month', event: 'paid' })).toBe(0);
    // WeChat Pay is not configured here: no series of it.
    expect(value('inkstream_payment_notifications_received_total', { provider: 'wechat' })).toBeUndefined();
  });

  it('counts a forged delivery, a paid session, its resend and a refund, each by what it was', async () => {
    const reader = await createUser(ctx);
    const paid = stripeCheckoutSession(reader);
    const completed = event('checkout.session.completed', paid);

    expect((await deliver(completed, 't=1,v1=forged')).statusCode).toBe(400);
    expect((await deliver(completed)).statusCode).toBe(200);
    expect((await deliver(completed)).statusCode).toBe(200); // Stripe's resend of the same event
    const refunded = event('charge.refunded', stripeRefundedCharge(String(paid.payment_intent)));
    expect((await deliver(refunded)).statusCode).toBe(200);

    const value = await scrape();
    expect(value('inkstream_payment_notifications_received_total', { provider: 'stripe' })).toBe(4);
    expect(value('inkstream_payment_notifications_refused_total', { provider: 'stripe', reason: 'signature' })).toBe(1);
    expect(value('inkstream_payment_notifications_verified_total', { provider: 'stripe' })).toBe(3);
    expect(value('inkstream_payment_notifications_duplicate_total', { provider: 'stripe' })).toBe(1);
    expect(value('inkstream_orders_total', { provider: 'stripe', plan: 'month', event: 'paid' })).toBe(1);
    expect(value('inkstream_orders_total', { provider: 'stripe', plan: 'month', event: 'refunded' })).toBe(1);
    for (const reason of ['malformed', 'rejected', 'error']) {
      expect(value('inkstream_payment_notifications_refused_total', { provider: 'stripe', reason }), reason).toBe(0);
    }
  });
});
