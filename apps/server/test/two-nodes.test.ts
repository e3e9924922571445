import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCliWithEnv } from './helpers/admin-cli.js';
import { nextClientIp } from './helpers/factories.js';
import { startFakeWechatPay, type FakeWechatPay } from './helpers/fake-wechat-pay.js';
import { buildZip, pages, writeFixture } from './helpers/import-fixtures.js';
import { bookUuidOf } from './helpers/import-test-kit.js';
import { startS3Server, type TestS3Server } from './helpers/s3-server.js';
import { freePort, startServerProcess, type ServerProcess } from './helpers/server-process.js';
import { createTestDatabase, TEST_DIALECT } from './helpers/test-context.js';

/**
 * Issue 12, "Many nodes": two real server processes (the built dist/main.js, one worker each, their
 * own port and DATA_DIR) on one PostgreSQL database, one S3 bucket (s3rver), one Redis and one
 * WeChat Pay (the faithful fake), with the same secrets, behave as one site.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/**
 * A change made through one node (or the CLI) must be served by every node within this. Each node
 * polls the catalogue version and the reader change feed every second, so a change counts within
 * about a second; the bound adds room for a loaded 2-core CI machine (1,004 ms was measured once).
 * What it catches is a change that is never delivered: a member's cached state would then live
 * for its 5-minute age, a kept catalogue answer until the next change.
 */
const PROPAGATION_MS = 2500;
const POLL_MS = 50;
const PASSWORD = 'two-nodes-pass-1';

let nodeA: ServerProcess | undefined;
let nodeB: ServerProcess | undefined;
let s3: TestS3Server | undefined;
let fake: FakeWechatPay | undefined;
let pool: pg.Pool | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let cli: ReturnType<typeof adminCliWithEnv>;
const scratch: string[] = [];
/** The book imported before the servers' tests: chapter 1 free, 2 and 3 paid. */
let fixture: { bookUuid: string; chapters: string[] };

const A = () => nodeA!;
const B = () => nodeB!;
const tempDir = (label: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `inkstream-two-nodes-${label}-`));
  scratch.push(dir);
  return dir;
};
let nameCounter = 0;
/** 4–16 letters or digits, unique in this run. */
const username = (prefix: string) => `${prefix}${(nameCounter += 1)}${randomBytes(2).toString('hex')}`;

interface Call {
  method?: string;
  token?: string;
  /** The client address the load balancer reports (TRUST_PROXY=true); a fresh one by default. */
  ip?: string;
  json?: unknown;
  headers?: Record<string, string>;
  body?: string;
}

/** One request to `node`, as a load balancer would forward it. */
async function call(node: ServerProcess, url: string, options: Call = {}) {
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? nextClientIp(), ...options.headers };
  if (options.token) headers.authorization = `Token ${options.token}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${node.baseUrl}${url}`, {
    method: options.method ?? (options.json !== undefined || options.body !== undefined ? 'POST' : 'GET'),
    headers,
    body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
    signal: AbortSignal.timeout(15_000),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get('content-type') ?? '';
  // Parsed as the tests' inject().json() is: untyped, the assertions check the shape.
  const json: ReturnType<typeof JSON.parse> = type.includes('json') && bytes.length > 0 ? JSON.parse(bytes.toString()) : null;
  return { status: response.status, type, bytes, json };
}

async function login(node: ServerProcess, name: string): Promise<string> {
  const response = await call(node, '/api/v1/user/login', { json: { username: name, password: PASSWORD } });
  expect(response.status, `login ${name} on ${node.name}`).toBe(200);
  return response.json!.data.jwt_token as string;
}

/** A user made through the admin CLI, as an operator would, logged in through `node`. */
async function cliUser(node: ServerProcess, prefix: string, extra: string[] = []): Promise<{ name: string; token: string }> {
  const name = username(prefix);
  const created = await cli('user', 'create', name, '--password', PASSWORD, ...extra);
  expect(created.code, created.err).toBe(0);
  return { name, token: await login(node, name) };
}

/**
 * Polls `check` every 50 ms until it holds; the milliseconds from `since` until it held. Keeps
 * polling up to 10 s past the bound so a failure reports how long propagation actually took.
 */
async function msUntil(check: () => Promise<boolean>, since: number): Promise<number> {
  for (;;) {
    const attempt = Date.now();
    if (await check()) return Date.now() - since;
    if (attempt - since > PROPAGATION_MS + 10_000) throw new Error(`still not seen ${attempt - since} ms later`);
    await sleep(Math.max(0, POLL_MS - (Date.now() - attempt)));
  }
}

const chapterList = (node: ServerProcess, bookUuid: string) => call(node, `/api/v1/comics/chapters/${bookUuid}/en-us/asc/0/50`);
const chapterUuids = async (node: ServerProcess, bookUuid: string): Promise<string[] | null> => {
  const response = await chapterList(node, bookUuid);
  if (response.status !== 200) return null;
  return (response.json!.data.result.chapters as { chapter_uuid: string }[]).map((chapter) => chapter.chapter_uuid);
};

/** A CBZ of `chapters` folders of two drawn pages each, imported through the CLI; the book's UUID. */
async function importBook(title: string, chapters: number): Promise<string> {
  const entries = (await Promise.all(Array.from({ length: chapters }, (_, i) => pages(`${title}-`, 2, `Chapter ${i + 1}/`)))).flat();
  const file = writeFixture(tempDir('import'), `${title}.cbz`, await buildZip(entries));
  const result = await cli('import', file, '--title', `en-us=${title}`, '--free-chapters', '1');
  expect(result.code, result.err).toBe(0);
  return bookUuidOf(result.out);
}

/** On failure, the end of both servers' output goes into the error. */
function itOnBoth(name: string, body: () => Promise<void>, timeoutMs = 30_000) {
  it(
    name,
    async () => {
      try {
        await body();
      } catch (error) {
        const tails = [nodeA, nodeB].map((node) => node?.tail(3000) ?? '').join('\n');
        if (error instanceof Error) error.message += `\n\nserver output:\n${tails}`;
        throw error;
      }
    },
    timeoutMs,
  );
}

const sql = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await pool!.query<T>(text, values)).rows;

describe.runIf(TEST_DIALECT === 'postgres')('two server processes on one PostgreSQL, one bucket, one Redis', () => {
  beforeAll(async () => {
    const testDb = await createTestDatabase();
    dropDatabase = testDb.drop;
    pool = new pg.Pool({ connectionString: testDb.databaseUrl!, max: 2 });
    [s3, fake] = await Promise.all([startS3Server(), startFakeWechatPay(tempDir('wechat'))]);
    // Each node calls WeChat Pay on a port of its own: the fake then knows which node asked.
    const [apiBaseA, apiBaseB] = [fake.baseUrl, await fake.addEndpoint()];
    const shared: Record<string, string> = {
      NODE_ENV: 'development',
      DATABASE_URL: testDb.databaseUrl!,
      JWT_SECRET: randomBytes(32).toString('hex'),
      MEDIA_SIGNING_SECRET: randomBytes(32).toString('hex'),
      ...s3.env,
      REDIS_URL,
      // This run's own keys and channel: other runs on the same Redis never meet it.
      REDIS_PREFIX: `inkstream-two-nodes-${randomBytes(6).toString('hex')}`,
      DEMO_CATALOGUE: 'off',
      LOG_LEVEL: 'info',
      // Behind a load balancer: the client address comes from X-Forwarded-For.
      TRUST_PROXY: 'true',
      PUBLIC_URL: 'http://inkstream.test',
    };
    cli = adminCliWithEnv({ ...shared, ...fake.env(), DATA_DIR: tempDir('cli') });
    const portA = await freePort();
    let portB = await freePort();
    while (portB === portA) portB = await freePort();
    const node = (name: string, port: number, apiBase: string) =>
      startServerProcess({
        name,
        port,
        env: {
          ...shared,
          ...fake!.env(apiBase),
          WECHATPAY_RECONCILE_INTERVAL_MS: '1000',
          WEB_CONCURRENCY: '1',
          HOST: '127.0.0.1',
          DATA_DIR: tempDir(name),
        },
        startTimeoutMs: 60_000,
      });
    // Both nodes start (and migrate, under Kysely's lock) at once, as a deployment's nodes do.
    const started = await Promise.allSettled([node('node-a', portA, apiBaseA), node('node-b', portB, apiBaseB)]);
    if (started[0].status === 'fulfilled') nodeA = started[0].value;
    if (started[1].status === 'fulfilled') nodeB = started[1].value;
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;

    const title = `Fixture ${randomBytes(3).toString('hex')}`;
    const bookUuid = await importBook(title, 3);
    fixture = { bookUuid, chapters: (await chapterUuids(A(), bookUuid))! };
    expect(fixture.chapters).toHaveLength(3);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([nodeA?.stop(10_000), nodeB?.stop(10_000)]);
    await Promise.all([s3?.close(), fake?.close(), pool?.end()]);
    await dropDatabase?.();
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  itOnBoth('serves a book imported through the CLI from both nodes within a poll of the CLI exiting', async () => {
    const title = `Tide ${randomBytes(3).toString('hex')}`;
    const search = `/api/v1/comics/book/search?language=en-us&q=${encodeURIComponent(title)}`;
    // Both nodes have answered "no such book" already (kept in their public caches).
    for (const node of [A(), B()]) expect((await call(node, search)).json!.data.total).toBe(0);

    const bookUuid = await importBook(title, 2);
    const exitedAt = Date.now();
    const served = (node: ServerProcess) =>
      msUntil(async () => {
        const [found, list] = await Promise.all([call(node, search), chapterList(node, bookUuid)]);
        return found.json?.data.total === 1 && list.status === 200;
      }, exitedAt);
    const [onA, onB] = await Promise.all([served(A()), served(B())]);
    expect({ onA, onB }).toEqual({ onA: expect.any(Number), onB: expect.any(Number) });
    expect(onA, 'ms until node A served it').toBeLessThan(PROPAGATION_MS);
    expect(onB, 'ms until node B served it').toBeLessThan(PROPAGATION_MS);
  });

  itOnBoth("hides and shows a chapter unpublished and published through node A's admin API on node B within a poll", async () => {
    const admin = await cliUser(A(), 'admin', ['--admin']);
    const [bookUuid, chapter] = [fixture.bookUuid, fixture.chapters[2]!];
    // Node B has the chapter list with the chapter in its cache.
    expect(await chapterUuids(B(), bookUuid)).toContain(chapter);

    const hide = await call(A(), `/api/v1/admin/chapters/${chapter}/unpublish`, { method: 'POST', token: admin.token });
    expect(hide.status).toBe(200);
    const listed = async () => (await chapterUuids(B(), bookUuid))?.includes(chapter);
    const hidden = await msUntil(async () => (await listed()) === false, Date.now());
    expect(hidden, 'ms until node B hid the chapter').toBeLessThan(PROPAGATION_MS);

    const show = await call(A(), `/api/v1/admin/chapters/${chapter}/publish`, { method: 'POST', token: admin.token });
    expect(show.status).toBe(200);
    const shown = await msUntil(async () => (await listed()) === true, Date.now());
    expect(shown, 'ms until node B showed the chapter').toBeLessThan(PROPAGATION_MS);
  });

  itOnBoth("finds a book published and renamed through node A's console in node B's search within a poll", async () => {
    const admin = await cliUser(A(), 'admin', ['--admin']);
    const word = `Quill${randomBytes(3).toString('hex')}`;
    const found = async (node: ServerProcess, q: string) =>
      (await call(node, `/api/v1/comics/book/search?language=en-us&q=${encodeURIComponent(q)}`)).json!.data.total as number;
    const created = await call(A(), '/api/v1/admin/books', {
      token: admin.token,
      json: { original_language: 'en-us', titles: { 'en-us': `${word} Harbour` }, book_type: 'comic' },
    });
    expect(created.status).toBe(200);
    const bookUuid = created.json!.data.book_uuid as string;
    // A draft: never in the public search, on either node.
    expect(await found(B(), word)).toBe(0);

    expect((await call(A(), `/api/v1/admin/books/${bookUuid}/publish`, { method: 'POST', token: admin.token })).status).toBe(200);
    const published = await msUntil(async () => (await found(B(), word)) === 1, Date.now());
    expect(published, 'ms until node B found the published book').toBeLessThan(PROPAGATION_MS);

    const renamed = await call(A(), `/api/v1/admin/books/${bookUuid}`, {
      method: 'PUT',
      token: admin.token,
      json: { titles: { 'en-us': `Lanterns of ${word}x` } },
    });
    expect(renamed.status).toBe(200);
    const seen = await msUntil(
      async () => (await found(B(), `${word} harbour`)) === 0 && (await found(B(), `lanterns ${word}x`)) === 1,
      Date.now(),
    );
    expect(seen, 'ms until node B found the book by its new title only').toBeLessThan(PROPAGATION_MS);
  });

  itOnBoth('counts the per-IP login limit across both nodes: the 121st login to either answers 429', async () => {
    const ip = nextClientIp();
    const attempt = (node: ServerProcess, i: number, from = ip) =>
      call(node, '/api/v1/user/login', { ip: from, json: { username: `nobody${i}`, password: 'wrong-pass' } });
    // 120 a minute per address (http/rate-limits.ts), half through each node: calls the body check
    // refuses, counted by the limit (it comes first) without reaching the failed-login throttle.
    const refusedBody = (node: ServerProcess, i: number) => call(node, '/api/v1/user/login', { ip, json: { username: `nobody${i}` } });
    for (let i = 0; i < 120; i += 1) expect((await refusedBody(i % 2 === 0 ? A() : B(), i)).status, `login ${i + 1}`).toBe(400);
    for (const node of [A(), B()]) {
      const limited = await attempt(node, 99);
      expect(limited.status, node.name).toBe(429);
      expect(limited.json!.code).toBe('RATE_LIMITED');
    }
    // Another address still has its own count, on either node.
    expect((await attempt(B(), 100, nextClientIp())).status).toBe(401);
  });

  itOnBoth(
    'grants once for a WeChat Pay notification delivered to the other node, and once for a duplicate sent to both at once',
    async () => {
      const notify = (node: ServerProcess, message: { headers: Record<string, string>; body: string }) =>
        call(node, '/api/v1/payment/wechat/notify', { method: 'POST', headers: message.headers, body: message.body });
      /** A member-to-be with a paid 1-month order created through node A. */
      const buyer = async () => {
        const user = await cliUser(A(), 'buyer');
        const created = await call(A(), '/api/v1/payment/wechat/payment/china_book_membership/create', {
          token: user.token,
          json: { months: 1 },
        });
        expect(created.status).toBe(200);
        const orderId = created.json!.data.order_id as string;
        return { ...user, orderId, order: fake!.pay(orderId) };
      };
      /** The user's grants and orders in the shared database, and the expiry each node reports. */
      const outcome = async (user: { name: string; token: string }) => {
        const grants = await sql<{ ends_at: string; grant_months: number | null }>(
          'SELECT g.ends_at, g.grant_months FROM membership_grants g JOIN users u ON u.id = g.user_id WHERE u.username = $1 AND g.revoked_at IS NULL',
          [user.name],
        );
        const orders = await sql<{ status: string }>(
          'SELECT o.status FROM payment_orders o JOIN users u ON u.id = o.user_id WHERE u.username = $1',
          [user.name],
        );
        const expiry = async (node: ServerProcess) =>
          (await call(node, '/api/v1/user/book/membership', { token: user.token })).json!.data.result?.expire_at as string | undefined;
        return { grants, orders: orders.map((order) => order.status), expiry: [await expiry(A()), await expiry(B())] };
      };

      const first = await buyer();
      expect((await notify(B(), fake!.notification(first.order))).status).toBe(204);
      const once = await outcome(first);
      expect(once.grants).toMatchObject([{ grant_months: 1 }]);
      expect(once.orders).toEqual(['paid']);
      const endsAt = new Date(Number(once.grants[0]!.ends_at)).toISOString();
      expect(once.expiry).toEqual([endsAt, endsAt]);
      // WeChat retries a notification it thinks was lost: the retry to node A changes nothing.
      expect((await notify(A(), fake!.notification(first.order))).status).toBe(204);
      expect(await outcome(first)).toEqual(once);

      // The same notification reaching both nodes at the same moment, twice each.
      const second = await buyer();
      const message = fake!.notification(second.order);
      const answers = await Promise.all([A(), B(), A(), B()].map((node) => notify(node, message)));
      expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204, 204]);
      const raced = await outcome(second);
      expect(raced.grants).toMatchObject([{ grant_months: 1 }]);
      expect(raced.orders).toEqual(['paid']);
      const racedEnd = new Date(Number(raced.grants[0]!.ends_at)).toISOString();
      expect(raced.expiry).toEqual([racedEnd, racedEnd]);
    },
  );

  itOnBoth("serves on node B a member's signed page URL minted by node A", async () => {
    const member = await cliUser(A(), 'member');
    const granted = await cli('membership', 'grant', member.name, '--days', '30');
    expect(granted.code, granted.err).toBe(0);
    const paidChapter = fixture.chapters[1]!;
    const content = await call(A(), `/api/v1/comics/chapter_comics/${paidChapter}/en-us`, { token: member.token });
    expect(content.status).toBe(200);
    const signedUrl = (content.json!.data.result.pages as { url: string }[])[0]!.url;
    expect(signedUrl).toContain('?');

    const onB = await call(B(), signedUrl);
    expect(onB.status).toBe(200);
    expect(onB.type).toMatch(/^image\//);
    expect(onB.bytes.length).toBeGreaterThan(100);
    expect(onB.bytes.equals((await call(A(), signedUrl)).bytes)).toBe(true);
    // The page is paid: without the signature neither node serves it.
    expect((await call(B(), signedUrl.split('?')[0]!)).status).toBe(403);
  });

  itOnBoth(
    "stops on node B, within a poll, a member's reads that B answers from memory, once node A's admin disables the account or the CLI revokes the membership",
    async () => {
      const admin = await cliUser(A(), 'admin', ['--admin']);
      const paidChapter = fixture.chapters[1]!;
      const read = async (token: string) => (await call(B(), `/api/v1/comics/chapter_comics/${paidChapter}/en-us`, { token })).status;
      const member = async () => {
        const user = await cliUser(A(), 'reader');
        const granted = await cli('membership', 'grant', user.name, '--days', '30');
        expect(granted.code, granted.err).toBe(0);
        // Twice: the second read is answered from node B's memory (reader-state-cache.ts).
        expect([await read(user.token), await read(user.token)]).toEqual([200, 200]);
        return user;
      };

      const disabled = await member();
      const uuid = (await call(A(), '/api/v1/user/me', { token: disabled.token })).json!.data.result.uuid as string;
      const disable = await call(A(), `/api/v1/admin/users/${uuid}/disable`, {
        method: 'POST',
        token: admin.token,
        json: { reason: 'two nodes' },
      });
      expect(disable.status).toBe(200);
      const refused = await msUntil(async () => (await read(disabled.token)) === 401, Date.now());
      expect(refused, 'ms until node B refused the disabled account').toBeLessThan(PROPAGATION_MS);

      const revoked = await member();
      const since = Date.now();
      const revoke = await cli('membership', 'revoke', revoked.name);
      expect(revoke.code, revoke.err).toBe(0);
      const ended = await msUntil(async () => (await read(revoked.token)) === 403, since);
      expect(ended, 'ms until node B refused the revoked membership').toBeLessThan(PROPAGATION_MS);
    },
  );

  // Last: it stops one node.
  itOnBoth(
    'reconciles WeChat Pay orders on one node only, and the other takes over when it stops',
    async () => {
      const user = await cliUser(A(), 'payer');
      const created = await call(A(), '/api/v1/payment/wechat/payment/china_book_membership/create', {
        token: user.token,
        json: { months: 1 },
      });
      expect(created.status).toBe(200);
      const orderId = created.json!.data.order_id as string;
      // Unpaid and still payable, but older than the minute reconciliation leaves to notifications:
      // every run (each second here, WECHATPAY_RECONCILE_INTERVAL_MS) asks WeChat about it.
      await sql('UPDATE payment_orders SET created_at = created_at - 120000 WHERE order_id = $1', [orderId]);
      const queries = () =>
        fake!.requests.filter(
          (request) => request.method === 'GET' && request.path.split('?')[0] === `/v3/pay/transactions/out-trade-no/${orderId}`,
        );

      // Four runs in about four seconds, while both nodes' timers fire every second.
      const deadline = Date.now() + 20_000;
      while (queries().length < 4 && Date.now() < deadline) await sleep(100);
      const ports = new Set(queries().map((request) => request.port));
      expect(queries().length).toBeGreaterThanOrEqual(4);
      expect(ports.size, 'nodes that asked WeChat Pay').toBe(1);
      // Node A calls the fake on its first port (fake.baseUrl), node B on the one added for it.
      const holder = [...ports][0] === Number(new URL(fake!.baseUrl).port) ? A() : B();
      const other = holder === A() ? B() : A();

      // The holder stops (releasing its lease): the other node's next run asks instead.
      expect(await holder.stop()).toBe(0);
      const before = queries().length;
      const takeover = Date.now() + 10_000;
      while (
        !queries()
          .slice(before)
          .some((request) => !ports.has(request.port)) &&
        Date.now() < takeover
      )
        await sleep(100);
      const after = queries().slice(before);
      expect(
        after.some((request) => !ports.has(request.port)),
        `${other.name} took over`,
      ).toBe(true);
      expect(after.every((request) => !ports.has(request.port))).toBe(true);
    },
    45_000,
  );
});
