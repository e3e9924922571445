import { CompiledQuery, sql, type LogEvent } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../src/lib/time.js';
import { createHousekeeping, VISITOR_RETENTION_MS, type HousekeepingDeps } from '../src/modules/housekeeping/housekeeping.js';
import { createReadingRollup } from '../src/modules/stats/reading-rollup.js';
import { insertChapter } from '../src/modules/catalogue/catalogue-write.repository.js';
import { createStatsService } from '../src/modules/stats/stats.service.js';
import { createBook, createUser, grantMembership, progressRow } from './helpers/factories.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/** The tables that grow with readers which this part reads: none may be read whole. */
const GROWING = [
  'reading_events',
  'reading_progress',
  'chapter_reads',
  'reading_event_days',
  'reading_day_totals',
  'reading_day_books',
  'reading_book_windows',
  'payment_orders',
  'revenue_days',
  'mail_outbox',
  'jobs',
  'account_tokens',
];

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
  Plan: PlanNode;
}

let ctx: TestContext;
let logging = false;
const statements: { sql: string; parameters: readonly unknown[] }[] = [];
const logger = (event: LogEvent) => {
  if (logging) statements.push({ sql: event.query.sql, parameters: event.query.parameters });
};

beforeAll(async () => {
  ctx = await createTestContext({}, { log: logger });
});
afterAll(() => ctx.close());

/** Housekeeping on the test's database, logging nothing of its own, its roll-up settled at once. */
const quietHousekeeping = (options: Partial<HousekeepingDeps> = {}) =>
  createHousekeeping({
    db: ctx.db,
    domainEvents: ctx.app.domainEvents,
    log: { warn: () => undefined, error: () => undefined },
    rollup: createReadingRollup({ db: ctx.db, settleMs: 0 }),
    ...options,
  });

/**
 * The plan's whole-table reads of a growing table. PostgreSQL is told to avoid sequential scans
 * (`enable_seqscan = off`: on a small table it would scan anyway), so a scan without an index
 * condition means no index can answer the statement; SQLite's plan says SCAN without an index.
 */
async function fullScans(
  statement: { sql: string; parameters: readonly unknown[] },
  growing: readonly string[] = GROWING,
): Promise<{ scans: string[]; plan: string }> {
  if (TEST_DIALECT === 'postgres') {
    const plan = await ctx.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      // A batch of 1,000 keys against a big table is joined by lookups; on these few rows the
      // planner would hash-join a whole index instead, which says nothing about the big table.
      await sql`set local enable_hashjoin = off`.execute(trx);
      await sql`set local enable_mergejoin = off`.execute(trx);
      return trx.executeQuery<{ 'QUERY PLAN': PlanNode[] }>(
        CompiledQuery.raw(`explain (format json) ${statement.sql}`, [...statement.parameters]),
      );
    });
    const found: string[] = [];
    const walk = (node: PlanNode) => {
      const table = node['Relation Name'];
      // A scan of a growing table is fine only through an index condition (a range or lookup):
      // a sequential scan, or an index read end to end without a condition, reads it whole.
      if (
        table &&
        growing.includes(table) &&
        !node['Index Cond'] &&
        node['Node Type'] !== 'Bitmap Heap Scan' &&
        node['Node Type'] !== 'ModifyTable'
      ) {
        found.push(`${node['Node Type']} on ${table}`);
      }
      if (node['Node Type'] === 'Bitmap Index Scan' && !node['Index Cond'])
        found.push(`Bitmap Index Scan ${node['Index Name']} without condition`);
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(plan.rows[0]!['QUERY PLAN'][0]!.Plan);
    return { scans: found, plan: JSON.stringify(plan.rows[0]!['QUERY PLAN']) };
  }
  const plan = await ctx.db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]),
  );
  const lines = plan.rows.map((row) => row.detail);
  return {
    scans: lines.filter((line) => growing.some((table) => new RegExp(`^SCAN ${table}\\b(?! USING)`).test(line))),
    plan: lines.join('\n'),
  };
}

describe(`housekeeping and dashboard statements use indexes (${TEST_DIALECT})`, () => {
  it('reads no growing table whole: cleanups, roll-up, window moves, the dashboard reading and revenue figures', async () => {
    const book = await createBook(ctx, { chapters: 1 });
    const chapter = book.chapters[0]!.id;
    const now = Date.now();
    const old = now - VISITOR_RETENTION_MS - DAY_MS;
    await ctx.db
      .insertInto('reading_progress')
      .values([progressRow('v:old', book.id, chapter, old), progressRow('u:1', book.id, chapter, old)])
      .execute();
    await ctx.db
      .insertInto('chapter_reads')
      .values({ reader_key: 'v:old', chapter_id: chapter, book_id: book.id, read_at: old, finished_at: null })
      .execute();
    await ctx.db
      .insertInto('reading_event_days')
      .values({ reader_key: 'user:1', event_type: 'open_book', target_id: book.id, day: 1 })
      .execute();
    const event = { book_id: book.id, chapter_id: chapter, user_id: null, visitor_id: 'abcdef12' };
    await ctx.db
      .insertInto('reading_events')
      .values([
        { ...event, event_type: 'start_reading', occurred_at: now - 40 * DAY_MS, received_at: now - 40 * DAY_MS },
        { ...event, event_type: 'start_reading', occurred_at: now - DAY_MS, received_at: now - DAY_MS },
      ])
      .execute();

    logging = true;
    const housekeeping = quietHousekeeping();
    await housekeeping.runOnce();
    await housekeeping.stop();
    // A day later, before the roll-up moved the windows (the dashboard corrects), then the move itself.
    await createStatsService({ db: ctx.db, now: () => now + DAY_MS }).stats(30);
    await createReadingRollup({ db: ctx.db, now: () => now + 31 * DAY_MS, settleMs: 0 }).run();
    await createStatsService({ db: ctx.db }).stats(90);
    logging = false;

    const mine = statements.filter(
      (s) => GROWING.some((table) => s.sql.includes(`"${table}"`)) && !/^\s*(begin|commit|rollback|set )/i.test(s.sql),
    );
    expect(mine.some((s) => /^delete from "reading_progress"/.test(s.sql))).toBe(true);
    expect(mine.some((s) => /^update "reading_book_windows"/.test(s.sql))).toBe(true);
    const scans: string[] = [];
    const plans = new Map<string, string>();
    for (const statement of mine) {
      const { scans: found, plan } = await fullScans(statement);
      for (const line of found) scans.push(`${line}  ←  ${statement.sql}`);
      plans.set(statement.sql, plan);
    }
    expect(scans).toEqual([]);
    // The cleanups read through the indexes made for them (an index led by another column, read
    // end to end, would pass the check above on PostgreSQL).
    const planOf = (pattern: RegExp) => [...plans].filter(([text]) => pattern.test(text)).map(([, plan]) => plan);
    expect(planOf(/^delete from "reading_progress"/)).toEqual([expect.stringContaining('reading_progress_visitor_idx')]);
    expect(planOf(/^delete from "chapter_reads"/)).toEqual([expect.stringContaining('chapter_reads_visitor_idx')]);
    expect(planOf(/^delete from "reading_event_days"/)).toEqual([expect.stringContaining('reading_event_days_day_idx')]);
    expect(planOf(/^select "id" from "mail_outbox"/)).toEqual([expect.stringContaining('mail_outbox_list_idx')]);
    expect(planOf(/^select "id" from "jobs"/)).toEqual([expect.stringContaining('jobs_kind_idx')]);
    // Revenue by day: the window's days of revenue_days (a range of its primary key), never the orders.
    expect(statements.some((s) => /from "payment_orders"/.test(s.sql) && /paid_at|refunded_at/.test(s.sql))).toBe(false);
    const revenuePlans = planOf(/from "revenue_days"/);
    expect(revenuePlans.length).toBeGreaterThan(0);
    for (const plan of revenuePlans) expect(plan).toMatch(TEST_DIALECT === 'postgres' ? /revenue_days_pkey/ : /SEARCH revenue_days USING/);
  });
});

/** The tables the e-mail notices read (modules/notices/): they grow with readers and chapters. */
const NOTICE_TABLES = [
  'users',
  'book_follows',
  'chapters',
  'chapter_translations',
  'book_translations',
  'mail_outbox',
  'membership_grants',
];

describe(`the e-mail notices' statements use indexes (${TEST_DIALECT})`, () => {
  it("reminders read the next three days of users_member_until_idx, the digest users_digest_due_idx and each book's new chapters", async () => {
    const now = Date.now();
    const users = [await createUser(ctx), await createUser(ctx)];
    const book = await createBook(ctx, { chapters: 1 });
    for (const user of users) {
      await ctx.db
        .updateTable('users')
        .set({
          email: `${user.username}@example.com`,
          email_key: `${user.username}@example.com`,
          email_confirmed_at: now,
          mail_digest: 1,
          digest_through: now - 60_000,
        })
        .where('id', '=', user.id)
        .execute();
      await grantMembership(ctx, user.id, { days: 2 });
      await ctx.db.insertInto('book_follows').values({ user_id: user.id, book_id: book.id, created_at: now }).execute();
    }
    await insertChapter(ctx.db, {
      uuid: crypto.randomUUID(),
      book_id: book.id,
      number: 2,
      created_at: now + 60_000,
      translations: [{ language: 'en-us', title: 'New' }],
      pages: [],
    });
    statements.length = 0;
    logging = true;
    const housekeeping = quietHousekeeping({ now: () => now + DAY_MS, publicUrl: 'https://comics.example.com' });
    const run = await housekeeping.runOnce();
    await housekeeping.stop();
    logging = false;
    expect(run?.reminders?.sent).toBe(2);
    expect(run?.digests?.sent).toBe(2);

    const mine = statements.filter(
      (s) => NOTICE_TABLES.some((table) => s.sql.includes(`"${table}"`)) && !/^\s*(begin|commit|rollback|set |insert )/i.test(s.sql),
    );
    const scans: string[] = [];
    const plans = new Map<string, string>();
    for (const statement of mine) {
      const { scans: found, plan } = await fullScans(statement, NOTICE_TABLES);
      for (const line of found) scans.push(`${line}  ←  ${statement.sql}`);
      plans.set(statement.sql, plan);
    }
    expect(scans).toEqual([]);
    const planOf = (pattern: RegExp) => [...plans].filter(([text]) => pattern.test(text)).map(([, plan]) => plan);
    const reminderReads = planOf(/^select "id", "member_until" from "users"/);
    expect(reminderReads).toEqual([expect.stringContaining('users_member_until_idx')]);
    const digestReads = planOf(/^select "id", "digest_due_at", "digest_through" from "users"/);
    expect(digestReads).toEqual([expect.stringContaining('users_digest_due_idx')]);
    const chapterReads = planOf(/from "book_follows" as "f"/);
    expect(chapterReads.length).toBeGreaterThan(0);
    for (const plan of chapterReads) expect(plan).toMatch(/chapters_book_created_idx|chapters_book_published_number_idx/);
  });
});
