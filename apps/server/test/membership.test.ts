import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarMonths, DAY_MS } from '../src/lib/time.js';
import { createMembershipService } from '../src/modules/membership/membership.service.js';
import { authHeader, createUser, grantMembership } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let ipCounter = 0;
const nextIp = () => `10.4.0.${(ipCounter += 1)}`;

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const getMembership = (headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/user/book/membership', headers, remoteAddress: nextIp() });

describe('GET /user/book/membership', () => {
  it('returns null for a visitor, with or without a visitor id', async () => {
    for (const headers of [{}, { 'x-visitor-id': '0a1b2c3d' }] as Record<string, string>[]) {
      const response = await getMembership(headers);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { result: null } });
    }
  });

  it('returns null for a user who never had a membership', async () => {
    const user = await createUser(ctx);
    const response = await getMembership(authHeader(user));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { result: null } });
  });

  it('returns the future expiry and is_expired false for a running grant', async () => {
    const user = await createUser(ctx);
    const before = Date.now();
    await grantMembership(ctx, user.id, { days: 30, startDaysAgo: 2 });
    const after = Date.now();
    const response = await getMembership(authHeader(user));
    expect(response.statusCode).toBe(200);
    const result = response.json().data.result;
    expect(result).toEqual({ expire_at: expect.stringMatching(ISO_UTC), is_expired: false });
    const expireAt = Date.parse(result.expire_at);
    expect(expireAt).toBeGreaterThan(Date.now());
    expect(expireAt).toBeGreaterThanOrEqual(before + 28 * DAY_MS);
    expect(expireAt).toBeLessThanOrEqual(after + 28 * DAY_MS);
  });

  it('returns the past expiry and is_expired true for an expired grant', async () => {
    const user = await createUser(ctx);
    await grantMembership(ctx, user.id, { days: 30, startDaysAgo: 40 });
    const response = await getMembership(authHeader(user));
    expect(response.statusCode).toBe(200);
    const result = response.json().data.result;
    expect(result).toEqual({ expire_at: expect.stringMatching(ISO_UTC), is_expired: true });
    const expireAt = Date.parse(result.expire_at);
    expect(expireAt).toBeLessThan(Date.now());
    expect(Math.round((Date.now() - expireAt) / DAY_MS)).toBe(10);
  });

  it('uses the latest grant when an old one expired and a new one runs', async () => {
    const user = await createUser(ctx);
    await grantMembership(ctx, user.id, { days: 5, startDaysAgo: 100 });
    await grantMembership(ctx, user.id, { days: 10 });
    const result = (await getMembership(authHeader(user))).json().data.result;
    expect(result.is_expired).toBe(false);
    expect(Date.parse(result.expire_at)).toBeGreaterThan(Date.now() + 9 * DAY_MS);
  });
});

describe('membership service', () => {
  // A fixed clock makes every expiry exact.
  const fixedNow = Date.UTC(2026, 0, 15, 10, 30, 0);
  const service = () => createMembershipService({ db: ctx.db, domainEvents: ctx.app.domainEvents, now: () => fixedNow });

  it('stacks grants: 30 days, then one month starting at the end of the first', async () => {
    const user = await createUser(ctx);
    const membership = service();
    const firstEnd = (await membership.grant({ userId: user.id, length: { days: 30 }, source: 'admin' }))?.memberUntil;
    expect(firstEnd).toBe(fixedNow + 30 * DAY_MS);
    const secondEnd = (await membership.grant({ userId: user.id, length: { months: 1 }, source: 'admin' }))?.memberUntil;
    expect(secondEnd).toBe(addCalendarMonths(fixedNow + 30 * DAY_MS, 1));
    expect(new Date(secondEnd!).toISOString()).toBe('2026-03-14T10:30:00.000Z');

    const rows = await ctx.db
      .selectFrom('membership_grants')
      .select(['starts_at', 'ends_at'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [Number(r.starts_at), Number(r.ends_at)])).toEqual([
      [fixedNow, fixedNow + 30 * DAY_MS],
      [fixedNow + 30 * DAY_MS, secondEnd],
    ]);

    expect(await membership.getMembership(user.id)).toEqual({ expire_at: '2026-03-14T10:30:00.000Z', is_expired: false });
    expect(await membership.getState(user.id)).toBe('member');
  });

  it('grants a source reference only once', async () => {
    const user = await createUser(ctx);
    const membership = service();
    const sourceRef = `order-${user.uuid}`;
    const granted = await membership.grant({ userId: user.id, length: { days: 30 }, source: 'sandbox', sourceRef });
    expect(granted).toEqual({ userId: user.id, memberUntil: fixedNow + 30 * DAY_MS });
    const again = await membership.grant({ userId: user.id, length: { days: 30 }, source: 'sandbox', sourceRef });
    expect(again).toBeNull();
    expect(await membership.getMembership(user.id)).toEqual({
      expire_at: new Date(fixedNow + 30 * DAY_MS).toISOString(),
      is_expired: false,
    });
    const count = await ctx.db
      .selectFrom('membership_grants')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('revokeAll removes the membership', async () => {
    const user = await createUser(ctx);
    const membership = service();
    await membership.grant({ userId: user.id, length: { days: 30 }, source: 'admin' });
    await membership.grant({ userId: user.id, length: { months: 1 }, source: 'admin' });
    expect(await membership.getMembership(user.id)).not.toBeNull();
    expect((await membership.revokeAll(user.id)).revoked).toBe(2);
    expect(await membership.getMembership(user.id)).toBeNull();
    expect(await membership.getState(user.id)).toBe('none');
  });

  it('reports null for a visitor and the API agrees with the service after revocation', async () => {
    const membership = createMembershipService({ db: ctx.db, domainEvents: ctx.app.domainEvents });
    expect(await membership.getMembership(null)).toBeNull();
    const user = await createUser(ctx);
    await membership.grant({ userId: user.id, length: { days: 3 }, source: 'admin' });
    expect((await getMembership(authHeader(user))).json().data.result.is_expired).toBe(false);
    await membership.revokeAll(user.id);
    expect((await getMembership(authHeader(user))).json()).toEqual({ data: { result: null } });
  });
});
