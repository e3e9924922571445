import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, nextClientIp } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const login = (username: string, password: string, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { username, password }, remoteAddress });

type Reply = Awaited<ReturnType<typeof login>>;

function expectRateLimited(response: Reply) {
  expect(response.statusCode).toBe(429);
  const body = response.json();
  expect(body.code).toBe('RATE_LIMITED');
  expect(typeof body.error).toBe('string');
  expect(body.error.length).toBeGreaterThan(0);
  expect(body).not.toHaveProperty('data');
  const retryAfter = response.headers['retry-after'];
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThan(0);
  return Number(retryAfter);
}

/** Runs `tasks` with at most `limit` in flight. */
async function runLimited<T>(count: number, limit: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return results;
}

describe('per-IP login limit', () => {
  it('answers the 31st login within a minute from one IP with 429 RATE_LIMITED and Retry-After', async () => {
    const ip = '10.3.0.1';
    // Unknown names: no account is touched, so only the per-IP limit can answer 429.
    for (let i = 0; i < 30; i += 1) {
      const response = await login(`nobody${i}`, 'wrong-pass', ip);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('INVALID_CREDENTIALS');
    }
    const limited = await login('nobody30', 'wrong-pass', ip);
    const retryAfter = expectRateLimited(limited);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Another address is not affected.
    const other = await login('nobody31', 'wrong-pass', '10.3.0.2');
    expect(other.statusCode).toBe(401);
    expect(other.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('also limits a correct password from the limited IP', async () => {
    const user = await createUser(ctx);
    const ip = '10.3.0.3';
    for (let i = 0; i < 30; i += 1) expect((await login(user.username, user.password, ip)).statusCode).toBe(200);
    expectRateLimited(await login(user.username, user.password, ip));
    expect((await login(user.username, user.password, '10.3.0.4')).statusCode).toBe(200);
  });
});

describe('per-account login lockout', () => {
  it('locks an account after 100 failed logins from 100 addresses, even for the right password', async () => {
    const victim = await createUser(ctx);
    const bystander = await createUser(ctx);

    const failures = await runLimited(100, 10, () => login(victim.username, 'wrong-password', nextClientIp()));
    for (const response of failures) {
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('INVALID_CREDENTIALS');
    }

    const locked = await login(victim.username, victim.password, nextClientIp());
    const retryAfter = expectRateLimited(locked);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    // The name is matched case-insensitively, so another spelling is locked too.
    expectRateLimited(await login(victim.username.toUpperCase(), victim.password, nextClientIp()));

    // Another account is unaffected.
    const other = await login(bystander.username, bystander.password, nextClientIp());
    expect(other.statusCode).toBe(200);
    expect(other.json().data.uuid).toBe(bystander.uuid);
  });

  it('never evaluates more than 100 failed passwords for one account, even when the attempts arrive at once', async () => {
    const user = await createUser(ctx);
    const burst = await Promise.all(Array.from({ length: 120 }, () => login(user.username, 'wrong-password', nextClientIp())));
    const refused = burst.filter((r) => r.statusCode === 401);
    const limited = burst.filter((r) => r.statusCode === 429);
    expect(refused.length + limited.length).toBe(120);
    for (const response of refused) expect(response.json().code).toBe('INVALID_CREDENTIALS');
    for (const response of limited) expectRateLimited(response);
    // At most 100 failures per hour per account (login-throttle.ts, OWASP ASVS 2.2.1).
    expect(refused.length).toBeLessThanOrEqual(100);
    expect(limited.length).toBeGreaterThanOrEqual(20);
    expectRateLimited(await login(user.username, user.password, nextClientIp()));
  });

  it('does not lock an account after 99 failures, and a success clears the count', async () => {
    const user = await createUser(ctx);
    const failures = await runLimited(99, 10, () => login(user.username, 'wrong-password', nextClientIp()));
    expect(failures.every((r) => r.statusCode === 401)).toBe(true);
    expect((await login(user.username, user.password, nextClientIp())).statusCode).toBe(200);
    // After the success the counter starts again: one more failure does not lock.
    expect((await login(user.username, 'wrong-password', nextClientIp())).statusCode).toBe(401);
    expect((await login(user.username, user.password, nextClientIp())).statusCode).toBe(200);
  });
});
