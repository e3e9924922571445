import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeLoginAttempt } from '../src/modules/users/login-throttle.js';
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
  it('answers the 121st login within a minute from one IP with 429 RATE_LIMITED and Retry-After', async () => {
    const ip = '10.3.0.1';
    // Calls the body check refuses: counted by the limit (it comes first) without touching an
    // account or the failed-login throttle, so only the per-IP limit can answer 429.
    for (let i = 0; i < 120; i += 1) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { username: `nobody${i}` },
        remoteAddress: ip,
      });
      expect(response.statusCode).toBe(400);
    }
    const limited = await login('nobody120', 'wrong-pass', ip);
    const retryAfter = expectRateLimited(limited);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Another address is not affected.
    const other = await login('nobody121', 'wrong-pass', '10.3.0.2');
    expect(other.statusCode).toBe(401);
    expect(other.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('lets 40 readers behind one address (a carrier NAT, a school) all log in within a minute', async () => {
    const ip = nextClientIp();
    const readers = await Promise.all(Array.from({ length: 40 }, () => createUser(ctx)));
    for (const reader of readers) expect((await login(reader.username, reader.password, ip)).statusCode).toBe(200);
  });

  it('limits one account from one address to 10 logins a minute, a correct password included; its owner elsewhere and the neighbours are not concerned', async () => {
    const user = await createUser(ctx);
    const ip = nextClientIp();
    for (let i = 0; i < 10; i += 1) expect((await login(user.username, user.password, ip)).statusCode).toBe(200);
    expectRateLimited(await login(user.username, user.password, ip));
    // The same account typed another way is the same target.
    expectRateLimited(await login(` ${user.username.toUpperCase()} `, user.password, ip));
    expect((await login(user.username, user.password, nextClientIp())).statusCode).toBe(200);
    const neighbour = await createUser(ctx);
    expect((await login(neighbour.username, neighbour.password, ip)).statusCode).toBe(200);
  });
});

describe('failed-login throttle (login-throttle.ts)', () => {
  // A still clock: only the test moves time, so no delay runs out while a slow machine hashes.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const wait = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

  it('never locks the owner out: 100 wrong passwords from one address, then the right one from another succeeds', async () => {
    const victim = await createUser(ctx);
    const attacker = nextClientIp();
    const attempts = await runLimited(100, 5, () => login(victim.username, 'wrong-password', attacker));
    // The first 4 are checked, the rest are refused (by this throttle, then the per-IP rate limit).
    expect(attempts.filter((r) => r.statusCode === 401)).toHaveLength(4);
    for (const response of attempts.filter((r) => r.statusCode !== 401)) expectRateLimited(response);

    const owner = await login(victim.username, victim.password, nextClientIp());
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.uuid).toBe(victim.uuid);
    // The owner's success does not free the attacker.
    expectRateLimited(await login(victim.username, victim.password, attacker));
  });

  it('a source that mistyped waits seconds, not minutes: 4 tries at once, then 1 s, 2 s, … (right password included), and only that source', async () => {
    const user = await createUser(ctx);
    const source = nextClientIp();
    for (let i = 0; i < 4; i += 1) expect((await login(user.username, 'wrong-password', source)).json().code).toBe('INVALID_CREDENTIALS');
    expect(expectRateLimited(await login(user.username, user.password, source))).toBe(1);
    // The name is matched case-insensitively, so another spelling waits too.
    expectRateLimited(await login(user.username.toUpperCase(), user.password, source));
    // Another source, and the same source on another account, are not slowed.
    expect((await login(user.username, user.password, nextClientIp())).statusCode).toBe(200);
    const other = await createUser(ctx);
    expect((await login(other.username, other.password, source)).statusCode).toBe(200);

    wait(1);
    expect((await login(user.username, 'wrong-password', source)).statusCode).toBe(401);
    expect(expectRateLimited(await login(user.username, user.password, source))).toBe(2);
    wait(2);
    expect((await login(user.username, user.password, source)).statusCode).toBe(200);
  });

  it('doubles the wait up to the 10th failure, after which the source waits for the 15-minute window to end', async () => {
    const source = { usernameKey: `doubling-${nextClientIp()}`, ip: nextClientIp() };
    const start = Date.now();
    let at = start;
    // Seconds to wait after the 1st, 2nd, … 9th failure.
    const expected = [0, 0, 0, 1, 2, 4, 8, 16, 32];
    for (const [index, seconds] of expected.entries()) {
      const attempt = await takeLoginAttempt(ctx.db, source, at);
      expect(attempt.retryAfterSeconds, `attempt ${index + 1}`).toBe(0);
      await attempt.settle(false);
      if (seconds > 0) expect((await takeLoginAttempt(ctx.db, source, at + seconds * 1000 - 500)).retryAfterSeconds).toBe(1);
      at += seconds * 1000;
    }
    const tenth = await takeLoginAttempt(ctx.db, source, at);
    expect(tenth.retryAfterSeconds).toBe(0);
    await tenth.settle(false);
    // 63 s have passed since the window opened with the first failure: 900 - 63 s remain.
    expect((await takeLoginAttempt(ctx.db, source, at + 1000)).retryAfterSeconds).toBe(900 - 63 - 1);
    expect((await takeLoginAttempt(ctx.db, source, start + 900 * 1000 - 1000)).retryAfterSeconds).toBe(1);
    // A new window starts over.
    expect((await takeLoginAttempt(ctx.db, source, start + 900 * 1000)).retryAfterSeconds).toBe(0);
  });

  it('a success clears that source’s failures', async () => {
    const user = await createUser(ctx);
    const source = nextClientIp();
    for (let i = 0; i < 4; i += 1) await login(user.username, 'wrong-password', source);
    wait(1);
    expect((await login(user.username, user.password, source)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await login(user.username, 'wrong-password', source)).statusCode).toBe(401);
    wait(1);
    expect((await login(user.username, user.password, source)).statusCode).toBe(200);
  });

  it('under a distributed attack, a source that mistyped once waits a second, and a clean source gets in at once', async () => {
    const user = await createUser(ctx);
    const bots = Array.from({ length: 100 }, () => nextClientIp());
    const failures = await runLimited(bots.length, 10, (i) => login(user.username, 'wrong-password', bots[i]!));
    expect(failures.every((r) => r.statusCode === 401)).toBe(true);
    // The account is under attack: the owner's one typo costs 1 s, not the 15-minute window.
    const home = nextClientIp();
    expect((await login(user.username, 'wrong-password', home)).statusCode).toBe(401);
    expect(expectRateLimited(await login(user.username, user.password, home))).toBe(1);
    wait(1);
    expect((await login(user.username, user.password, home)).statusCode).toBe(200);
    // A bot's next failure costs it 2 s; the owner from an address that has not been failing gets in at once.
    expect((await login(user.username, 'wrong-password', bots[0]!)).statusCode).toBe(401);
    expect(expectRateLimited(await login(user.username, user.password, bots[0]!))).toBe(2);
    expect((await login(user.username, user.password, nextClientIp())).statusCode).toBe(200);
  });

  it('never checks more than 4 passwords from one source when the attempts arrive at once', async () => {
    const user = await createUser(ctx);
    const source = nextClientIp();
    const burst = await Promise.all(Array.from({ length: 25 }, () => login(user.username, 'wrong-password', source)));
    const checked = burst.filter((r) => r.statusCode === 401);
    for (const response of burst.filter((r) => r.statusCode !== 401)) expectRateLimited(response);
    expect(checked.length).toBe(4);
  });

  it('slows an address that fails across many accounts (credential stuffing), and spares other addresses', async () => {
    const stuffer = { usernameKey: '', ip: nextClientIp() };
    const start = Date.now();
    for (let i = 0; i < 100; i += 1) {
      const attempt = await takeLoginAttempt(ctx.db, { ...stuffer, usernameKey: `victim${i}` }, start);
      expect(attempt.retryAfterSeconds).toBe(0);
      await attempt.settle(false);
    }
    const refused = await takeLoginAttempt(ctx.db, { ...stuffer, usernameKey: 'victim-next' }, start + 1000);
    // The rest of the 15-minute window.
    expect(refused.retryAfterSeconds).toBe(900 - 1);
    const clean = await takeLoginAttempt(ctx.db, { usernameKey: 'victim-next', ip: nextClientIp() }, start + 1000);
    expect(clean.retryAfterSeconds).toBe(0);
    // A new window starts over.
    const later = await takeLoginAttempt(ctx.db, { ...stuffer, usernameKey: 'victim-next' }, start + 900 * 1000 + 1000);
    expect(later.retryAfterSeconds).toBe(0);
  });

  it('answers a user name that grows when lower-cased (64 × İ) without a server error', async () => {
    const response = await login('İ'.repeat(64), 'whatever', nextClientIp());
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().code).toMatch(/INVALID_CREDENTIALS|VALIDATION_FAILED/);
  });
});
