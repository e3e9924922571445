import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE, takeLoginAttempt } from '../src/modules/users/login-throttle.js';
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

describe('failed-login throttle (login-throttle.ts)', () => {
  it('never locks the owner out: 100 wrong passwords from one address, then the right one from another succeeds', async () => {
    const victim = await createUser(ctx);
    const attacker = nextClientIp();
    const attempts = await runLimited(100, 5, () => login(victim.username, 'wrong-password', attacker));
    // The first 10 are checked, the rest are refused (by this throttle, then the per-IP rate limit).
    expect(attempts.filter((r) => r.statusCode === 401)).toHaveLength(10);
    for (const response of attempts.filter((r) => r.statusCode !== 401)) expectRateLimited(response);

    const owner = await login(victim.username, victim.password, nextClientIp());
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.uuid).toBe(victim.uuid);
    // The owner's success does not free the attacker.
    const retryAfter = expectRateLimited(await login(victim.username, victim.password, attacker));
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it('slows one source after 10 failures on an account, even for the right password, and only that source', async () => {
    const user = await createUser(ctx);
    const source = nextClientIp();
    for (let i = 0; i < 10; i += 1) {
      expect((await login(user.username, 'wrong-password', source)).json().code).toBe('INVALID_CREDENTIALS');
    }
    expectRateLimited(await login(user.username, user.password, source));
    // The name is matched case-insensitively, so another spelling is slowed too.
    expectRateLimited(await login(user.username.toUpperCase(), user.password, source));
    // The same source may still log in to another account.
    const other = await createUser(ctx);
    expect((await login(other.username, other.password, source)).statusCode).toBe(200);
  });

  it('a success clears that source’s failures', async () => {
    const user = await createUser(ctx);
    const source = nextClientIp();
    for (let i = 0; i < 10 - 1; i += 1) await login(user.username, 'wrong-password', source);
    expect((await login(user.username, user.password, source)).statusCode).toBe(200);
    for (let i = 0; i < 10 - 1; i += 1) {
      expect((await login(user.username, 'wrong-password', source)).statusCode).toBe(401);
    }
    expect((await login(user.username, user.password, source)).statusCode).toBe(200);
  });

  it('under a distributed attack, refuses sources that have failed and still lets a clean source in', async () => {
    const user = await createUser(ctx);
    const bots = Array.from({ length: LOGIN_THROTTLE.accountUnderAttack }, () => nextClientIp());
    const failures = await runLimited(bots.length, 10, (i) => login(user.username, 'wrong-password', bots[i]!));
    expect(failures.every((r) => r.statusCode === 401)).toBe(true);
    // Each bot has failed once: with the account under attack, a failing source must wait.
    expectRateLimited(await login(user.username, user.password, bots[0]!));
    // The owner, from an address that has not been failing, gets in at once.
    expect((await login(user.username, user.password, nextClientIp())).statusCode).toBe(200);
  });

  it('never checks more than 10 passwords from one source when the attempts arrive at once', async () => {
    const user = await createUser(ctx);
    const source = nextClientIp();
    const burst = await Promise.all(Array.from({ length: 25 }, () => login(user.username, 'wrong-password', source)));
    const checked = burst.filter((r) => r.statusCode === 401);
    for (const response of burst.filter((r) => r.statusCode !== 401)) expectRateLimited(response);
    expect(checked.length).toBe(10);
  });

  it('slows an address that fails across many accounts (credential stuffing), and spares other addresses', async () => {
    const stuffer = { usernameKey: '', ip: nextClientIp() };
    const start = Date.now();
    for (let i = 0; i < LOGIN_THROTTLE.ipFailures; i += 1) {
      const attempt = await takeLoginAttempt(ctx.db, { ...stuffer, usernameKey: `victim${i}` }, start);
      expect(attempt.retryAfterSeconds).toBe(0);
      await attempt.settle(false);
    }
    const refused = await takeLoginAttempt(ctx.db, { ...stuffer, usernameKey: 'victim-next' }, start + 1000);
    // Until the 15-minute window that opened at `start` ends.
    expect(refused.retryAfterSeconds).toBe(15 * 60 - 1);
    const clean = await takeLoginAttempt(ctx.db, { usernameKey: 'victim-next', ip: nextClientIp() }, start + 1000);
    expect(clean.retryAfterSeconds).toBe(0);
    // A new window starts over.
    const later = await takeLoginAttempt(ctx.db, { ...stuffer, usernameKey: 'victim-next' }, start + 15 * 60_000 + 1000);
    expect(later.retryAfterSeconds).toBe(0);
  });

  it('answers a user name that grows when lower-cased (64 × İ) without a server error', async () => {
    const response = await login('İ'.repeat(64), 'whatever', nextClientIp());
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().code).toMatch(/INVALID_CREDENTIALS|VALIDATION_FAILED/);
  });
});
