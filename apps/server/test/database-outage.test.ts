import { randomUUID } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { createBook, nextClientIp } from './helpers/factories.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

const expectUnavailable = (response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.json()).toEqual({ error: expect.any(String), code: 'SERVICE_UNAVAILABLE' });
};

describe.runIf(TEST_DIALECT === 'postgres')('PostgreSQL unreachable', () => {
  let ctx: TestContext;
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    ctx = await createTestContext();
    // Nothing listens on port 1: every connection attempt is refused, as when the server is down.
    const databaseUrl = 'postgres://postgres@127.0.0.1:1/inkstream';
    database = openDatabase({ databaseUrl, sqlitePath: '', connectTimeoutMs: 1_000 });
    app = await buildApp({ config: { ...ctx.config, databaseUrl }, database, storage: ctx.storage, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await ctx.close();
  });

  it('answers API calls 503 SERVICE_UNAVAILABLE with Retry-After, public and logged-in alike', async () => {
    expectUnavailable(await app.inject({ url: '/api/v1/comics/book/search?language=en-us' }));
    expectUnavailable(await app.inject({ url: '/api/v1/reader/book/tags' }));
    expectUnavailable(
      await app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        remoteAddress: nextClientIp(),
        payload: { username: 'somebody', password: 'something' },
      }),
    );
  });

  it('still serves the web app’s HTML, and says not ready on /readyz', async () => {
    const page = await app.inject({ url: `/book/chapters/${randomUUID()}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<div id="root">');
    const home = await app.inject({ url: '/', headers: { 'accept-language': 'ar' } });
    expect(home.statusCode).toBe(200);
    expect(home.body).toMatch(/<html[^>]*dir="rtl"/);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(503);
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});

describe.runIf(TEST_DIALECT === 'postgres')('PostgreSQL with a table locked by another session', () => {
  let ctx: TestContext;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let bookUuid: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    bookUuid = (await createBook(ctx, { chapters: 2 })).uuid;
    database = openDatabase({
      databaseUrl: ctx.config.databaseUrl,
      sqlitePath: '',
      poolSize: 2,
      connectTimeoutMs: 1_000,
      statementTimeoutMs: 1_000,
    });
    app = await buildApp({ config: ctx.config, database, storage: ctx.storage, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await ctx.close();
  });

  it('times out the blocked queries with 503, keeps /readyz answering, and recovers when the lock goes', async () => {
    const locker = new pg.Client({ connectionString: ctx.config.databaseUrl! });
    await locker.connect();
    const chapters = () => app.inject({ url: `/api/v1/comics/chapters/${bookUuid}/en-us/asc/0/10` });
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE books IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      // More requests than the pool has connections: the ones waiting for a connection time out too.
      const answers = await Promise.all([chapters(), chapters(), chapters(), chapters()]);
      for (const answer of answers) expectUnavailable(answer);
      const ready = await app.inject({ url: '/readyz' });
      expect([200, 503]).toContain(ready.statusCode);
      expect(Date.now() - started).toBeLessThan(8_000);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    expect((await chapters()).statusCode).toBe(200);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});

describe.runIf(TEST_DIALECT === 'sqlite')('SQLite file locked by another writer', () => {
  let ctx: TestContext;
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    ctx = await createTestContext();
    database = openDatabase({ databaseUrl: null, sqlitePath: ctx.config.sqlitePath, sqliteBusyTimeoutMs: 200 });
    app = await buildApp({ config: ctx.config, database, storage: ctx.storage, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await ctx.close();
  });

  it('answers a write 503 while the lock is held, and succeeds after', async () => {
    const other = new SQLite(path.resolve(ctx.config.sqlitePath));
    const register = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/user/register',
        remoteAddress: nextClientIp(),
        payload: { username: `u${randomUUID().slice(0, 8)}`, password: 'secret1', user_type: 'test' },
      });
    try {
      other.exec('BEGIN EXCLUSIVE');
      expectUnavailable(await register());
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect((await register()).statusCode).toBe(201);
  });
});
