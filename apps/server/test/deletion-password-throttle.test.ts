import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createUser, nextClientIp, type TestUser } from './helpers/factories.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * Throttles per account first (issue 56 item 12): wrong passwords given to delete an account count
 * against that account from that address, as failed logins do; they never close the address to
 * the right passwords of other readers.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx?.close());

const askDeletion = (user: TestUser, password: string, ip: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user/deletion',
    headers: authHeader(user),
    payload: { password, comments: 'remove' },
    remoteAddress: ip,
  });
const login = (user: TestUser, ip: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user/login',
    payload: { username: user.username, password: user.password },
    remoteAddress: ip,
  });

describe(`wrong deletion passwords (${TEST_DIALECT})`, () => {
  it('100 from one address throttle the attacked account there, and another reader logs in from it', async () => {
    const attacked = await createUser(ctx);
    const neighbour = await createUser(ctx);
    const ip = nextClientIp();
    const codes: number[] = [];
    for (let i = 0; i < 100; i += 1) codes.push((await askDeletion(attacked, `wrong-${i}`, ip)).statusCode);
    expect(codes.slice(0, 3)).toEqual([403, 403, 403]);
    // Throttled: the account waits, from this address, even with its right password.
    expect(codes.filter((code) => code === 429).length).toBeGreaterThan(80);
    expect((await askDeletion(attacked, attacked.password, ip)).statusCode).toBe(429);
    // The address stays open to the right passwords of others.
    expect((await login(neighbour, ip)).statusCode).toBe(200);
    // And the attacked reader, from their own address, is not locked out.
    expect((await login(attacked, nextClientIp())).statusCode).toBe(200);
  });
});
