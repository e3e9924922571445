import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { AppConfig } from '../src/config.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { createBook, nextClientIp } from './helpers/factories.js';
import { freePort, startServerProcess, type ServerProcess } from './helpers/server-process.js';
import { createTestContext, createTestDatabase, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

const expectUnavailable = (response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.json()).toEqual({ error: expect.any(String), code: 'SERVICE_UNAVAILABLE' });
};

/**
 * In a describe block: a test context, and the app built again (as main.ts builds it) on a database
 * handle of its own, which `open` opens with the target and timeouts the outage needs; all closed
 * after the block.
 */
function appOnOwnHandle(open: (ctx: TestContext) => Promise<{ database: DatabaseHandle; config?: AppConfig }>) {
  const env = {} as { ctx: TestContext; database: DatabaseHandle; app: FastifyInstance };
  beforeAll(async () => {
    env.ctx = await createTestContext();
    const { database, config = env.ctx.config } = await open(env.ctx);
    env.database = database;
    env.app = await buildApp({ config, database, storage: env.ctx.storage, logger: false });
    await env.app.ready();
  });
  afterAll(async () => {
    await env.app?.close();
    await env.database?.close();
    await env.ctx?.close();
  });
  return env;
}

describe.runIf(TEST_DIALECT === 'postgres')('PostgreSQL unreachable', () => {
  const env = appOnOwnHandle(async (ctx) => {
    // Nothing listens on port 1: every connection attempt is refused, as when the server is down.
    const databaseUrl = 'postgres://postgres@127.0.0.1:1/inkstream';
    return { database: openDatabase({ databaseUrl, sqlitePath: '', connectTimeoutMs: 1_000 }), config: { ...ctx.config, databaseUrl } };
  });

  it('answers API calls 503 SERVICE_UNAVAILABLE with Retry-After, public and logged-in alike', async () => {
    expectUnavailable(await env.app.inject({ url: '/api/v1/comics/book/search?language=en-us' }));
    expectUnavailable(await env.app.inject({ url: '/api/v1/reader/book/tags' }));
    expectUnavailable(
      await env.app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        remoteAddress: nextClientIp(),
        payload: { username: 'somebody', password: 'something' },
      }),
    );
  });

  it('still serves the web app’s HTML, and says not ready on /readyz', async () => {
    const page = await env.app.inject({ url: `/book/chapters/${randomUUID()}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<div id="root">');
    const home = await env.app.inject({ url: '/', headers: { 'accept-language': 'ar' } });
    expect(home.statusCode).toBe(200);
    expect(home.body).toMatch(/<html[^>]*dir="rtl"/);
    expect((await env.app.inject({ url: '/readyz' })).statusCode).toBe(503);
    expect((await env.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});

describe.runIf(TEST_DIALECT === 'postgres')('PostgreSQL with a table locked by another session', () => {
  let bookUuid: string;
  const env = appOnOwnHandle(async (ctx) => {
    bookUuid = (await createBook(ctx, { chapters: 2 })).uuid;
    const database = openDatabase({
      databaseUrl: ctx.config.databaseUrl,
      sqlitePath: '',
      poolSize: 2,
      connectTimeoutMs: 1_000,
      statementTimeoutMs: 1_000,
    });
    return { database };
  });

  it('times out the blocked queries with 503, keeps /readyz answering, and recovers when the lock goes', async () => {
    const locker = new pg.Client({ connectionString: env.ctx.config.databaseUrl! });
    await locker.connect();
    const chapters = () => env.app.inject({ url: `/api/v1/comics/chapters/${bookUuid}/en-us/asc/0/10` });
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE books IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      // More requests than the pool has connections: the ones waiting for a connection time out too.
      const answers = await Promise.all([chapters(), chapters(), chapters(), chapters()]);
      for (const answer of answers) expectUnavailable(answer);
      const ready = await env.app.inject({ url: '/readyz' });
      expect([200, 503]).toContain(ready.statusCode);
      expect(Date.now() - started).toBeLessThan(8_000);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    expect((await chapters()).statusCode).toBe(200);
    expect((await env.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});

describe.runIf(TEST_DIALECT === 'sqlite')('SQLite file locked by another writer', () => {
  const env = appOnOwnHandle(async (ctx) => ({
    database: openDatabase({ databaseUrl: null, sqlitePath: ctx.config.sqlitePath, sqliteBusyTimeoutMs: 200 }),
  }));

  it('answers a write 503 while the lock is held, and succeeds after', async () => {
    const other = new SQLite(path.resolve(env.ctx.config.sqlitePath));
    const register = () =>
      env.app.inject({
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

/**
 * A port that refuses connections (nothing listens) until `forward()`: then a TCP proxy listens on
 * it and passes each connection to PostgreSQL, as when the database comes up after the app.
 */
function lateDatabase(port: number, target: { host: string; port: number }) {
  let server: Server | null = null;
  const sockets = new Set<Socket>();
  return {
    async forward() {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve, reject) => server!.once('error', reject).listen(port, '127.0.0.1', resolve));
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server) await new Promise((resolve) => server!.close(resolve));
    },
  };
}

const processEnv = (dataDir: string, extra: Record<string, string>) => ({
  DATA_DIR: dataDir,
  DEMO_CATALOGUE: 'off',
  LOG_LEVEL: 'info',
  JWT_SECRET: randomBytes(32).toString('hex'),
  MEDIA_SIGNING_SECRET: randomBytes(32).toString('hex'),
  ...extra,
});

describe.runIf(TEST_DIALECT === 'postgres')('a process started while PostgreSQL is down', () => {
  let server: ServerProcess | undefined;
  let proxy: ReturnType<typeof lateDatabase>;
  let dropDatabase: () => Promise<void>;
  let dataDir: string;

  beforeAll(async () => {
    const created = await createTestDatabase();
    dropDatabase = created.drop;
    const real = new URL(created.databaseUrl!);
    const proxyPort = await freePort();
    proxy = lateDatabase(proxyPort, { host: real.hostname, port: Number(real.port || 5432) });
    const viaProxy = new URL(real);
    viaProxy.port = String(proxyPort);
    dataDir = mkdtempSync(path.join(tmpdir(), 'inkstream-late-db-'));
    server = await startServerProcess({
      name: 'late database',
      port: await freePort(),
      env: processEnv(dataDir, { DATABASE_URL: viaProxy.toString() }),
      startedWhen: (line) => typeof line.msg === 'string' && line.msg.startsWith('listening on '),
    });
  });
  afterAll(async () => {
    await server?.stop();
    await proxy.close();
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const attempts = () => server!.lines.filter((line) => line.msg?.startsWith('database not reachable'));

  it('keeps retrying with a growing wait, answering /readyz and the API 503 with Retry-After meanwhile, then serves', async () => {
    const base = server!.baseUrl;
    // Two refused attempts, each one line that says what failed and when the next one comes.
    await expect.poll(() => attempts().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const [first, second] = attempts();
    expect(first).toMatchObject({ attempt: 1, retryInMs: 1_000, reason: expect.stringContaining('ECONNREFUSED') });
    expect(second).toMatchObject({ attempt: 2, retryInMs: 2_000 });
    expect(server!.child.exitCode).toBeNull();

    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');
    const api = await fetch(`${base}/api/v1/reader/book/tags`);
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('5');
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await api.json()).toEqual({ error: expect.any(String), code: 'SERVICE_UNAVAILABLE' });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');

    await proxy.forward();
    await expect.poll(() => server!.lines.some((line) => line.msg?.includes(' is serving ')), { timeout: 40_000 }).toBe(true);
    expect(server!.lines.some((line) => line.msg === 'database migrated')).toBe(true);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    expect((await fetch(`${base}/api/v1/reader/book/tags`)).status).toBe(200);
    expect(server!.lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
  });
});

describe.runIf(TEST_DIALECT === 'sqlite')('a SQLite database that cannot be opened at start', () => {
  it('stops the start with one configuration error line, at once', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'inkstream-bad-sqlite-'));
    try {
      // The database file's path is taken by a folder: no waiting makes it openable.
      mkdirSync(path.join(dataDir, 'inkstream.sqlite'));
      const started = startServerProcess({ name: 'bad sqlite', port: await freePort(), env: processEnv(dataDir, {}) });
      const error = await started.then(
        () => null,
        (failure: unknown) => failure as Error,
      );
      expect(error?.message).toMatch(/exited \(1\) before serving/);
      expect(error?.message).toMatch(/Configuration error: the SQLite database ".*inkstream\.sqlite" \(in DATA_DIR\) cannot be opened/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
