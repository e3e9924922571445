import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createBook, createUserWithEmail, type TestBook, type TestUser } from './helpers/factories.js';
import { createOrder, sandboxPay } from './helpers/payment-flows.js';
import { familiesOf, parseSamples, promtoolProblems, sampleValue, type Sample } from './helpers/prometheus-text.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';
import { INKSTREAM_FAMILIES, PROCESS_FAMILIES } from './helpers/metric-families.js';

/**
 * Issue 44: after a read, a login, a paid sandbox order, a mail and a job, `GET /metrics` (with
 * METRICS_TOKEN) parses and holds every family with the values that traffic must have left.
 */
const TOKEN = randomBytes(24).toString('hex');
let ctx: TestContext;
let reader: TestUser & { email: string };
let book: TestBook;
let text: string;
let samples: Sample[];

const scrape = (authorization?: string) =>
  ctx.app.inject({ url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
const value = (name: string, labels: Record<string, string> = {}) => sampleValue(samples, name, labels);

beforeAll(async () => {
  ctx = await createTestContext({ METRICS_TOKEN: TOKEN, NODE_NAME: 'test-node' }, { readerChangesPollMs: 60_000 });
  book = await createBook(ctx, { chapters: 3, freeChapters: 1, titles: { 'en-us': 'Metrics Secret Title' } });
  // The one login of the test (createUser logs in through the API).
  reader = await createUserWithEmail(ctx);
  // A public read twice: a miss, then the public cache's hit.
  const free = `/api/v1/comics/chapter_comics/${book.chapters[0]!.uuid}/en-us`;
  expect((await ctx.app.inject({ url: free })).statusCode).toBe(200);
  expect((await ctx.app.inject({ url: free })).statusCode).toBe(200);
  // A paid sandbox order: created, paid; its receipt is a queued mail, sent by a job.
  const orderId = await createOrder(ctx, reader, 1);
  expect((await sandboxPay(ctx, reader, orderId)).statusCode).toBe(200);
  await ctx.app.jobs.drain();
  // The member's chapter read twice: the chapter cache and the reader-state cache miss, then hit.
  await ctx.app.readerChanges.pollNow();
  const paid = `/api/v1/comics/chapter_comics/${book.chapters[1]!.uuid}/en-us`;
  expect((await ctx.app.inject({ url: paid, headers: authHeader(reader) })).statusCode).toBe(200);
  expect((await ctx.app.inject({ url: paid, headers: authHeader(reader) })).statusCode).toBe(200);

  // No route: `unmatched`, never the URL; a HEAD of a GET route: that route's template, once.
  expect((await ctx.app.inject({ url: `/api/v1/no-such-call/${reader.uuid}` })).statusCode).toBe(404);
  expect((await ctx.app.inject({ method: 'HEAD', url: '/healthz' })).statusCode).toBe(200);

  const response = await scrape(`Bearer ${TOKEN}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(response.headers['cache-control']).toBe('no-store');
  text = response.body;
  samples = parseSamples(text);
});
afterAll(() => ctx?.close());

describe('GET /metrics', () => {
  it('is refused without the token, with a wrong one and another scheme (401, the API error body)', async () => {
    for (const header of [undefined, `Bearer ${TOKEN}x`, `Bearer ${'a'.repeat(48)}`, `Token ${TOKEN}`, TOKEN, 'Bearer ']) {
      const response = await scrape(header);
      expect(response.statusCode, String(header)).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).not.toContain('inkstream_');
    }
  });

  it('parses with the Prometheus parser (promtool check metrics) and carries node on every series', () => {
    const problems = promtoolProblems(text);
    // Its linter's one remark is on prom-client's own gauge names, which the names contract keeps as they are.
    const defaults = /^nodejs_active_(handles|requests|resources)_total non-counter metrics should not have "_total" suffix$/;
    if (problems !== null) expect(problems.split('\n').filter((line) => line !== '' && !defaults.test(line))).toEqual([]);
    expect(samples.length).toBeGreaterThan(50);
    for (const sample of samples) expect(sample.labels.node, sample.name).toBe('test-node');
  });

  it('counts requests by route template, method and status class', () => {
    expect(value('inkstream_http_requests_total', { route: '/api/v1/user/login', method: 'POST', status_class: '2xx' })).toBe(1);
    expect(
      value('inkstream_http_requests_total', {
        route: '/api/v1/comics/chapter_comics/:chapterUuid/:language',
        method: 'GET',
        status_class: '2xx',
      }),
    ).toBe(4);
    expect(
      value('inkstream_http_request_duration_seconds_count', { route: '/api/v1/user/login', method: 'POST', status_class: '2xx' }),
    ).toBe(1);
    expect(value('inkstream_http_request_duration_seconds_bucket', { route: '/api/v1/user/login', le: '10' })).toBe(1);
    expect(value('inkstream_http_requests_total', { route: 'unmatched', method: 'GET', status_class: '4xx' })).toBe(1);
    expect(value('inkstream_http_requests_total', { route: '/healthz', method: 'HEAD', status_class: '2xx' })).toBe(1);
    expect(value('inkstream_http_requests_total', { route: '/healthz', method: 'GET' })).toBeUndefined();
  });

  it('counts the three caches: public, chapter, reader state', () => {
    expect(value('inkstream_cache_requests_total', { cache: 'public', result: 'miss' })).toBe(1);
    expect(value('inkstream_cache_requests_total', { cache: 'public', result: 'hit' })).toBe(1);
    // The visitor's first read and the member's first read miss; the member's second hits.
    expect(value('inkstream_cache_requests_total', { cache: 'chapter', result: 'miss' })).toBe(2);
    expect(value('inkstream_cache_requests_total', { cache: 'chapter', result: 'hit' })).toBe(1);
    expect(value('inkstream_cache_requests_total', { cache: 'reader_state', result: 'miss' })).toBe(1);
    expect(value('inkstream_cache_requests_total', { cache: 'reader_state', result: 'hit' })).toBe(1);
  });

  it('counts the paid sandbox order after commit, and the open incidents', () => {
    expect(value('inkstream_orders_total', { provider: 'sandbox', plan: 'month', event: 'created' })).toBe(1);
    expect(value('inkstream_orders_total', { provider: 'sandbox', plan: 'month', event: 'paid' })).toBe(1);
    // Every other series of the sandbox rail is there from the start, at 0 (metrics-payments.test.ts says why).
    const others = samples.filter(
      (s) => s.name === 'inkstream_orders_total' && !(s.labels.plan === 'month' && ['created', 'paid'].includes(s.labels.event!)),
    );
    expect(others).toHaveLength(3 * 5 - 2);
    expect(others.every((s) => s.labels.provider === 'sandbox' && s.value === 0)).toBe(true);
    expect(value('inkstream_payment_incidents_open')).toBe(0);
  });

  it('reads the background work: the receipt sent by one mail-send job, the outbox, the jobs table', () => {
    expect(value('inkstream_job_runs_total', { kind: 'mail-send', result: 'succeeded' })).toBe(1);
    expect(value('inkstream_job_duration_seconds_count', { kind: 'mail-send' })).toBe(1);
    expect(value('inkstream_mail_outbox', { state: 'sent' })).toBe(1);
    expect(value('inkstream_mail_outbox', { state: 'queued' })).toBe(0);
    expect(value('inkstream_mail_outbox_oldest_queued_age_seconds')).toBe(0);
    expect(value('inkstream_jobs', { kind: 'mail-send', state: 'queued' })).toBe(0);
    expect(value('inkstream_jobs_oldest_due_age_seconds', { kind: 'mail-send' })).toBe(0);
    // The book's pages were written without a lighter variant looked at: the backfill has them all to do.
    expect(value('inkstream_lite_backfill_remaining_pages')).toBeGreaterThanOrEqual(0);
    expect(value('inkstream_push_deliveries_total', { result: 'sent' })).toBe(0);
    expect(value('inkstream_data_dir_size_bytes')).toBeGreaterThan(0);
    expect(value('inkstream_data_dir_free_bytes')).toBeGreaterThan(0);
    for (const name of ['base_books', 'delta_books', 'last_rebuild_timestamp_seconds', 'rebuild_duration_seconds']) {
      expect(value(`inkstream_search_index_${name}`), name).toBeDefined();
    }
  });

  it('times database statements by keyword and main table', () => {
    expect(value('inkstream_db_query_duration_seconds_count', { statement: 'insert payment_orders' })).toBe(1);
    expect(value('inkstream_db_query_duration_seconds_count', { statement: 'update payment_orders' })).toBeGreaterThanOrEqual(1);
    const families = familiesOf(text);
    if (ctx.config.databaseUrl) {
      expect(value('inkstream_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(value('inkstream_db_pool_waiting')).toBe(0);
      expect(families.has('inkstream_db_busy_total')).toBe(false);
    } else {
      expect(value('inkstream_db_busy_total')).toBe(0);
      expect(families.has('inkstream_db_pool_waiting')).toBe(false);
    }
  });

  it('exposes exactly the families the alerts and the dashboard are checked against (deploy-monitoring.test.ts)', () => {
    // One database's families: the pool gauges are PostgreSQL's, the busy counter SQLite's.
    const otherDatabaseOnly = ctx.config.databaseUrl
      ? ['inkstream_db_busy_total']
      : ['inkstream_db_pool_connections', 'inkstream_db_pool_waiting'];
    const exposed = [...familiesOf(text).keys()];
    const expected = INKSTREAM_FAMILIES.filter((name) => !otherDatabaseOnly.includes(name));
    expect(exposed.filter((name) => name.startsWith('inkstream_')).sort()).toEqual([...expected].sort());
    const known = new Set<string>(PROCESS_FAMILIES);
    expect(exposed.filter((name) => !name.startsWith('inkstream_') && !known.has(name))).toEqual([]);
  });

  it("has prom-client's process metrics, the event loop's busy time and the build", () => {
    const families = familiesOf(text);
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_gc_duration_seconds',
    ]) {
      expect(families.has(name), name).toBe(true);
    }
    expect(families.get('inkstream_event_loop_utilization_seconds_total')).toBe('counter');
    expect(value('inkstream_event_loop_utilization_seconds_total')).toBeGreaterThan(0);
    expect(value('inkstream_build_info', { version: '0.1.0' })).toBe(1);
  });

  it("never holds the reader's name, e-mail or token, nor a book title, in a label", () => {
    const values = samples.flatMap((sample) => Object.values(sample.labels)).join('\n');
    for (const secret of [reader.username, reader.email, reader.token, reader.uuid, 'Metrics Secret Title', book.uuid, TOKEN]) {
      expect(values).not.toContain(secret);
    }
    // Nor a chapter's id in a route: templates only.
    expect(values).not.toContain(book.chapters[0]!.uuid);
  });
});

describe('metrics off', () => {
  it('answers 404 at /metrics and collects nothing when neither METRICS_TOKEN nor METRICS_LISTEN is set', async () => {
    const off = await createTestContext();
    try {
      expect((await off.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
      expect(off.app.metrics).toBeNull();
    } finally {
      await off.close();
    }
  });
});
