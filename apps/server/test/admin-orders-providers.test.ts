import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createUser, nextClientIp, type TestUser } from './helpers/factories.js';
import { startFakeStripe, type FakeStripe } from './helpers/fake-stripe.js';
import { startFakeWechatPay, type FakeWechatPay } from './helpers/fake-wechat-pay.js';
import {
  deliverStripe,
  STRIPE_TEST_ENV as STRIPE_ENV,
  stripeCheckoutSession,
  stripeEvent,
  stripeRefundedCharge,
} from './helpers/payment-flows.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

let ctx: TestContext;
let wechat: FakeWechatPay;
let stripe: FakeStripe;
let keyDir: string;
let admin: TestUser;

beforeAll(async () => {
  keyDir = mkdtempSync(path.join(tmpdir(), 'inkstream-refunds-'));
  wechat = await startFakeWechatPay(keyDir);
  stripe = await startFakeStripe();
  ctx = await createTestContext({ ...wechat.env(), ...STRIPE_ENV, ...stripe.env(), PUBLIC_URL: 'https://comics.example.com' });
  admin = await createUser(ctx, { role: 'admin' });
});
afterAll(async () => {
  await ctx.close();
  await wechat.close();
  await stripe.close();
  rmSync(keyDir, { recursive: true, force: true });
});

const refund = (orderId: string, reason = 'payer asked') =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/admin/orders/${orderId}/refund`, headers: authHeader(admin), payload: { reason } });
const detail = async (orderId: string) =>
  (await ctx.app.inject({ url: `/api/v1/admin/orders/${orderId}`, headers: authHeader(admin) })).json().data;
const expiryOf = async (user: TestUser) =>
  (await ctx.app.inject({ url: '/api/v1/user/book/membership', headers: authHeader(user) })).json().data.result?.expire_at ?? null;
const notify = (message: { headers: Record<string, string>; body: string }) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/payment/wechat/notify', headers: message.headers, payload: message.body });
const types = (order: { events: { event_type: string }[] }) => order.events.map((e) => e.event_type);

/** A paid WeChat order: created through the API, paid at the fake, confirmed by its notification. */
async function paidWechatOrder(user: TestUser) {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payment/wechat/payment/china_book_membership/create',
    headers: authHeader(user),
    payload: { months: 1 },
    remoteAddress: nextClientIp(),
  });
  const orderId = created.json().data.order_id as string;
  const order = wechat.pay(orderId);
  expect((await notify(wechat.notification(order))).statusCode).toBe(204);
  return { orderId, order };
}

/** A paid Stripe buy-button order for `user`, delivered by a signed webhook; Stripe knows its payment intent. */
async function paidStripeOrder(user: TestUser) {
  const session = stripeCheckoutSession(user);
  const paymentIntent = session.payment_intent;
  expect((await deliverStripe(ctx, stripeEvent('checkout.session.completed', session))).statusCode).toBe(200);
  stripe.addPaymentIntent(paymentIntent, 1000);
  const row = await ctx.db
    .selectFrom('payment_orders')
    .select('order_id')
    .where('provider_txn_id', '=', session.id)
    .executeTakeFirstOrThrow();
  return { orderId: row.order_id, paymentIntent };
}

describe('refunds through WeChat Pay', () => {
  it('refunds at once when WeChat answers SUCCESS; the later REFUND.SUCCESS notification changes nothing', async () => {
    const user = await createUser(ctx);
    const { orderId, order } = await paidWechatOrder(user);
    expect(await expiryOf(user)).not.toBeNull();
    wechat.setRefundStatus('SUCCESS');
    const response = await refund(orderId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.outcome).toBe('refunded');
    const sent = wechat.requests.find(
      (r) => r.path === '/v3/refund/domestic/refunds' && (r.body as { out_trade_no?: string }).out_trade_no === orderId,
    );
    expect(sent?.body).toMatchObject({ out_refund_no: `R${orderId}`, amount: { refund: 1000, total: 1000, currency: 'CNY' } });
    const after = await detail(orderId);
    expect(after.status).toBe('refunded');
    expect(after.grant.revoked_at).not.toBeNull();
    expect(types(after)).toEqual(['TRANSACTION.SUCCESS', 'refund.requested', 'refund.succeeded']);
    expect(await expiryOf(user)).toBeNull();

    expect((await notify(wechat.refundNotification(order, 1000))).statusCode).toBe(204);
    expect((await detail(orderId)).status).toBe('refunded');
  });

  it('records a requested refund when WeChat answers PROCESSING, and its notification finishes it', async () => {
    const user = await createUser(ctx);
    const { orderId, order } = await paidWechatOrder(user);
    wechat.setRefundStatus('PROCESSING');
    const response = await refund(orderId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.outcome).toBe('requested');
    expect(response.json().data.order.status).toBe('paid');
    expect((await refund(orderId)).statusCode).toBe(409);
    // A claim older than 5 minutes may be taken over: WeChat answers the same out_refund_no with the same refund.
    await ctx.db
      .updateTable('payment_events')
      .set({ received_at: Date.now() - 10 * 60_000 })
      .where('event_id', '=', `refund:${orderId}`)
      .execute();
    const retried = await refund(orderId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data.outcome).toBe('requested');
    expect([...wechat.refunds.values()].filter((r) => r.out_trade_no === orderId)).toHaveLength(1);

    expect((await notify(wechat.refundNotification(order, 1000))).statusCode).toBe(204);
    const after = await detail(orderId);
    expect(after.status).toBe('refunded');
    // The retried claim was re-dated, so it sorts after refund.processing.
    expect(types(after)).toEqual(['TRANSACTION.SUCCESS', 'refund.processing', 'refund.requested', 'REFUND.SUCCESS']);
    expect(after.grant.revoked_at).not.toBeNull();
    wechat.setRefundStatus('SUCCESS');
  });

  it('answers 502 REFUND_FAILED and changes nothing when WeChat refuses', async () => {
    const user = await createUser(ctx);
    const { orderId } = await paidWechatOrder(user);
    const expiry = await expiryOf(user);
    wechat.failWith(/\/v3\/refund\/domestic\/refunds/, 403, 'NOT_ENOUGH');
    const response = await refund(orderId);
    expect(response.statusCode).toBe(502);
    expect(response.json().code).toBe('REFUND_FAILED');
    const after = await detail(orderId);
    expect(after.status).toBe('paid');
    expect(types(after)).toEqual(['TRANSACTION.SUCCESS']);
    expect(await expiryOf(user)).toBe(expiry);
    // The claim was released: a second attempt goes through.
    expect((await refund(orderId)).statusCode).toBe(200);
  });
});

describe('refunds through Stripe', () => {
  it('refunds the payment intent with the secret key; the later charge.refunded webhook changes nothing', async () => {
    const user = await createUser(ctx);
    const { orderId, paymentIntent } = await paidStripeOrder(user);
    const response = await refund(orderId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.outcome).toBe('refunded');
    expect(stripe.refunds.filter((r) => r.payment_intent === paymentIntent)).toHaveLength(1);
    expect(stripe.requests.at(-1)?.form).toMatchObject({ payment_intent: paymentIntent });
    const after = await detail(orderId);
    expect(after.status).toBe('refunded');
    expect(types(after)).toEqual(['checkout.session.completed', 'refund.requested', 'refund.succeeded']);

    const webhook = await deliverStripe(ctx, stripeEvent('charge.refunded', stripeRefundedCharge(paymentIntent)));
    expect(webhook.statusCode).toBe(200);
    expect((await detail(orderId)).status).toBe('refunded');
  });

  it('answers 502 REFUND_FAILED and changes nothing when Stripe refuses', async () => {
    const user = await createUser(ctx);
    const { orderId } = await paidStripeOrder(user);
    const expiry = await expiryOf(user);
    stripe.failNextWith(402, 'card_declined');
    const response = await refund(orderId);
    expect(response.statusCode).toBe(502);
    expect(response.json().code).toBe('REFUND_FAILED');
    expect((await detail(orderId)).status).toBe('paid');
    expect(await expiryOf(user)).toBe(expiry);
  });
});
