import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess, type ServerProcess } from './helpers/server-process.js';
import { createTestDatabase, TEST_DIALECT } from './helpers/test-context.js';

/**
 * PostgreSQL ending the app's connections while queries run on them (a failover, a restart for an
 * upgrade, an operator's pg_terminate_backend, a network blip) must cost the requests it touched a
 * 503 with Retry-After, never the process: the real built server runs behind a TCP proxy, queries
 * are held in flight by a lock, and then the backends are terminated (or the proxy drops every
 * connection). The same process must then answer 200 again.
 */

/** A TCP proxy to PostgreSQL that can cut every connection it carries at once. */
async function cuttableProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    // As a real proxy does: when one side goes (closed or reset), the other is closed too.
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(socket);
      socket.on('close', () => {
        sockets.delete(socket);
        other.destroy();
      });
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  return {
    port,
    /** Resets every carried connection, as a broken network path does. */
    cutAll() {
      for (const socket of sockets) socket.resetAndDestroy();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const CONCURRENT_READERS = 6;
const TERMINATIONS = 10;
/** Requests of each round of terminations, reads and saves alike: 60 saves in all, under their 120 a minute. */
const REQUESTS_PER_ROUND = 2 * CONCURRENT_READERS;

describe.runIf(TEST_DIALECT === 'postgres')('PostgreSQL dropping the app’s connections mid-query', () => {
  let server: ServerProcess | undefined;
  let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
  let dropDatabase: () => Promise<void>;
  let databaseUrl: string;
  let dataDir: string;
  let token: string;

  beforeAll(async () => {
    const created = await createTestDatabase();
    dropDatabase = created.drop;
    databaseUrl = created.databaseUrl!;
    const real = new URL(databaseUrl);
    proxy = await cuttableProxy({ host: real.hostname, port: Number(real.port || 5432) });
    const viaProxy = new URL(real);
    viaProxy.port = String(proxy.port);
    dataDir = mkdtempSync(path.join(tmpdir(), 'inkstream-dropped-db-'));
    server = await startServerProcess({
      name: 'dropped database',
      port: await freePort(),
      env: {
        DATA_DIR: dataDir,
        DEMO_CATALOGUE: 'off',
        LOG_LEVEL: 'info',
        JWT_SECRET: randomBytes(32).toString('hex'),
        MEDIA_SIGNING_SECRET: randomBytes(32).toString('hex'),
        DATABASE_URL: viaProxy.toString(),
      },
    });
    const credentials = { username: `dropped${randomBytes(3).toString('hex')}`, password: 'dropped-pass-1' };
    const registered = await post('/api/v1/user/register', { ...credentials, user_type: 'test' });
    expect(registered.status).toBe(201);
    const login = await post('/api/v1/user/login', credentials);
    expect(login.status).toBe(200);
    token = ((await login.json()) as { data: { jwt_token: string } }).data.jwt_token;
  });
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await dropDatabase?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server!.baseUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  /** A logged-in read and a write, both of which need the database on every call. */
  const library = () => fetch(`${server!.baseUrl}/api/v1/user/library?language=en-us`, { headers: { authorization: `Bearer ${token}` } });
  const saveProgress = () =>
    post(
      '/api/v1/reader/progress',
      { progress: [{ book_uuid: '00000000-0000-4000-8000-000000000001', chapter_uuid: '00000000-0000-4000-8000-000000000002' }] },
      { authorization: `Bearer ${token}` },
    );

  /** Runs an admin statement on the real database (not through the proxy). */
  async function onDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  /**
   * Holds a lock that the app's queries wait on, starts requests so that every pooled connection is
   * checked out with a query running, waits until PostgreSQL shows them waiting, runs `drop`, and
   * returns the held requests' answers.
   */
  async function dropWhileQueriesRun(drop: () => Promise<void> | void): Promise<Response[]> {
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    let held: Promise<Response>[];
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE book_follows, reading_progress, users IN ACCESS EXCLUSIVE MODE');
      held = Array.from({ length: CONCURRENT_READERS }, (_, index) => (index % 2 ? saveProgress() : library()));
      await expect
        .poll(
          () =>
            onDatabase(async (client) => {
              const { rows } = await client.query<{ waiting: number }>(
                `SELECT count(*)::int AS waiting FROM pg_stat_activity
                  WHERE datname = current_database() AND application_name = 'inkstream' AND wait_event_type = 'Lock'`,
              );
              return rows[0]!.waiting;
            }),
          { timeout: 15_000 },
        )
        .toBeGreaterThanOrEqual(1);
      await drop();
    } finally {
      // The lock goes as soon as the connections are dropped: a held request that had no connection
      // yet then runs on a new one instead of waiting on the lock for the statement timeout.
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end().catch(() => undefined);
    }
    return Promise.all(held);
  }

  const expectServedAgain = async () => {
    await expect.poll(async () => (await library()).status, { timeout: 15_000 }).toBe(200);
    expect((await saveProgress()).status).toBe(404);
    expect((await fetch(`${server!.baseUrl}/readyz`)).status).toBe(200);
    expect(server!.child.exitCode).toBeNull();
    expect(server!.child.signalCode).toBeNull();
  };

  const expectOnlyUnavailable = async (answers: Response[]) => {
    expect(answers.length).toBe(CONCURRENT_READERS);
    const unavailable = answers.filter((answer) => answer.status === 503);
    // Every held request either lost its connection (503) or ran once the lock went.
    for (const answer of answers) expect([200, 404, 503]).toContain(answer.status);
    expect(unavailable.length).toBeGreaterThanOrEqual(1);
    for (const answer of unavailable) {
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(await answer.json()).toEqual({ error: expect.any(String), code: 'SERVICE_UNAVAILABLE' });
    }
  };

  it('answers the requests on terminated backends 503 with Retry-After and keeps serving', async () => {
    await expectServedAgain();
    const answers = await dropWhileQueriesRun(() =>
      onDatabase(async (client) => {
        await client.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'inkstream'",
        );
      }),
    );
    await expectOnlyUnavailable(answers);
    await expectServedAgain();
  });

  it('survives backends terminated again and again under a load of reads and writes', async () => {
    await expectServedAgain();
    const statuses: number[] = [];
    // The loops send requests on tickets, REQUESTS_PER_ROUND a round: as fast as the machine answers
    // but never more than the saves' per-account limit allows (120 a minute: an unpaced loop on an
    // idle machine made 429s, a failure of the test, not of the server).
    let tickets = 0;
    let running = true;
    let waiting: (() => void)[] = [];
    const ticketIssued = () => {
      for (const wake of waiting) wake();
      waiting = [];
    };
    const nextTicket = async (): Promise<boolean> => {
      while (running && tickets === 0) await new Promise<void>((resolve) => waiting.push(resolve));
      if (!running) return false;
      tickets -= 1;
      return true;
    };
    const loop = async (request: () => Promise<Response>) => {
      // 0: no answer at all (the connection to the app failed: the process is gone).
      while (await nextTicket())
        statuses.push(
          await request().then(
            (answer) => answer.status,
            () => 0,
          ),
        );
    };
    const loops = Array.from({ length: CONCURRENT_READERS }, (_, index) => loop(index % 2 ? saveProgress : library));
    try {
      // Each termination lands among requests in every state: waiting for a connection, running a
      // query, between two statements, or released to the pool: half the round's requests are
      // answered, the other half are on their way.
      for (let round = 0; round < TERMINATIONS; round += 1) {
        const seen = statuses.length;
        tickets += REQUESTS_PER_ROUND;
        ticketIssued();
        await expect.poll(() => statuses.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(seen + REQUESTS_PER_ROUND / 2);
        await onDatabase((client) =>
          client.query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'inkstream'",
          ),
        );
        await expect.poll(() => statuses.length, { timeout: 15_000 }).toBe(seen + REQUESTS_PER_ROUND);
      }
    } finally {
      running = false;
      ticketIssued();
      await Promise.all(loops);
    }
    expect(statuses).toHaveLength(TERMINATIONS * REQUESTS_PER_ROUND);
    expect(new Set(statuses.filter((status) => ![200, 404, 503].includes(status)))).toEqual(new Set());
    await expectServedAgain();
  });

  it('survives the network path dropping every connection mid-query, and keeps serving', async () => {
    await expectServedAgain();
    const answers = await dropWhileQueriesRun(() => proxy.cutAll());
    await expectOnlyUnavailable(answers);
    await expectServedAgain();
    // No crash, and no unexpected-error lines: the losses are warnings of an unavailable database.
    expect(server!.lines.filter((line) => line.msg === 'unhandled error')).toEqual([]);
  });
});
