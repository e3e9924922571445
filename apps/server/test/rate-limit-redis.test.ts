import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createUser, nextClientIp, type TestUser } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// A prefix of this run's own: parallel runs (SQLite and PostgreSQL) and leftovers never share counters.
const REDIS_PREFIX = `inkstream-test-${randomBytes(6).toString('hex')}`;

let nodeA: TestContext;
let nodeB: TestContext;
beforeAll(async () => {
  [nodeA, nodeB] = await Promise.all([createTestContext({ REDIS_URL, REDIS_PREFIX }), createTestContext({ REDIS_URL, REDIS_PREFIX })]);
});
afterAll(async () => {
  await Promise.all([nodeA?.close(), nodeB?.close()]);
});

const login = (ctx: TestContext, attempt: number, remoteAddress: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user/login',
    payload: { username: `nobody${attempt}`, password: 'wrong-pass' },
    remoteAddress,
  });

describe('rate limits shared through Redis', () => {
  it('counts the per-IP login limit of two nodes together: the 121st login to either answers 429', async () => {
    const ip = nextClientIp();
    // Calls the body check refuses: counted by the limit (it comes first), and quick.
    for (let i = 0; i < 120; i += 1) {
      const node = i % 2 === 0 ? nodeA : nodeB;
      const response = await node.app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { username: `nobody${i}` },
        remoteAddress: ip,
      });
      expect(response.statusCode).toBe(400);
    }
    for (const node of [nodeA, nodeB]) {
      const limited = await login(node, 99, ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another address still has its own count.
    expect((await login(nodeB, 100, nextClientIp())).statusCode).toBe(401);
  });

  it('counts visitor reads and merges per address on both nodes together', async () => {
    const ip = nextClientIp();
    const read = (node: TestContext) =>
      node.app.inject({ url: '/api/v1/reader/history', headers: { 'x-visitor-id': '0a1b2c3d' }, remoteAddress: ip });
    for (let i = 0; i < 1200; i += 1) expect((await read(i % 2 === 0 ? nodeA : nodeB)).statusCode).toBe(200);
    for (const node of [nodeA, nodeB]) expect((await read(node)).statusCode).toBe(429);
    // Merges need an account of each node; the per-address count is shared (200 in 10 minutes).
    const mergeIp = nextClientIp();
    const merge = (node: TestContext, user: TestUser) =>
      node.app.inject({
        method: 'POST',
        url: '/api/v1/reader/progress/merge',
        headers: authHeader(user),
        payload: { visitor_id: '0a1b2c3d' },
        remoteAddress: mergeIp,
      });
    // 10 per account: twenty accounts' worth, each account's calls split over the two nodes.
    const accounts = await Promise.all(Array.from({ length: 21 }, (_, i) => createUser(i % 2 === 0 ? nodeA : nodeB)));
    const nodeOf = (account: number) => (account % 2 === 0 ? nodeA : nodeB);
    for (let i = 0; i < 200; i += 1) expect((await merge(nodeOf(Math.floor(i / 10)), accounts[Math.floor(i / 10)]!)).statusCode).toBe(200);
    const refused = await merge(nodeOf(20), accounts[20]!);
    expect([refused.statusCode, refused.json().code]).toEqual([429, 'RATE_LIMITED']);
  });

  it('keeps serving when Redis cannot be reached: requests are not limited, not failed', async () => {
    const offline = await createTestContext({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_PREFIX });
    try {
      const ip = nextClientIp();
      for (let i = 0; i < 32; i += 1) expect((await login(offline, i, ip)).statusCode).toBe(401);
    } finally {
      await offline.close();
    }
  });
});
