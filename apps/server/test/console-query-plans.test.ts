import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateReaderPopulation, type ReaderPopulationStats } from '../src/modules/demo/reader-population.js';
import { createHousekeeping } from '../src/modules/housekeeping/housekeeping.js';
import { createReadingRollup } from '../src/modules/stats/reading-rollup.js';
import { authHeader, createBook, createUser, grantMembership, nextClientIp, type TestBook, type TestUser } from './helpers/factories.js';
import { createQueryLog, type LoggedStatement } from './helpers/query-log.js';
import { assertPlansUseIndexes, unindexedForeignKeys, type PlanAllowance } from './helpers/query-plans.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * Issue 27: the cost of every console request and of the housekeeping must not grow with readers.
 * Timing would be flaky; plans are not. A reader-heavy database (the generator the benchmark uses,
 * at 20,000 accounts) is built, every console GET and the readers' writes are made through the API,
 * and each statement they ran is explained with its own parameters: a full scan of a table that
 * grows with readers (helpers/query-plans.ts READER_TABLES) fails, listing the statement and plan.
 */
const ACCOUNTS = 20_000;

/**
 * Statements allowed to scan because they are bounded by design, each with why. Keep it short: an
 * entry here is a promise that the table it scans stays small whatever the number of readers.
 */
const BOUNDED_BY_DESIGN: PlanAllowance[] = [
  {
    // stats.repository.ts countActiveMembers: later days come from member_days; only the memberships
    // that end later today are counted from users, an index range of one day's endings.
    match: /^select count\(\*\) as "n" from "users" where "member_until" > \S+ and "member_until" < \S+$/,
    why: "one day's membership endings (an index range on member_until), not every member",
  },
  {
    // The capped counts of the orders and reader lists (at most 1,001 rows from the page's start).
    // When the filter is selective (a rare status such as 'pending', a long name prefix), PostgreSQL
    // estimates few matching rows and reads them all through a bitmap of the index, then sorts them,
    // instead of walking the index to the limit: bounded by the matching rows, which it estimated
    // few; when many match, it walks the index in order and stops at the limit (checked above).
    match:
      /^select count\(\*\) as "n" from \(select "(o|u)"\."id" from "(payment_orders|users)" as "(o|u)" where .* limit \$\d+( offset \$\d+)?\) as "counted"$/,
    why: 'a capped count (LIMIT 1,001) over a selective filter',
  },
  {
    // users-admin.repository.ts countAfter with filters: the next COUNT_WINDOW (5,000) readers below
    // the page's cursor, in id order. With 20,000 accounts and a cursor near the middle, the window
    // is most of the rows below the cursor, and PostgreSQL's costs may then favour reading the table
    // and sorting over walking the index backwards (it did in one CI run in several; SQLite always
    // walks the index). The cost of that choice grows with the table, so with many readers the
    // planner walks the index: the read stays at 5,000 rows where it matters.
    match:
      /^select count\(\*\) as "examined", sum\(case when .* then 1 else 0 end\) as "matched" from \(select "u"\."id", .* from "users" as "u" where .* order by "u"\."id" desc limit \$\d+\) as "u"$/,
    why: 'the filtered count window: at most 5,000 readers below the cursor',
  },
];

describe('query plans with a reader-heavy database', () => {
  let ctx: TestContext;
  const log = createQueryLog();
  let population: ReaderPopulationStats;
  let admin: TestUser;
  let member: TestUser;
  let books: TestBook[];

  beforeAll(async () => {
    ctx = await createTestContext({}, { log: log.logger });
    // The catalogue grows with the operator, not with readers: a small one is enough.
    books = [];
    for (let i = 0; i < 12; i++) books.push(await createBook(ctx, { chapters: 6, freeChapters: 2, pagesPerChapter: 1 }));
    population = await log.quietly(() => generateReaderPopulation(ctx.db, { accounts: ACCOUNTS, seed: 27 }));
    admin = await createUser(ctx, { role: 'admin' });
    member = await createUser(ctx);
    await grantMembership(ctx, member.id, { days: 30 });
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const get = async (url: string, headers: Record<string, string>) => {
    const response = await ctx.app.inject({ url, headers, remoteAddress: nextClientIp() });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
    return response.json() as { data: Record<string, unknown> };
  };

  /** The statements `work` ran, without the auth look-ups' duplicates mattering (plans are per SQL text). */
  const statementsOf = async (work: () => Promise<unknown>): Promise<LoggedStatement[]> => (await log.during(work)).statements;

  it("generates the population in the issue's proportions", () => {
    expect(population.accounts).toBe(ACCOUNTS);
    // Each figure within 10 % of the ratio to accounts (200,000 accounts: 300,000 grants, ...).
    const ratios: [number, number][] = [
      [population.grants, 1.5],
      [population.orders, 0.5],
      [population.events, 10],
      [population.progress, 2.5],
      [population.reads, 4.9],
      [population.likes, 5],
      [population.follows, 1],
    ];
    for (const [count, ratio] of ratios) expect(Math.abs(count / ACCOUNTS - ratio) / ratio).toBeLessThan(0.1);
  });

  it('every console read uses indexes on the tables that grow with readers', async () => {
    const auth = authHeader(admin);
    const anyOrder = await ctx.db
      .selectFrom('payment_orders')
      .select(['order_id'])
      .where('user_id', '>=', population.firstUserId)
      .limit(1)
      .executeTakeFirstOrThrow();
    const reader = await ctx.db
      .selectFrom('users')
      .select(['uuid', 'username'])
      .where('id', '=', population.firstUserId + 1)
      .executeTakeFirstOrThrow();
    const statements = await statementsOf(async () => {
      for (const days of [30, 90]) await get(`/api/v1/admin/stats?days=${days}`, auth);
      const firstOrders = await get('/api/v1/admin/orders', auth);
      // The next page: by keyset when the list offers a cursor, else by page number.
      const cursor =
        typeof firstOrders.data.next_cursor === 'string' ? `cursor=${encodeURIComponent(firstOrders.data.next_cursor)}` : 'page=1';
      await get(`/api/v1/admin/orders?${cursor}`, auth);
      for (const status of ['pending', 'paid', 'expired', 'failed', 'refunded']) await get(`/api/v1/admin/orders?status=${status}`, auth);
      await get(`/api/v1/admin/orders?user=${reader.username}`, auth);
      await get(`/api/v1/admin/orders?user=${reader.uuid}`, auth);
      await get(`/api/v1/admin/orders/${anyOrder.order_id}`, auth);
      for (const query of ['', '?page=1', '?q=moo', `?q=${reader.uuid}`, '?member=yes', '?member=no', '?state=disabled', '?role=admin'])
        await get(`/api/v1/admin/users${query}`, auth);
      await get(`/api/v1/admin/users/${reader.uuid}`, auth);
      await get('/api/v1/admin/audit', auth);
      await get('/api/v1/admin/books', auth);
      await get(`/api/v1/admin/books/${books[0]!.uuid}`, auth);
      await get(`/api/v1/admin/books/${books[0]!.uuid}/chapters`, auth);
      await get('/api/v1/admin/recommendations', auth);
      await get('/api/v1/admin/coupons', auth);
      await get('/api/v1/admin/imports', auth);
      await get('/api/v1/admin/incidents', auth);
      await get('/api/v1/admin/settings', auth);
    });
    await assertPlansUseIndexes(ctx.db, statements, BOUNDED_BY_DESIGN);
  }, 120_000);

  it("readers' requests (a member and a visitor) use indexes", async () => {
    const book = books[1]!;
    const chapter = book.chapters[3]!;
    const progressBody = { progress: [{ book_uuid: book.uuid, chapter_uuid: chapter.uuid, page_index: 0 }] };
    const eventsBody = { events: [{ type: 'start_reading', book_uuid: book.uuid, chapter_uuid: chapter.uuid }] };
    const visitor = { 'x-visitor-id': 'a1b2c3d4' };
    // The discovery figures of this population, as the housekeeping loop computes them.
    await log.quietly(async () => {
      await ctx.app.discovery.refresh.run();
      await ctx.app.discovery.snapshot.reload();
    });
    const statements = await statementsOf(async () => {
      const post = async (url: string, payload: object, headers: Record<string, string>) => {
        const response = await ctx.app.inject({ method: 'POST', url, payload, headers, remoteAddress: nextClientIp() });
        expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBeLessThan(300);
        return response;
      };
      const first = await post('/api/v1/reader/progress', progressBody, visitor);
      // The visitor's proof cookie, so the second save and the reads are the same visitor's.
      const cookie = String(first.headers['set-cookie'] ?? '').split(';')[0] ?? '';
      const visitorWithProof = { ...visitor, cookie };
      await post('/api/v1/reader/progress', progressBody, visitorWithProof);
      await post('/api/v1/events', eventsBody, visitorWithProof);
      await get('/api/v1/reader/progress', visitorWithProof);
      await get('/api/v1/reader/history', visitorWithProof);
      const auth = authHeader(member);
      await post('/api/v1/reader/progress', progressBody, auth);
      await post('/api/v1/events', eventsBody, auth);
      await get('/api/v1/user/book/membership', auth);
      await get(`/api/v1/comics/chapter_comics/${chapter.uuid}/en-us`, auth);
      await post('/api/v1/comics/chapter/favor', { book_uuid: book.uuid, chapter_uuid: chapter.uuid }, auth);
      await get('/api/v1/user/library', auth);
      await get('/api/v1/reader/history', auth);
      await get('/api/v1/reader/progress', auth);
      // Discovery (issue 46): memory and cards, plus the reader's own finished books and recent reads.
      await get('/api/v1/comics/rankings/popular?period=week', auth);
      // A list, so the reader's finished books among it are looked up.
      expect(((await get(`/api/v1/comics/book/${book.uuid}/also_read`, auth)).data.result as unknown[]).length).toBeGreaterThan(0);
      await get('/api/v1/user/because_you_read', auth);
    });
    await assertPlansUseIndexes(ctx.db, statements, BOUNDED_BY_DESIGN);
  }, 120_000);

  it('the housekeeping run (roll-up, event-day and visitor cleanups) uses indexes', async () => {
    // What used to run inside readers' requests now runs in the housekeeping loop: one whole run,
    // rolling up the events the requests above posted (no settling time here), then every cleanup.
    const quiet = { warn: () => undefined, error: () => undefined };
    const housekeeping = createHousekeeping({
      db: ctx.db,
      domainEvents: ctx.app.domainEvents,
      log: quiet,
      rollup: createReadingRollup({ db: ctx.db, settleMs: 0 }),
    });
    const statements = await statementsOf(async () => expect(await housekeeping.runOnce()).not.toBeNull());
    await housekeeping.stop();
    expect(statements.some((s) => /delete from "reading_progress"/i.test(s.sql))).toBe(true);
    await assertPlansUseIndexes(ctx.db, statements, BOUNDED_BY_DESIGN);
  }, 60_000);

  it('every foreign key of a reader table leads an index (deleting an account or a book scans nothing)', async () => {
    expect(await unindexedForeignKeys(ctx.db)).toEqual([]);
  });

  it(`the checker flags a full scan and passes an indexed lookup (${TEST_DIALECT})`, async () => {
    const fullScan = { sql: 'select id from users where password_hash = ' + (TEST_DIALECT === 'postgres' ? '$1' : '?'), parameters: ['x'] };
    await expect(assertPlansUseIndexes(ctx.db, [fullScan])).rejects.toThrow(/users: (full scan|Seq Scan)/);
    const lookup = {
      sql: 'select id from users where username_key = ' + (TEST_DIALECT === 'postgres' ? '$1' : '?'),
      parameters: ['moon2'],
    };
    await expect(assertPlansUseIndexes(ctx.db, [lookup])).resolves.toBeUndefined();
  });
});
