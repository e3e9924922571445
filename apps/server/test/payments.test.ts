import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../src/lib/time.js';
import { createCheckoutTokens } from '../src/modules/payments/checkout-token.js';
import { authHeader, createUser, nextClientIp, type TestUser } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

let ctx: TestContext;

/** Who created each order: the sandbox pays an order only for its owner (or its checkout link). */
const owners = new Map<string, TestUser>();
const create = async (user: TestUser | null, body: object) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payment/wechat/payment/china_book_membership/create',
    headers: user ? authHeader(user) : {},
    payload: body,
    remoteAddress: nextClientIp(),
  });
  if (user && response.statusCode === 200) owners.set(response.json().data.order_id, user);
  return response;
};
const status = (user: TestUser, orderId: string) =>
  ctx.app.inject({ url: `/api/v1/payment/wechat/payment/status/${orderId}`, headers: authHeader(user) });
const pay = (orderId: string, outcome: string, headers: Record<string, string> | null = null, query = '') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/payment/sandbox/orders/${orderId}/pay${query}`,
    headers: headers ?? (owners.has(orderId) ? authHeader(owners.get(orderId)!) : {}),
    payload: { outcome },
  });
const membership = async (user: TestUser) =>
  (await ctx.app.inject({ url: '/api/v1/user/book/membership', headers: authHeader(user) })).json().data.result as {
    expire_at: string;
  } | null;
const grantsOf = (userId: number) => ctx.db.selectFrom('membership_grants').selectAll().where('user_id', '=', userId).execute();

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('membership orders with the sandbox provider', () => {
  it('creates an order with a QR code, amount and expiry', async () => {
    const user = await createUser(ctx);
    const response = await create(user, { months: 3 });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.qr_code).toMatch(/^data:image\/png;base64,/);
    expect(data.order_id).toMatch(/^IS\d{8}[0-9A-F]{20}$/);
    expect(data.amount_fen).toBe(2700);
    expect(Date.parse(data.expires_at)).toBeGreaterThan(Date.now());
    expect((await status(user, data.order_id)).json().data.result).toEqual({ completed: false, status: 'requires_action' });
  });

  it('refuses other plans, visitors, and other users looking at the order', async () => {
    const user = await createUser(ctx);
    for (const months of [0, 2, 12]) {
      const response = await create(user, { months });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('INVALID_PLAN');
    }
    expect((await create(null, { months: 1 })).statusCode).toBe(401);
    const order = (await create(user, { months: 1 })).json().data.order_id;
    const stranger = await createUser(ctx);
    const peek = await status(stranger, order);
    expect(peek.statusCode).toBe(404);
    expect(peek.json().code).toBe('ORDER_NOT_FOUND');
  });

  it('grants the months paid for once, however often the payment is confirmed', async () => {
    const user = await createUser(ctx);
    const order = (await create(user, { months: 1 })).json().data.order_id;
    expect((await pay(order, 'succeeded')).json().data.result).toEqual({ completed: true, status: 'succeeded' });
    expect((await pay(order, 'succeeded')).statusCode).toBe(200);
    expect((await status(user, order)).json().data.result).toEqual({ completed: true, status: 'succeeded' });
    const grants = await grantsOf(user.id);
    expect(grants).toHaveLength(1);
    const days = (grants[0]!.ends_at - grants[0]!.starts_at) / DAY_MS;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    expect(await membership(user)).not.toBeNull();
  });

  it('grants exactly once when 50 confirmations arrive at the same moment', async () => {
    const user = await createUser(ctx);
    const order = (await create(user, { months: 3 })).json().data.order_id;
    const responses = await Promise.all(Array.from({ length: 50 }, () => pay(order, 'succeeded')));
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    expect(await grantsOf(user.id)).toHaveLength(1);
  });

  it('stacks a second purchase on the first', async () => {
    const user = await createUser(ctx);
    await pay((await create(user, { months: 1 })).json().data.order_id, 'succeeded');
    const first = Date.parse((await membership(user))!.expire_at);
    await pay((await create(user, { months: 3 })).json().data.order_id, 'succeeded');
    const second = Date.parse((await membership(user))!.expire_at);
    expect(second - first).toBeGreaterThanOrEqual(89 * DAY_MS);
    expect(second - first).toBeLessThanOrEqual(92 * DAY_MS);
  });

  it('records a failed payment and grants nothing', async () => {
    const user = await createUser(ctx);
    const order = (await create(user, { months: 1 })).json().data.order_id;
    expect((await pay(order, 'failed')).json().data.result).toEqual({ completed: false, status: 'failed' });
    expect(await grantsOf(user.id)).toHaveLength(0);
    expect((await pay(order, 'maybe')).statusCode).toBe(400);
  });

  it('expires an unpaid order, and still grants when the payer paid after all', async () => {
    const user = await createUser(ctx);
    const order = (await create(user, { months: 1 })).json().data.order_id;
    await ctx.db
      .updateTable('payment_orders')
      .set({ expires_at: Date.now() - 1000 })
      .where('order_id', '=', order)
      .execute();
    expect((await status(user, order)).json().data.result).toEqual({ completed: false, status: 'expired' });
    // Like WeChat Pay after time_expire, the sandbox no longer takes money for an expired order.
    expect((await pay(order, 'succeeded')).json().data.result).toEqual({ completed: false, status: 'expired' });
    expect(await grantsOf(user.id)).toHaveLength(0);
  });

  it("rewards the inviter once, on the invited user's first payment", async () => {
    const inviter = await createUser(ctx);
    const code = (await ctx.app.inject({ url: '/api/v1/user/invite_code', headers: authHeader(inviter) })).json().data.result.invite_code;
    const register = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/register',
      payload: { username: `inv${Date.now().toString(36)}`, password: 'secret-pw', invite_code: code },
      remoteAddress: nextClientIp(),
    });
    const invited = await createUser(ctx, { username: `x${Date.now().toString(36)}` });
    await ctx.db.updateTable('users').set({ invited_by: inviter.id }).where('id', '=', invited.id).execute();
    expect(register.statusCode).toBe(201);
    await pay((await create(invited, { months: 1 })).json().data.order_id, 'succeeded');
    await pay((await create(invited, { months: 1 })).json().data.order_id, 'succeeded');
    const rewards = (await grantsOf(inviter.id)).filter((g) => g.source === 'invite');
    expect(rewards).toHaveLength(1);
    expect((rewards[0]!.ends_at - rewards[0]!.starts_at) / DAY_MS).toBe(7);
  });

  it('expires an order 3 minutes and 30 seconds after it was created', async () => {
    const user = await createUser(ctx);
    const before = Date.now();
    const data = (await create(user, { months: 1 })).json().data;
    const lifetime = Date.parse(data.expires_at) - before;
    expect(lifetime).toBeGreaterThanOrEqual(210_000 - 1_000);
    expect(lifetime).toBeLessThanOrEqual(210_000 + 1_000);
  });

  it('lets only the owner or the checkout link settle a sandbox order', async () => {
    const owner = await createUser(ctx);
    const stranger = await createUser(ctx);
    const order = (await create(owner, { months: 1 })).json().data.order_id;
    const { expires_at } = await ctx.db
      .selectFrom('payment_orders')
      .select('expires_at')
      .where('order_id', '=', order)
      .executeTakeFirstOrThrow();
    const token = createCheckoutTokens(ctx.config.jwtSecret).issue(order, Number(expires_at));
    for (const [headers, query] of [
      [{}, ''],
      [authHeader(stranger), ''],
      [{}, '?checkout_token=' + 'A'.repeat(43)],
      [{}, `?checkout_token=${createCheckoutTokens('another-secret-another-secret-123').issue(order, Number(expires_at))}`],
    ] as const) {
      const refused = await pay(order, 'succeeded', headers, query);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('ORDER_NOT_FOUND');
      expect((await ctx.app.inject({ url: `/api/v1/payment/sandbox/orders/${order}${query}`, headers })).statusCode).toBe(404);
    }
    expect(await grantsOf(owner.id)).toHaveLength(0);
    // The phone that scanned the QR code: not logged in, holding the link's token.
    expect((await ctx.app.inject({ url: `/api/v1/payment/sandbox/orders/${order}?checkout_token=${token}` })).statusCode).toBe(200);
    expect((await pay(order, 'succeeded', {}, `?checkout_token=${token}`)).json().data.result).toEqual({
      completed: true,
      status: 'succeeded',
    });
    expect(await grantsOf(owner.id)).toHaveLength(1);
  });

  it('answers 404 for unknown orders on the sandbox page', async () => {
    expect((await pay('IS20261122NOPE', 'succeeded')).statusCode).toBe(404);
    expect((await ctx.app.inject('/api/v1/payment/sandbox/orders/IS20261122NOPE')).json().code).toBe('ORDER_NOT_FOUND');
  });
});

describe('without the sandbox provider', () => {
  let off: TestContext;
  beforeAll(async () => {
    off = await createTestContext({ PAYMENTS_SANDBOX: 'off' });
  });
  afterAll(() => off.close());

  it('says payment is unavailable and hides the sandbox routes', async () => {
    const user = await createUser(off);
    const response = await off.app.inject({
      method: 'POST',
      url: '/api/v1/payment/wechat/payment/china_book_membership/create',
      headers: authHeader(user),
      payload: { months: 1 },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('PAYMENT_UNAVAILABLE');
    expect(response.headers['retry-after']).toBeDefined();
    expect(
      (await off.app.inject({ method: 'POST', url: '/api/v1/payment/sandbox/orders/X1/pay', payload: { outcome: 'succeeded' } }))
        .statusCode,
    ).toBe(404);
    expect((await off.app.inject('/api/v1/config/public')).json().data.result.payments.wechat).toEqual({
      enabled: false,
      sandbox: false,
      renewing: false,
    });
  });
});
