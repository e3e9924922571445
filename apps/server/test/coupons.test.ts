import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../src/lib/time.js';
import { authHeader, createUser, grantMembership } from './helpers/factories.js';
import { redeemCoupon } from './helpers/payment-flows.js';
import { adminCli } from './helpers/admin-cli.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

let ctx: TestContext;
let admin: ReturnType<typeof adminCli>;

const redeem = (user: { token: string }, code: unknown) => redeemCoupon(ctx, user, code);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = adminCli(ctx);
});
afterAll(() => ctx.close());

describe('POST /user/coupon/redeem', () => {
  it('adds the coupon time to a new member, case-insensitively', async () => {
    expect((await admin('coupon', 'create', 'WELCOME30', '--days', '30')).code).toBe(0);
    const user = await createUser(ctx);
    const response = await redeem(user, ' welcome30 ');
    expect(response.statusCode).toBe(200);
    const { result } = response.json().data;
    expect(result.is_expired).toBe(false);
    expect(Date.parse(result.expire_at) - Date.now()).toBeGreaterThan(29.9 * DAY_MS);
    expect(Date.parse(result.expire_at) - Date.now()).toBeLessThan(30.1 * DAY_MS);
  });

  it('stacks on a running membership and adds calendar months', async () => {
    await admin('coupon', 'create', 'MONTHLY', '--months', '1');
    const user = await createUser(ctx);
    await grantMembership(ctx, user.id, { days: 10 });
    const result = (await redeem(user, 'MONTHLY')).json().data.result;
    const added = Date.parse(result.expire_at) - (Date.now() + 10 * DAY_MS);
    expect(added).toBeGreaterThanOrEqual(28 * DAY_MS - 60_000);
    expect(added).toBeLessThanOrEqual(31 * DAY_MS + 60_000);
  });

  it('answers each failure with its own code and grants nothing', async () => {
    await admin('coupon', 'create', 'ONCE', '--days', '5', '--max-redemptions', '1');
    await admin('coupon', 'create', 'OLDIE', '--days', '5', '--expires', '2020-01-01');
    await admin('coupon', 'create', 'GONE', '--days', '5');
    await admin('coupon', 'disable', 'GONE');
    const first = await createUser(ctx);
    const second = await createUser(ctx);
    expect((await redeem(first, 'ONCE')).statusCode).toBe(200);
    const cases: [unknown, { token: string }, number, string][] = [
      ['NOPE', second, 400, 'INVALID_COUPON'],
      ['GONE', second, 400, 'INVALID_COUPON'],
      ['OLDIE', second, 400, 'COUPON_EXPIRED'],
      ['ONCE', second, 400, 'COUPON_EXHAUSTED'],
      ['ONCE', first, 400, 'COUPON_ALREADY_USED'],
      ['', second, 400, 'VALIDATION_FAILED'],
      ['x'.repeat(65), second, 400, 'VALIDATION_FAILED'],
    ];
    for (const [code, user, status, errorCode] of cases) {
      const response = await redeem(user, code);
      expect(response.statusCode, String(code)).toBe(status);
      expect(response.json().code, String(code)).toBe(errorCode);
    }
    const membership = await ctx.app.inject({ url: '/api/v1/user/book/membership', headers: authHeader(second) });
    expect(membership.json().data.result).toBeNull();
  });

  it('needs a login', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/user/coupon/redeem', payload: { code: 'WELCOME30' } });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('AUTH_REQUIRED');
  });

  it('lets a one-use code succeed exactly once when redeemed at the same moment', async () => {
    await admin('coupon', 'create', 'RACE1', '--days', '7', '--max-redemptions', '1');
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser(ctx)));
    const responses = await Promise.all(users.map((user) => redeem(user, 'RACE1')));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400, 400]);
    expect(responses.filter((r) => r.statusCode === 400).every((r) => r.json().code === 'COUPON_EXHAUSTED')).toBe(true);
    const grants = await ctx.db
      .selectFrom('membership_grants')
      .select('user_id')
      .where('source', '=', 'coupon')
      .where('note', '=', 'RACE1')
      .execute();
    expect(grants).toHaveLength(1);
    expect((await admin('coupon', 'list')).out).toMatch(/RACE1\s+7 day\(s\)\s+1\/1/);
  });

  it('counts a double submit by one user once', async () => {
    await admin('coupon', 'create', 'TWICE', '--days', '3');
    const user = await createUser(ctx);
    const responses = await Promise.all([redeem(user, 'TWICE'), redeem(user, 'TWICE')]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const grants = await ctx.db.selectFrom('membership_grants').select('id').where('user_id', '=', user.id).execute();
    expect(grants).toHaveLength(1);
  });

  it('limits guessing to 10 attempts per account in 10 minutes', async () => {
    const user = await createUser(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await redeem(user, `GUESS${i}`)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('coupon admin commands', () => {
  it('refuses bad arguments', async () => {
    for (const argv of [
      ['coupon', 'create', 'ok-code'],
      ['coupon', 'create', 'x', '--days', '3'],
      ['coupon', 'create', 'GOODCODE', '--days', '3', '--expires', '2027-02-30'],
      ['coupon', 'create', 'GOODCODE', '--days', '3', '--max-redemptions', '0'],
      ['coupon', 'list', '--days', '3'],
    ]) {
      expect((await admin(...argv)).code, argv.join(' ')).toBe(2);
    }
    expect((await admin('coupon', 'disable', 'NOSUCHCODE')).code).toBe(1);
  });
});
