import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarMonths } from '../src/lib/time.js';
import { readStripeConfig } from '../src/modules/payments/payments-config.js';
import { authHeader, callApi, createUser, createUserWithEmail, nextClientIp, type TestUser } from './helpers/factories.js';
import {
  redeemCoupon,
  sandboxPay,
  STRIPE_TEST_ENV,
  STRIPE_TEST_SECRET,
  stripeCheckoutSession,
  stripeEvent,
  stripeId,
} from './helpers/payment-flows.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * Gift memberships (issue 59, docs/PAYMENTS.md "Gifts"): bought on the sandbox (the WeChat rail's
 * order call) and on Stripe (a gift payment link), redeemed by another account through the coupon
 * box, once, never by the buyer; a refund voids the code or revokes the redeemer's grant.
 */
let ctx: TestContext;
let admin: TestUser;

const GIFT_LINKS = { STRIPE_PAYMENT_LINK_GIFT_MONTH: 'plink_test_gift_month', STRIPE_PAYMENT_LINK_GIFT_SEASON: 'plink_test_gift_season' };

beforeAll(async () => {
  // Stripe with gift links, and the sandbox forced on beside it: both rails in one app.
  ctx = await createTestContext({ ...STRIPE_TEST_ENV, ...GIFT_LINKS, PAYMENTS_SANDBOX: 'on' });
  admin = await createUser(ctx, { role: 'admin' });
}, 60_000);
afterAll(() => ctx?.close());

const createGiftOrder = async (buyer: TestUser, months: number) => {
  const response = await callApi(ctx, 'POST', '/payment/wechat/payment/china_book_membership/create', buyer, { months, gift: true });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.order_id as string;
};
const statusOf = async (buyer: TestUser, orderId: string) =>
  (await callApi(ctx, 'GET', `/payment/wechat/payment/status/${orderId}`, buyer)).json().data.result;
const membershipEnd = async (user: TestUser) => {
  const result = (await callApi(ctx, 'GET', '/user/book/membership', user)).json().data.result;
  return result === null ? null : Date.parse(result.expire_at);
};
const liveGrants = (user: TestUser) =>
  ctx.db.selectFrom('membership_grants').selectAll().where('user_id', '=', user.id).where('revoked_at', 'is', null).execute();
const giftsOf = async (buyer: TestUser) => (await callApi(ctx, 'GET', '/user/gifts', buyer)).json().data.result;

/** Buys a gift on the sandbox and returns its order and the code the status answer shows. */
async function buyGift(buyer: TestUser, months = 1) {
  const orderId = await createGiftOrder(buyer, months);
  expect((await sandboxPay(ctx, buyer, orderId)).statusCode).toBe(200);
  const status = await statusOf(buyer, orderId);
  expect(status).toMatchObject({ completed: true, status: 'succeeded' });
  expect(status.gift.code).toMatch(/^GIFT(-[0-9A-Z]{4}){4}$/);
  return { orderId, code: status.gift.code as string, link: status.gift.link as string };
}

function deliverStripe(payload: object) {
  const body = JSON.stringify(payload);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payment/stripe/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret: STRIPE_TEST_SECRET }),
    },
    payload: body,
  });
}

describe('buying a gift', () => {
  it('on the sandbox: the buyer gets no time, a code and link once (status answer), the gift list shows its state, the mail carries it', async () => {
    const buyer = await createUserWithEmail(ctx);
    const { orderId, code, link } = await buyGift(buyer, 3);
    expect(link).toBe(`${ctx.config.publicUrl}/gift#${code}`);
    // The sandbox checkout page is told it is a gift (its words say where the code is).
    const sandboxOrder = (await callApi(ctx, 'GET', `/payment/sandbox/orders/${orderId}`, buyer)).json().data.result;
    expect(sandboxOrder).toMatchObject({ plan: 'season', gift: true });
    expect(await membershipEnd(buyer)).toBeNull();
    expect(await liveGrants(buyer)).toEqual([]);
    const order = await ctx.db.selectFrom('payment_orders').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'paid', gift: 1, months: 3, amount_fen: 2700 });
    // Only a hash is stored: the code appears in no column of the gift's row.
    const row = await ctx.db.selectFrom('gift_codes').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(code.replaceAll('-', '').slice(4));
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    // The list right after the payment still shows it (the same window), with its state.
    const [listed] = await giftsOf(buyer);
    expect(listed).toMatchObject({
      order_id: orderId,
      plan: 'season',
      months: 3,
      provider: 'sandbox',
      state: 'unredeemed',
      redeemed_at: null,
    });
    expect(listed.reveal.code).toBe(code);
    // The mail: the code and the link, forgotten by the outbox row once sent (secret fields).
    const mail = await ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('user_id', '=', buyer.id)
      .where('kind', '=', 'gift-code')
      .execute();
    expect(mail).toHaveLength(1);
    expect(JSON.parse(mail[0]!.data)).toMatchObject({ code, link });
    // No payment receipt claiming a longer membership for the buyer.
    const kinds = (await ctx.db.selectFrom('mail_outbox').select('kind').where('user_id', '=', buyer.id).execute()).map((m) => m.kind);
    expect(kinds).toEqual(['gift-code']);
  });

  it('earns the buyer’s inviter nothing; the buyer’s first order for themselves still does', async () => {
    const inviter = await createUser(ctx);
    const buyer = await createUser(ctx);
    await ctx.db.updateTable('users').set({ invited_by: inviter.id }).where('id', '=', buyer.id).execute();
    await buyGift(buyer, 1);
    expect(await liveGrants(inviter)).toEqual([]);
    const own = await callApi(ctx, 'POST', '/payment/wechat/payment/china_book_membership/create', buyer, { months: 1 });
    await sandboxPay(ctx, buyer, own.json().data.order_id);
    expect((await liveGrants(inviter)).map((grant) => [grant.source, grant.grant_days])).toEqual([['invite', 7]]);
  });

  it('shows the code only in the window after the payment, never afterwards', async () => {
    const buyer = await createUser(ctx);
    const { orderId } = await buyGift(buyer);
    // The window is counted from the first answer that showed it: move that back by 11 minutes.
    await ctx.db
      .updateTable('gift_codes')
      .set({ revealed_at: Date.now() - 11 * 60_000 })
      .where('order_id', '=', orderId)
      .execute();
    const status = await statusOf(buyer, orderId);
    expect(status).toEqual({ completed: true, status: 'succeeded' });
    const [listed] = await giftsOf(buyer);
    expect(listed.state).toBe('unredeemed');
    expect(listed).not.toHaveProperty('reveal');
  });

  it('refuses a gift of a coin pack, and keeps the order call as it was without `gift`', async () => {
    const buyer = await createUser(ctx);
    const refused = await callApi(ctx, 'POST', '/payment/wechat/payment/china_book_membership/create', buyer, { pack: 1, gift: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('INVALID_PLAN');
    const wrongType = await callApi(ctx, 'POST', '/payment/wechat/payment/china_book_membership/create', buyer, { months: 1, gift: 'yes' });
    expect(wrongType.statusCode).toBe(400);
    const unknown = await callApi(ctx, 'POST', '/payment/wechat/payment/china_book_membership/create', buyer, { months: 1, giftee: 'x' });
    // A closed body: a field it does not name is dropped (ClosedObject), so this is an order for oneself.
    expect(unknown.statusCode).toBe(200);
    const dropped = await ctx.db
      .selectFrom('payment_orders')
      .select('gift')
      .where('order_id', '=', unknown.json().data.order_id)
      .executeTakeFirstOrThrow();
    expect(dropped.gift).toBe(0);
    // Without `gift`: an order for oneself, paid into one's own membership, no gift made.
    const own = await callApi(ctx, 'POST', '/payment/wechat/payment/china_book_membership/create', buyer, { months: 1 });
    const orderId = own.json().data.order_id as string;
    await sandboxPay(ctx, buyer, orderId);
    expect(await statusOf(buyer, orderId)).toEqual({ completed: true, status: 'succeeded' });
    expect(await membershipEnd(buyer)).not.toBeNull();
    expect(await giftsOf(buyer)).toEqual([]);
    expect((await callApi(ctx, 'GET', `/admin/orders/${orderId}`, admin)).json().data).not.toHaveProperty('gift');
  });

  it('on Stripe: a gift payment link makes a gift for the payer (shown once in their gift list), a plan link does not', async () => {
    const buyer = await createUser(ctx);
    const paid = stripeCheckoutSession(buyer, { payment_link: 'plink_test_gift_season', amount_total: 2700 });
    expect((await deliverStripe(stripeEvent('checkout.session.completed', paid))).statusCode).toBe(200);
    expect(await membershipEnd(buyer)).toBeNull();
    const [listed] = await giftsOf(buyer);
    expect(listed).toMatchObject({ provider: 'stripe', plan: 'season', months: 3, state: 'unredeemed' });
    const friend = await createUser(ctx);
    const before = Date.now();
    expect((await redeemCoupon(ctx, friend, listed.reveal.code)).statusCode).toBe(200);
    expect(await membershipEnd(friend)).toBeGreaterThanOrEqual(addCalendarMonths(before, 3));
    // Resent: nothing more.
    expect((await deliverStripe(stripeEvent('checkout.session.completed', paid))).statusCode).toBe(200);
    expect(await ctx.db.selectFrom('gift_codes').selectAll().where('buyer_id', '=', buyer.id).execute()).toHaveLength(1);
  });
});

describe('redeeming a gift', () => {
  it('grants the plan to the friend under the source gift with the order as its reference; twice or by the buyer is refused', async () => {
    const buyer = await createUser(ctx);
    const friend = await createUser(ctx);
    const other = await createUser(ctx);
    const { orderId, code } = await buyGift(buyer, 1);

    const own = await redeemCoupon(ctx, buyer, code);
    expect(own.statusCode).toBe(400);
    expect(own.json().code).toBe('GIFT_OWN');

    const before = Date.now();
    // Typed loosely: lower case, spaces instead of dashes.
    const redeemed = await redeemCoupon(ctx, friend, code.toLowerCase().replaceAll('-', ' '));
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(Date.parse(redeemed.json().data.result.expire_at)).toBeGreaterThanOrEqual(addCalendarMonths(before, 1));
    const [grant] = await liveGrants(friend);
    expect(grant).toMatchObject({ source: 'gift', source_ref: orderId, grant_months: 1 });

    for (const who of [friend, other]) {
      const again = await redeemCoupon(ctx, who, code);
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('GIFT_ALREADY_REDEEMED');
    }
    const [listed] = await giftsOf(buyer);
    expect(listed.state).toBe('redeemed');
    expect(Date.parse(listed.redeemed_at)).toBeGreaterThanOrEqual(before);
    expect(listed).not.toHaveProperty('reveal');
    expect((await statusOf(buyer, orderId)).gift).toBeUndefined();

    // The console's order page: a gift, redeemed by whom and when; the grant shown is the friend's.
    const detail = (await callApi(ctx, 'GET', `/admin/orders/${orderId}`, admin)).json().data;
    expect(detail.gift).toEqual({
      state: 'redeemed',
      redeemed_by: { uuid: friend.uuid, username: friend.username },
      redeemed_at: listed.redeemed_at,
      cancelled_at: null,
    });
    expect(detail.grant).toMatchObject({ source: 'gift', revoked_at: null });
    expect(JSON.stringify(detail)).not.toContain(code);

    const unknown = await redeemCoupon(ctx, friend, 'GIFT-0000-0000-0000-0000');
    expect(unknown.json().code).toBe('INVALID_COUPON');
  });

  it('is rate-limited per account like coupons', async () => {
    const friend = await createUser(ctx);
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1) codes.push((await redeemCoupon(ctx, friend, 'GIFT-0000-0000-0000-000' + (i % 10))).statusCode);
    expect(codes.slice(0, 10).every((code) => code === 400)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('20 concurrent redemptions of one code by 20 accounts grant once', async () => {
    const buyer = await createUser(ctx);
    const { orderId, code } = await buyGift(buyer, 1);
    const friends = await Promise.all(Array.from({ length: 20 }, () => createUser(ctx)));
    const answers = await Promise.all(friends.map((friend) => redeemCoupon(ctx, friend, code)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 400).map((answer) => answer.json().code)).toEqual(
      Array(19).fill('GIFT_ALREADY_REDEEMED'),
    );
    const grants = await ctx.db
      .selectFrom('membership_grants')
      .selectAll()
      .where('source', '=', 'gift')
      .where('source_ref', '=', orderId)
      .execute();
    expect(grants).toHaveLength(1);
  }, 60_000);
});

describe('refunding a gift', () => {
  const refund = (orderId: string) => callApi(ctx, 'POST', `/admin/orders/${orderId}/refund`, admin, { reason: 'asked' });

  it('unredeemed: the code dies', async () => {
    const buyer = await createUser(ctx);
    const { orderId, code } = await buyGift(buyer);
    expect((await refund(orderId)).statusCode).toBe(200);
    const friend = await createUser(ctx);
    const refused = await redeemCoupon(ctx, friend, code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('GIFT_CANCELLED');
    expect(await membershipEnd(friend)).toBeNull();
    expect((await giftsOf(buyer))[0].state).toBe('cancelled');
  });

  it('redeemed: the redeemer’s grant is revoked and their other time re-stacked', async () => {
    const buyer = await createUser(ctx);
    const friend = await createUser(ctx);
    const { orderId, code } = await buyGift(buyer, 3);
    expect((await redeemCoupon(ctx, friend, code)).statusCode).toBe(200);
    // The friend's own month card, stacked after the gift's three months.
    const own = await callApi(ctx, 'POST', '/payment/wechat/payment/china_book_membership/create', friend, { months: 1 });
    await sandboxPay(ctx, friend, own.json().data.order_id);
    const stacked = (await membershipEnd(friend))!;
    expect(stacked).toBeGreaterThan(addCalendarMonths(Date.now(), 3));
    const before = Date.now();
    expect((await refund(orderId)).statusCode).toBe(200);
    const after = (await membershipEnd(friend))!;
    expect(after).toBeLessThanOrEqual(addCalendarMonths(Date.now(), 1));
    expect(after).toBeGreaterThanOrEqual(addCalendarMonths(before, 1) - 60_000);
    expect((await liveGrants(friend)).map((grant) => grant.source)).toEqual(['sandbox']);
    expect((await giftsOf(buyer))[0].state).toBe('cancelled');
    const detail = (await callApi(ctx, 'GET', `/admin/orders/${orderId}`, admin)).json().data;
    expect(detail).toMatchObject({ status: 'refunded', gift: { state: 'cancelled', redeemed_by: { username: friend.username } } });
    expect(detail.grant.revoked_at).not.toBeNull();
  });

  it('on Stripe (charge.refunded): a redeemed gift’s grant is revoked', async () => {
    const buyer = await createUser(ctx);
    const friend = await createUser(ctx);
    const paid = stripeCheckoutSession(buyer, { payment_link: 'plink_test_gift_month', amount_total: 1000 });
    await deliverStripe(stripeEvent('checkout.session.completed', paid));
    const [listed] = await giftsOf(buyer);
    expect((await redeemCoupon(ctx, friend, listed.reveal.code)).statusCode).toBe(200);
    expect(await membershipEnd(friend)).not.toBeNull();
    const charge = {
      id: stripeId('ch'),
      object: 'charge',
      payment_intent: paid.payment_intent,
      amount: 1000,
      amount_refunded: 1000,
      refunded: true,
      currency: 'cny',
    };
    expect((await deliverStripe(stripeEvent('charge.refunded', charge))).statusCode).toBe(200);
    expect(await liveGrants(friend)).toEqual([]);
  });
});

describe('the redeem call', () => {
  it('answers 4xx, never 5xx, to odd gift-shaped input on ' + TEST_DIALECT, async () => {
    const friend = await createUser(ctx);
    for (const code of ['GIFT', 'GIFT-', 'gift-ÖÖÖÖ-0000-0000-0000', 'GIFT-0000-0000-0000-00000', 'GIFT\u0000']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/user/coupon/redeem',
        headers: authHeader(friend),
        payload: { code },
        remoteAddress: nextClientIp(),
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });
});

describe('the Stripe gift links (configuration)', () => {
  it('are optional beside the six Stripe variables, refused alone, and must differ from every other link', () => {
    expect(readStripeConfig(STRIPE_TEST_ENV)!.giftPaymentLinks.size).toBe(0);
    const both = readStripeConfig({ ...STRIPE_TEST_ENV, ...GIFT_LINKS })!;
    expect([...both.giftPaymentLinks]).toEqual([
      ['plink_test_gift_month', 'month'],
      ['plink_test_gift_season', 'season'],
    ]);
    expect([...readStripeConfig({ ...STRIPE_TEST_ENV, STRIPE_PAYMENT_LINK_GIFT_SEASON: 'plink_x' })!.giftPaymentLinks]).toEqual([
      ['plink_x', 'season'],
    ]);
    expect(() => readStripeConfig(GIFT_LINKS)).toThrow(/Stripe is partly configured/);
    expect(() => readStripeConfig({ ...STRIPE_TEST_ENV, STRIPE_PAYMENT_LINK_GIFT_MONTH: 'plink_test_month' })).toThrow(/must differ/);
    expect(() =>
      readStripeConfig({ ...STRIPE_TEST_ENV, STRIPE_PAYMENT_LINK_GIFT_MONTH: 'plink_a', STRIPE_PAYMENT_LINK_GIFT_SEASON: 'plink_a' }),
    ).toThrow(/must differ/);
    expect(() => readStripeConfig({ ...STRIPE_TEST_ENV, STRIPE_PAYMENT_LINK_GIFT_MONTH: 'buy_btn_x' })).toThrow(/must start with plink_/);
  });
});
