import { createCoinLedger } from '../src/modules/coins/coin-ledger.js';
import { createPack, turnCoinsOn, walletOf } from './helpers/coin-flows.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarMonths } from '../src/lib/time.js';
import { createOrderLedger } from '../src/modules/payments/order-ledger.js';
import { createMembershipService } from '../src/modules/membership/membership.service.js';
import { createWechatPayClient } from '../src/modules/payments/wechat/wechat-pay-client.js';
import { createWechatReconciler, RECONCILE_AFTER_MS } from '../src/modules/payments/wechat/wechat-reconciler.js';
import { authHeader, createUser, nextClientIp, type TestUser } from './helpers/factories.js';
import {
  APP_ID,
  CERT_SERIAL,
  MCH_ID,
  startFakeWechatPay,
  type FakeOrder,
  type FakeWechatPay,
  type SignedMessage,
} from './helpers/fake-wechat-pay.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

let ctx: TestContext;
let fake: FakeWechatPay;
let keyDir: string;

const PUBLIC_URL = 'https://comics.example.com';

const create = (user: TestUser, months: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payment/wechat/payment/china_book_membership/create',
    headers: authHeader(user),
    payload: { months },
    remoteAddress: nextClientIp(),
  });
const status = async (user: TestUser, orderId: string) =>
  (await ctx.app.inject({ url: `/api/v1/payment/wechat/payment/status/${orderId}`, headers: authHeader(user) })).json().data.result;
const notify = (message: SignedMessage) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/payment/wechat/notify', headers: message.headers, payload: message.body });
const expiryOf = async (user: TestUser) => {
  const result = (await ctx.app.inject({ url: '/api/v1/user/book/membership', headers: authHeader(user) })).json().data.result as {
    expire_at: string;
  } | null;
  return result ? Date.parse(result.expire_at) : null;
};
const liveGrants = (userId: number) =>
  ctx.db.selectFrom('membership_grants').selectAll().where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
const orderRow = (orderId: string) =>
  ctx.db.selectFrom('payment_orders').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
const incidents = (reference: string) => ctx.db.selectFrom('payment_incidents').selectAll().where('reference', '=', reference).execute();

/** A user with a WeChat order the fake knows; `paid` makes the payer pay it. */
async function userWithOrder(months = 3, paid = true): Promise<{ user: TestUser; orderId: string; order: FakeOrder }> {
  const user = await createUser(ctx);
  const response = await create(user, months);
  expect(response.statusCode).toBe(200);
  const orderId = response.json().data.order_id as string;
  const order = paid ? fake.pay(orderId) : fake.orders.get(orderId)!;
  return { user, orderId, order };
}

function reconciler(now = Date.now) {
  const config = ctx.config.wechatPay!;
  const membership = createMembershipService({ db: ctx.db, domainEvents: ctx.app.domainEvents, now });
  const ledger = createOrderLedger({
    domainEvents: ctx.app.domainEvents,
    membership,
    coins: createCoinLedger({ now }),
    inviteRewardDays: 7,
    now,
  });
  return createWechatReconciler({
    db: ctx.db,
    domainEvents: ctx.app.domainEvents,
    ledger,
    client: createWechatPayClient(config),
    config,
    log: ctx.app.log,
    now,
  });
}

/** One reconciliation pass by a node that then stops (releasing the lease). */
async function reconcileOnce() {
  const node = reconciler();
  try {
    return await node.runOnce();
  } finally {
    await node.stop();
  }
}

beforeAll(async () => {
  keyDir = mkdtempSync(path.join(tmpdir(), 'inkstream-wechat-'));
  fake = await startFakeWechatPay(keyDir);
  ctx = await createTestContext({ ...fake.env(), PUBLIC_URL });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
  rmSync(keyDir, { recursive: true, force: true });
});

describe('creating a WeChat Pay Native order', () => {
  it('sends a signed order to WeChat Pay and answers the QR code of its code_url', async () => {
    const before = Date.now();
    const { orderId, order } = await userWithOrder(3, false);
    // The fake verified our WECHATPAY2-SHA256-RSA2048 signature with the merchant public key.
    const request = fake.requests.find(
      (r) => r.path === '/v3/pay/transactions/native' && (r.body as { out_trade_no?: string }).out_trade_no === orderId,
    );
    expect(request?.body).toMatchObject({
      appid: APP_ID,
      mchid: MCH_ID,
      out_trade_no: orderId,
      notify_url: `${PUBLIC_URL}/api/v1/payment/wechat/notify`,
      amount: { total: 2700, currency: 'CNY' },
    });
    expect(order.description).toContain('季卡');
    const expires = Date.parse(order.time_expire);
    // time_expire: the 3 minutes the payer is told to wait, plus 30 s of grace; never the old 10 minutes.
    expect(expires).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 3 * 60_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 3 * 60_000 + 30_000);
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ provider: 'wechat', status: 'pending', amount_fen: 2700, months: 3 });
  });

  it('encodes exactly the code_url in the QR image', async () => {
    const user = await createUser(ctx);
    const data = (await create(user, 1)).json().data;
    const codeUrl = fake.orders.get(data.order_id)?.code_url;
    expect(codeUrl).toMatch(/^weixin:\/\//);
    expect(data.qr_code).toBe(await QRCode.toDataURL(codeUrl!, { margin: 1, width: 256 }));
  });

  it('answers 503 and settles the order as failed when WeChat Pay refuses it', async () => {
    fake.failWith(/\/native$/, 500, 'SYSTEM_ERROR');
    const user = await createUser(ctx);
    const response = await create(user, 1);
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('PAYMENT_UNAVAILABLE');
    const rows = await ctx.db.selectFrom('payment_orders').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'failed' });
    expect(rows[0]?.settled_at).not.toBeNull();
  });

  it('does not trust an answer WeChat Pay did not sign', async () => {
    fake.setUnsigned(true);
    try {
      const response = await create(await createUser(ctx), 1);
      expect(response.statusCode).toBe(503);
    } finally {
      fake.setUnsigned(false);
    }
  });

  it('sandbox endpoints are off when WeChat Pay is configured, and /config/public says so', async () => {
    const { orderId } = await userWithOrder(1, false);
    const sandbox = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/payment/sandbox/orders/${orderId}/pay`,
      payload: { outcome: 'succeeded' },
    });
    expect(sandbox.statusCode).toBe(404);
    const config = (await ctx.app.inject('/api/v1/config/public')).json().data.result;
    expect(config.payments.wechat).toEqual({ enabled: true, sandbox: false, renewing: false });
    // A real provider is configured, so PAYMENTS_SANDBOX=auto keeps the sandbox off for cards too.
    expect(config.payments.stripe).toMatchObject({ enabled: false, sandbox: false });
  });
});

describe('WeChat Pay notifications', () => {
  it('a verified notification grants the plan once and answers 204', async () => {
    const { user, orderId, order } = await userWithOrder(3);
    const response = await notify(fake.notification(order));
    expect(response.statusCode).toBe(204);
    expect(await status(user, orderId)).toEqual({ completed: true, status: 'succeeded' });
    const grants = await liveGrants(user.id);
    expect(grants).toHaveLength(1);
    expect(Number(grants[0]!.ends_at)).toBe(addCalendarMonths(Number(grants[0]!.starts_at), 3));
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', provider_txn_id: order.transaction_id });
    // WeChat resends until it sees a 2xx; a resend changes nothing.
    expect((await notify(fake.notification(order))).statusCode).toBe(204);
    expect(await liveGrants(user.id)).toHaveLength(1);
  });

  it('accepts notifications signed with the platform certificate as well as the public key', async () => {
    const { user, order } = await userWithOrder(1);
    expect((await notify(fake.notification(order, { signer: 'certificate' }))).statusCode).toBe(204);
    expect(await liveGrants(user.id)).toHaveLength(1);
    expect(CERT_SERIAL).not.toMatch(/^PUB_KEY_ID_/);
  });

  it.each([
    ['a wrong signature (another key, same serial)', { signer: 'stranger' as const }],
    ['an unknown serial', { serial: 'PUB_KEY_ID_0000000000000000000000000099' }],
    ['a timestamp 6 minutes old', { timestamp: Math.floor(Date.now() / 1000) - 360 }],
    ['a timestamp 6 minutes ahead', { timestamp: Math.floor(Date.now() / 1000) + 360 }],
    [
      'a flipped GCM tag byte',
      {
        tamperCiphertext: (bytes: Buffer) => {
          const copy = Buffer.from(bytes);
          copy[copy.length - 1]! ^= 0x01;
          return copy;
        },
      },
    ],
    [
      'a flipped ciphertext byte',
      {
        tamperCiphertext: (bytes: Buffer) => {
          const copy = Buffer.from(bytes);
          copy[0]! ^= 0x80;
          return copy;
        },
      },
    ],
  ])('rejects %s with 401 {"code":"FAIL"} and grants nothing', async (_name, options) => {
    const { user, orderId, order } = await userWithOrder(1);
    const response = await notify(fake.notification(order, options));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'FAIL', message: expect.any(String) });
    expect(await liveGrants(user.id)).toHaveLength(0);
    expect((await orderRow(orderId)).status).toBe('pending');
  });

  it('rejects a body changed after signing', async () => {
    const { user, order } = await userWithOrder(1);
    const message = fake.notification(order);
    const response = await notify({ ...message, body: message.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ') });
    expect(response.statusCode).toBe(401);
    expect(await liveGrants(user.id)).toHaveLength(0);
  });

  it('rejects missing headers and malformed bodies without a 500', async () => {
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payment/wechat/notify',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe('FAIL');
    const { user, order } = await userWithOrder(1);
    for (const body of [
      'not json',
      '{}',
      '{"id":"E1","event_type":"TRANSACTION.SUCCESS","resource":{"algorithm":"AEAD_AES_256_GCM"}}',
      'null',
    ]) {
      const response = await notify(fake.signed(body));
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('FAIL');
    }
    // Decrypts fine but is not a transaction.
    expect((await notify(fake.notification(order, { resource: { nonsense: true } }))).statusCode).toBe(400);
    expect(await liveGrants(user.id)).toHaveLength(0);
  });

  it('rejects an amount that differs from the order, keeps it for an admin, grants nothing', async () => {
    const { user, orderId, order } = await userWithOrder(3);
    const resource = {
      appid: APP_ID,
      mchid: MCH_ID,
      out_trade_no: orderId,
      transaction_id: order.transaction_id,
      trade_state: 'SUCCESS',
      amount: { total: 1 },
    };
    const response = await notify(fake.notification(order, { resource }));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('FAIL');
    expect(await liveGrants(user.id)).toHaveLength(0);
    expect((await orderRow(orderId)).status).toBe('pending');
    expect(await incidents(orderId)).toMatchObject([{ provider: 'wechat', kind: 'amount_mismatch' }]);
    // WeChat retries; the incident is kept once.
    await notify(fake.notification(order, { resource }));
    expect(await incidents(orderId)).toHaveLength(1);
  });

  it('rejects another merchant or app, and an order we never made', async () => {
    const { user, orderId, order } = await userWithOrder(1);
    const base = { out_trade_no: orderId, transaction_id: order.transaction_id, trade_state: 'SUCCESS', amount: { total: 1000 } };
    expect((await notify(fake.notification(order, { resource: { ...base, appid: APP_ID, mchid: '1900000999' } }))).statusCode).toBe(400);
    expect((await notify(fake.notification(order, { resource: { ...base, appid: 'wx0000000000000000', mchid: MCH_ID } }))).statusCode).toBe(
      400,
    );
    expect(await liveGrants(user.id)).toHaveLength(0);
    const ghost = { ...base, appid: APP_ID, mchid: MCH_ID, out_trade_no: 'IS20261122FFFFFFFFFFFFFFFFFFFF' };
    expect((await notify(fake.notification(order, { resource: ghost }))).statusCode).toBe(400);
    expect(await incidents('IS20261122FFFFFFFFFFFFFFFFFFFF')).toMatchObject([{ kind: 'unknown_order' }]);
  });

  it('grants a payment that arrives after the order expired: the payer paid', async () => {
    const { user, orderId, order } = await userWithOrder(1);
    await ctx.db
      .updateTable('payment_orders')
      .set({ expires_at: Date.now() - 1000 })
      .where('order_id', '=', orderId)
      .execute();
    expect(await status(user, orderId)).toEqual({ completed: false, status: 'expired' });
    expect((await notify(fake.notification(order))).statusCode).toBe(204);
    expect(await status(user, orderId)).toEqual({ completed: true, status: 'succeeded' });
    expect(await liveGrants(user.id)).toHaveLength(1);
  });

  it('50 identical notifications at once grant exactly once', async () => {
    const { user, orderId, order } = await userWithOrder(3);
    const message = fake.notification(order);
    const responses = await Promise.all(Array.from({ length: 50 }, () => notify(message)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(204));
    expect(await liveGrants(user.id)).toHaveLength(1);
    expect((await orderRow(orderId)).status).toBe('paid');
  });

  it('a full refund revokes the grant and re-stacks the rest; a partial one waits for an admin', async () => {
    const first = await userWithOrder(1);
    expect((await notify(fake.notification(first.order))).statusCode).toBe(204);
    const afterFirst = await expiryOf(first.user);
    // The same user buys a second month card, stacked after the first.
    const response = await create(first.user, 1);
    const second = fake.pay(response.json().data.order_id);
    expect((await notify(fake.notification(second))).statusCode).toBe(204);
    const afterSecond = await expiryOf(first.user);
    expect(afterSecond).toBe(addCalendarMonths(afterFirst!, 1));

    const partial = fake.refundNotification(first.order, 500);
    expect((await notify(partial)).statusCode).toBe(204);
    expect(await expiryOf(first.user)).toBe(afterSecond);
    expect(
      (await ctx.db.selectFrom('payment_incidents').selectAll().where('kind', '=', 'partial_refund').execute()).length,
    ).toBeGreaterThan(0);

    expect((await notify(fake.refundNotification(first.order, 1000))).statusCode).toBe(204);
    expect((await orderRow(first.orderId)).status).toBe('refunded');
    // The second card now starts where the first did: the membership is one month shorter.
    const afterRefund = await expiryOf(first.user);
    const [remaining] = await liveGrants(first.user.id);
    expect(await liveGrants(first.user.id)).toHaveLength(1);
    expect(Number(remaining!.starts_at)).toBe(Number(remaining!.created_at));
    expect(afterRefund).toBe(addCalendarMonths(Number(remaining!.created_at), 1));
    expect(afterRefund).toBeLessThan(afterSecond!);
    // A resent refund changes nothing.
    expect((await notify(fake.refundNotification(first.order, 1000))).statusCode).toBe(204);
    expect(await expiryOf(first.user)).toBe(afterRefund);
  });
});

describe('WeChat Pay reconciliation', () => {
  const age = (orderId: string, createdAgoMs: number, expiresInMs: number) =>
    ctx.db
      .updateTable('payment_orders')
      .set({ created_at: Date.now() - createdAgoMs, expires_at: Date.now() + expiresInMs })
      .where('order_id', '=', orderId)
      .execute();

  it('grants an order WeChat reports paid when the notification never came', async () => {
    const { user, orderId } = await userWithOrder(3);
    await age(orderId, RECONCILE_AFTER_MS + 1000, 5 * 60_000);
    const outcomes = await reconcileOnce();
    expect(outcomes.get(orderId)).toBe('paid');
    expect(await status(user, orderId)).toEqual({ completed: true, status: 'succeeded' });
    expect(await liveGrants(user.id)).toHaveLength(1);
    // Settled: the next run does not ask WeChat again.
    expect((await reconcileOnce()).has(orderId)).toBe(false);
  });

  it('leaves young orders to the notification and unpaid live ones waiting', async () => {
    const young = await userWithOrder(1, false);
    const waiting = await userWithOrder(1, false);
    await age(waiting.orderId, RECONCILE_AFTER_MS + 1000, 5 * 60_000);
    const outcomes = await reconcileOnce();
    expect(outcomes.has(young.orderId)).toBe(false);
    expect(outcomes.get(waiting.orderId)).toBe('waiting');
  });

  it('closes an expired unpaid order at WeChat, so it can no longer be paid', async () => {
    const { user, orderId, order } = await userWithOrder(1, false);
    await age(orderId, 11 * 60_000, -60_000);
    const outcomes = await reconcileOnce();
    expect(outcomes.get(orderId)).toBe('closed');
    expect(order.trade_state).toBe('CLOSED');
    expect(fake.requests.some((r) => r.path.endsWith(`${orderId}/close`))).toBe(true);
    expect((await orderRow(orderId)).status).toBe('expired');
    expect(await liveGrants(user.id)).toHaveLength(0);
  });

  it('grants a payment made after the web app gave up (past 3 minutes, before the order closed)', async () => {
    const { user, orderId } = await userWithOrder(1, false);
    await age(orderId, 4 * 60_000, 6 * 60_000);
    expect((await reconcileOnce()).get(orderId)).toBe('waiting');
    fake.pay(orderId);
    expect((await reconcileOnce()).get(orderId)).toBe('paid');
    expect(await liveGrants(user.id)).toHaveLength(1);
  });

  it('runs on one node at a time', async () => {
    const { orderId } = await userWithOrder(1, false);
    await age(orderId, RECONCILE_AFTER_MS + 1000, 5 * 60_000);
    const a = reconciler();
    const b = reconciler();
    expect((await a.runOnce()).has(orderId)).toBe(true);
    expect((await b.runOnce()).size).toBe(0);
    await a.stop(); // releases the lease
    expect((await b.runOnce()).has(orderId)).toBe(true);
    await b.stop();
  });
});

describe('coin packs through WeChat Pay (issue 42)', () => {
  it('sells a pack as a Native order, credits its coins and bonus once, and takes them back on a full refund', async () => {
    await turnCoinsOn(ctx, await createUser(ctx, { role: 'admin' }));
    const pack = await createPack(ctx, { coins: 500, bonus: 50, priceFen: 2800 });
    const user = await createUser(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payment/wechat/payment/china_book_membership/create',
      headers: authHeader(user),
      payload: { pack },
      remoteAddress: nextClientIp(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const orderId = response.json().data.order_id as string;
    expect(response.json().data.amount_fen).toBe(2800);
    const sent = fake.orders.get(orderId)!;
    expect(sent.description).toContain('550 金币');
    expect(await orderRow(orderId)).toMatchObject({ plan: 'coins', months: 0, coins: 500, bonus_coins: 50, amount_fen: 2800 });
    const order = fake.pay(orderId);
    for (let i = 0; i < 3; i += 1) expect((await notify(fake.notification(order))).statusCode).toBe(204);
    expect(await status(user, orderId)).toEqual({ completed: true, status: 'succeeded' });
    const wallet = await walletOf(ctx, user);
    expect(wallet.balance).toBe(550);
    expect(wallet.history.map((entry) => [entry.kind, entry.coins])).toEqual([
      ['bonus', 50],
      ['purchase', 500],
    ]);
    // No membership came with it.
    expect(await liveGrants(user.id)).toEqual([]);
    expect((await notify(fake.refundNotification(order, 2800))).statusCode).toBe(204);
    expect((await walletOf(ctx, user)).balance).toBe(0);
  });
});
