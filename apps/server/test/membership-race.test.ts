import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMembershipService } from '../src/modules/membership/membership.service.js';
import { adminCli } from './helpers/admin-cli.js';
import { authHeader, createUser, nextClientIp, type TestUser } from './helpers/factories.js';
import { sandboxPay } from './helpers/payment-flows.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * Concurrent grants from every source for one user must each add their whole length: the race
 * that lost time under READ COMMITTED on PostgreSQL (4 month cards paid at once added about 2).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const ROUNDS = 3;

async function createOrder(user: TestUser): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payment/wechat/payment/china_book_membership/create',
    headers: authHeader(user),
    payload: { months: 1 },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.order_id;
}

const pay = (user: TestUser, orderId: string) => sandboxPay(ctx, user, orderId);

describe(`20 concurrent grants from mixed sources on ${TEST_DIALECT}`, () => {
  it.each(Array.from({ length: ROUNDS }, (_, round) => round))('add exactly their sum (round %i)', async (round) => {
    const target = await createUser(ctx);
    const invitees = await Promise.all(Array.from({ length: 5 }, () => createUser(ctx)));
    await ctx.db
      .updateTable('users')
      .set({ invited_by: target.id })
      .where(
        'id',
        'in',
        invitees.map((u) => u.id),
      )
      .execute();
    const codes = Array.from({ length: 5 }, (_, i) => `RACE${round}X${i}${target.id}`);
    for (const code of codes) expect((await adminCli(ctx)('coupon', 'create', code, '--days', '30')).code).toBe(0);
    const ownOrders = await Promise.all(Array.from({ length: 5 }, () => createOrder(target)));
    const inviteeOrders = await Promise.all(invitees.map((invitee) => createOrder(invitee)));
    const membership = createMembershipService({ db: ctx.db, domainEvents: ctx.app.domainEvents });

    const results = await Promise.all([
      ...ownOrders.map((orderId) => pay(target, orderId).then((r) => r.statusCode)),
      ...inviteeOrders.map((orderId, i) => pay(invitees[i]!, orderId).then((r) => r.statusCode)),
      ...codes.map((code) =>
        ctx.app
          .inject({
            method: 'POST',
            url: '/api/v1/user/coupon/redeem',
            headers: authHeader(target),
            payload: { code },
            remoteAddress: nextClientIp(),
          })
          .then((r) => r.statusCode),
      ),
      ...Array.from({ length: 5 }, () => membership.grant({ userId: target.id, length: { days: 2 }, source: 'admin' }).then(() => 200)),
    ]);
    expect(results).toEqual(Array.from({ length: 20 }, () => 200));

    const grants = await ctx.db
      .selectFrom('membership_grants')
      .select(['source', 'starts_at', 'ends_at'])
      .where('user_id', '=', target.id)
      .where('revoked_at', 'is', null)
      .orderBy('starts_at')
      .execute();
    expect(grants.map((g) => g.source).sort()).toEqual(
      [...Array(5).fill('admin'), ...Array(5).fill('coupon'), ...Array(5).fill('invite'), ...Array(5).fill('sandbox')].sort(),
    );
    // No grant overlaps another: each starts where the previous one ended, so no time was lost.
    for (let i = 1; i < grants.length; i += 1) expect(Number(grants[i]!.starts_at)).toBeGreaterThanOrEqual(Number(grants[i - 1]!.ends_at));
    const total = grants.reduce((sum, g) => sum + (Number(g.ends_at) - Number(g.starts_at)), 0);
    const expiry = Number(grants[grants.length - 1]!.ends_at);
    // The grants were made within a few seconds, so the membership runs their whole sum (give or take that time).
    expect(expiry - Number(grants[0]!.starts_at)).toBeGreaterThanOrEqual(total);
    expect(expiry - Number(grants[0]!.starts_at) - total).toBeLessThan(10_000);
    const me = await ctx.app.inject({ url: '/api/v1/user/book/membership', headers: authHeader(target) });
    expect(Date.parse(me.json().data.result.expire_at)).toBe(expiry);
  });
});
