import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { integerOption } from './cli-options.js';
import { dropPostgresDatabase, ensureReadersDatabase, type BenchDialect, type ReadersDatabase } from './readers-database.js';
import {
  READERS_SECTION_TITLE,
  renderReadersSection,
  summarizeReadersTargets,
  type ReadersReport,
  type SizeResult,
} from './readers-report.js';
import { readersRequests, type ReadersRequest, type RequestFixtures } from './readers-requests.js';
import { exitWhenDone, isEntryPoint, writeSection } from './section.js';
import { startRealServer, type ChildServer } from './server-process.js';
import { openDatabase } from '@inkstream/server/dist/db/database.js';
import { createDiscoveryRefresh } from '@inkstream/server/dist/modules/discovery/discovery-refresh.js';

/**
 * The readers benchmark (issue 27): the console's and a reader's requests, one at a time, on a
 * database of 1,000 accounts and on one of N (default 200,000) with the same demo catalogue, on
 * SQLite and PostgreSQL; the ratio between the sizes is the point. Also, on SQLite, /healthz while
 * the dashboard is asked for in a loop (one slow statement would hold the only thread).
 */
export const SMALL_ACCOUNTS = 1_000;
const WARMUP_REQUESTS = 10;
const MEASURED_REQUESTS = 100;
const HEALTHZ_SAMPLES = 200;
/**
 * A request slow enough to need more than this for its series stops early (after at least
 * MIN_SAMPLES recorded), so a slow statement costs the run minutes, not hours; the table says how
 * many samples a figure has.
 */
const SERIES_BUDGET_MS = 20_000;
const MIN_SAMPLES = 10;

const USAGE = `Usage: node bench/dist/readers-bench.js [--readers N] [--fresh] [--no-docs] [--sqlite-only]
  --readers N     accounts of the large database (default 200000; 0 skips the section)
  --fresh         regenerate the cached SQLite databases in bench/.data
  --sqlite-only   skip PostgreSQL
  --no-docs       print only; leave docs/PERFORMANCE.md alone`;

let addressCounter = 0;
/** A new client address per request (the server trusts X-Forwarded-For here): per-address limits stay out of the way. */
function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

interface Session {
  adminToken: string;
  memberToken: string;
  visitorCookie: string;
}

const VISITOR_ID = 'b3ce7a10';

async function call(
  server: ChildServer,
  request: Pick<ReadersRequest, 'method' | 'path' | 'body' | 'as'>,
  session: Session | null,
): Promise<Response> {
  const headers: Record<string, string> = { 'x-forwarded-for': nextAddress() };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (session && request.as === 'admin') headers.authorization = `Token ${session.adminToken}`;
  if (session && request.as === 'member') headers.authorization = `Token ${session.memberToken}`;
  if (request.as === 'visitor') {
    headers['x-visitor-id'] = VISITOR_ID;
    if (session?.visitorCookie) headers.cookie = session.visitorCookie;
  }
  return fetch(server.baseUrl + request.path, {
    method: request.method,
    headers,
    ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
  });
}

async function logIn(server: ChildServer, account: { username: string; password: string }): Promise<string> {
  const response = await call(server, { method: 'POST', path: '/api/v1/user/login', body: account, as: 'member' }, null);
  const body = (await response.json()) as { data?: { jwt_token?: string } };
  if (response.status !== 200 || !body.data?.jwt_token) throw new Error(`login of ${account.username} answered ${response.status}`);
  return body.data.jwt_token;
}

async function openSession(server: ChildServer, database: ReadersDatabase): Promise<Session> {
  const adminToken = await logIn(server, database.admin);
  const memberToken = await logIn(server, database.member);
  // The visitor's first write gets the proof cookie its later reads and writes carry.
  const { bookUuid, chapterUuid } = database.paidChapter;
  const first = await call(
    server,
    {
      method: 'POST',
      path: '/api/v1/reader/progress',
      body: { progress: [{ book_uuid: bookUuid, chapter_uuid: chapterUuid }] },
      as: 'visitor',
    },
    null,
  );
  const visitorCookie = (first.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { adminToken, memberToken, visitorCookie };
}

async function readFixtures(server: ChildServer, session: Session): Promise<RequestFixtures> {
  const get = async (pathname: string) => {
    const response = await call(server, { method: 'GET', path: `/api/v1/admin${pathname}`, as: 'admin' }, session);
    if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    return ((await response.json()) as { data: { items: Record<string, unknown>[] } }).data.items;
  };
  const reader = (await get('/users?q=moo'))[0];
  const order = (await get('/orders?status=paid'))[0];
  const book = (await get('/books'))[0];
  if (!reader || !order || !book) throw new Error('the console lists no reader, paid order or book');
  return {
    readerUuid: String(reader.uuid),
    readerName: String(reader.username),
    orderId: String(order.order_id),
    bookUuid: String(book.book_uuid),
  };
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** Latency of `count` requests made one after the other (after a warm-up), in ms: p50 and p99. */
async function measure(
  server: ChildServer,
  request: ReadersRequest,
  session: Session,
): Promise<{ p50: number; p99: number; samples: number; problem?: string }> {
  const times: number[] = [];
  const deadline = performance.now() + SERIES_BUDGET_MS;
  for (let i = 0; i < WARMUP_REQUESTS + MEASURED_REQUESTS; i++) {
    if (times.length >= MIN_SAMPLES && performance.now() > deadline) break;
    const started = performance.now();
    const response = await call(server, request, session);
    await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (response.status >= 300) return { p50: NaN, p99: NaN, samples: 0, problem: `answered ${response.status}` };
    if (i >= WARMUP_REQUESTS) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), samples: times.length };
}

/** /healthz one at a time while another client asks for the 90-day dashboard in a loop (SQLite's one thread). */
async function healthzUnderDashboard(
  server: ChildServer,
  session: Session,
): Promise<{ p50: number; p99: number; samples: number; dashboards: number }> {
  let running = true;
  let dashboards = 0;
  const loop = (async () => {
    while (running) {
      const response = await call(server, { method: 'GET', path: '/api/v1/admin/stats?days=90', as: 'admin' }, session);
      await response.arrayBuffer();
      dashboards += 1;
    }
  })();
  const times: number[] = [];
  const deadline = performance.now() + SERIES_BUDGET_MS;
  try {
    for (let i = 0; i < HEALTHZ_SAMPLES; i++) {
      if (times.length >= MIN_SAMPLES && performance.now() > deadline) break;
      const started = performance.now();
      await (await fetch(`${server.baseUrl}/healthz`)).arrayBuffer();
      times.push(performance.now() - started);
    }
  } finally {
    running = false;
    await loop;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), samples: times.length, dashboards };
}

/** /healthz answers while the API may still be closed (PostgreSQL: until the start's migrations are seen); /readyz says when it opens. */
async function waitUntilReady(server: ChildServer, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${server.baseUrl}/readyz`).catch(() => null);
    await response?.arrayBuffer();
    if (response?.status === 200) return;
    await sleep(200);
  }
  throw new Error(`the server did not become ready within ${timeoutMs / 1000} s:\n${server.outputTail()}`);
}

/** Waits until the server serves the figures computed before it started (it loads them behind its start). */
async function waitForDiscovery(server: ChildServer, session: Session, log: (line: string) => void): Promise<void> {
  const started = performance.now();
  const deadline = started + 15 * 60_000;
  while (performance.now() < deadline) {
    const response = await call(server, { method: 'GET', path: '/api/v1/comics/rankings/popular?period=month', as: 'member' }, session);
    const body = (await response.json()) as { data?: { total?: number } };
    if ((body.data?.total ?? 0) > 0) {
      log(`    discovery figures served after ${((performance.now() - started) / 1000).toFixed(1)} s`);
      return;
    }
    await sleep(500);
  }
  throw new Error('the server computed no discovery figures within 15 minutes');
}

/** The discovery refresh alone on the database (no server running): its duration and memory. */
async function measureDiscoveryRefresh(database: ReadersDatabase): Promise<NonNullable<SizeResult['discovery']>> {
  const handle = openDatabase({
    databaseUrl: database.databaseUrl,
    sqlitePath: path.join(database.dataDir, 'inkstream.sqlite'),
    poolSize: 2,
  });
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const report = await createDiscoveryRefresh({ db: handle.db }).run();
    peak = Math.max(peak, process.memoryUsage().rss);
    return {
      durationMs: report.durationMs,
      passes: report.passes,
      peakPairs: report.peakPairs,
      lists: report.lists,
      rssGrowthMb: (peak - before) / 1024 / 1024,
    };
  } finally {
    clearInterval(sampler);
    await handle.close();
  }
}

async function measureSize(serverMain: string, database: ReadersDatabase, log: (line: string) => void): Promise<SizeResult> {
  // First, alone: the figures the requests read are this database's (a copied smaller database
  // brings its own), and fresh, so the server's housekeeping does not compute them again while
  // requests are measured (it would after DISCOVERY_REFRESH_MINUTES).
  const discovery = await measureDiscoveryRefresh(database);
  log(
    `    discovery refresh alone: ${(discovery.durationMs / 1000).toFixed(1)} s, ${discovery.passes} pass(es), ${discovery.lists} lists, RSS +${discovery.rssGrowthMb.toFixed(0)} MB`,
  );
  const server = await startRealServer({
    serverMain,
    dataDir: database.dataDir,
    env: { TRUST_PROXY: 'true', ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}) },
  });
  try {
    await waitUntilReady(server);
    const session = await openSession(server, database);
    await waitForDiscovery(server, session, log);
    const requests = readersRequests(database, await readFixtures(server, session));
    const results: SizeResult['requests'] = [];
    for (const request of requests) {
      const result = await measure(server, request, session);
      if (!server.isRunning()) throw new Error(`the server died during "${request.name}":\n${server.outputTail()}`);
      results.push({ name: request.name, group: request.group, ...result });
      log(
        `    ${request.name.padEnd(28)} p50 ${result.p50.toFixed(1).padStart(7)} ms  p99 ${result.p99.toFixed(1).padStart(7)} ms${result.problem ? `  ${result.problem}` : ''}`,
      );
    }
    const healthz = database.dialect === 'sqlite' ? await healthzUnderDashboard(server, session) : null;
    if (healthz)
      log(
        `    /healthz during dashboards    p50 ${healthz.p50.toFixed(1)} ms  p99 ${healthz.p99.toFixed(1)} ms (${healthz.dashboards} dashboards)`,
      );
    return {
      accounts: database.population.accounts,
      population: database.population,
      generationSeconds: database.generationSeconds,
      reused: database.reused,
      requests: results,
      healthz,
      discovery,
    };
  } finally {
    await server.stop();
  }
}

export async function runReadersSection(options: {
  repoRoot: string;
  accounts: number;
  fresh: boolean;
  writeDocs: boolean;
  dialects?: readonly BenchDialect[];
}): Promise<ReadersReport> {
  const serverMain = path.join(options.repoRoot, 'apps/server/dist/main.js');
  if (!existsSync(serverMain)) throw new Error(`${serverMain} does not exist: run \`npm run build\` first`);
  const log = (line: string) => console.log(line);
  const report: ReadersReport = { date: new Date(), accounts: options.accounts, dialects: [] };
  for (const dialect of options.dialects ?? (['sqlite', 'postgres'] as const)) {
    log(`Readers (${dialect}):`);
    const sizes: SizeResult[] = [];
    let previous: ReadersDatabase | undefined;
    try {
      for (const accounts of [SMALL_ACCOUNTS, options.accounts]) {
        const database: ReadersDatabase = await ensureReadersDatabase({
          dialect,
          accounts,
          cacheRoot: path.join(options.repoRoot, 'bench/.data'),
          serverMain,
          fresh: options.fresh,
          log,
          ...(previous ? { base: previous } : {}),
        });
        previous = database;
        log(`  ${accounts.toLocaleString('en-US')} accounts:`);
        sizes.push(await measureSize(serverMain, database, log));
      }
    } finally {
      if (dialect === 'postgres') await dropPostgresDatabase();
    }
    report.dialects.push({ dialect, small: sizes[0]!, large: sizes[1]! });
  }
  for (const line of summarizeReadersTargets(report)) log(line);
  writeSection(options, READERS_SECTION_TITLE, renderReadersSection(report));
  return report;
}

// `npm run bench:readers [-- --readers N]`: this section alone.
if (isEntryPoint(import.meta)) {
  const { values } = parseArgs({
    options: {
      readers: { type: 'string', default: '200000' },
      fresh: { type: 'boolean', default: false },
      'sqlite-only': { type: 'boolean', default: false },
      'no-docs': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) console.log(USAGE);
  else {
    const accounts = integerOption(USAGE)('readers', values.readers, 0);
    exitWhenDone(
      'readers',
      accounts === 0
        ? Promise.resolve()
        : runReadersSection({
            repoRoot: path.resolve(import.meta.dirname, '../..'),
            accounts,
            fresh: values.fresh,
            writeDocs: !values['no-docs'],
            dialects: values['sqlite-only'] ? ['sqlite'] : ['sqlite', 'postgres'],
          }),
    );
  }
}
