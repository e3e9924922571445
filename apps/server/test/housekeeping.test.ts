import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '../src/lib/time.js';
import { createHousekeeping, DAY_BOOKS_KEPT_DAYS, VISITOR_RETENTION_MS } from '../src/modules/housekeeping/housekeeping.js';
import { authHeader, createBook, createUser, progressRow, type TestBook, type TestUser } from './helpers/factories.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

let ctx: TestContext;
let book: TestBook;
let reader: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  book = await createBook(ctx, { chapters: 2 });
  reader = await createUser(ctx);
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const log = { warn: () => undefined, error: () => undefined };
const today = () => Math.floor(Date.now() / DAY_MS);
const longAgo = () => Date.now() - VISITOR_RETENTION_MS - DAY_MS;

/** A reader's position and chapter read in the first chapter, last touched at `at`. */
async function readerRows(readerKey: string, at: number) {
  await ctx.db
    .insertInto('reading_progress')
    .values(progressRow(readerKey, book.id, book.chapters[0]!.id, at))
    .execute();
  await ctx.db
    .insertInto('chapter_reads')
    .values({ reader_key: readerKey, chapter_id: book.chapters[0]!.id, book_id: book.id, read_at: at, finished_at: null })
    .execute();
}

async function eventDay(day: number, n = 1, prefix = 'user:x') {
  await ctx.db
    .insertInto('reading_event_days')
    .values(Array.from({ length: n }, (_, i) => ({ reader_key: `${prefix}${i}`, event_type: 'open_book', target_id: book.id, day })))
    .execute();
}

const rowsOf = async (readerKey: string) => ({
  progress: (await ctx.db.selectFrom('reading_progress').select('book_id').where('reader_key', '=', readerKey).execute()).length,
  reads: (await ctx.db.selectFrom('chapter_reads').select('chapter_id').where('reader_key', '=', readerKey).execute()).length,
});
const eventDays = async () =>
  (await ctx.db.selectFrom('reading_event_days').select('day').where('target_id', '=', book.id).execute()).map((r) => r.day);

async function clearTables() {
  await ctx.db.deleteFrom('reading_progress').execute();
  await ctx.db.deleteFrom('chapter_reads').execute();
  await ctx.db.deleteFrom('reading_event_days').execute();
}

describe(`housekeeping (${TEST_DIALECT})`, () => {
  it('runs no cleanup inside a progress save or an event post, even when the old 1-in-500 draw would have', async () => {
    await clearTables();
    await readerRows('v:stale-visitor', longAgo());
    await eventDay(today() - 5);
    // The draw that used to pick a request for the cleanup: every request would be picked now.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/reader/progress',
      headers: authHeader(reader),
      payload: { progress: [{ book_uuid: book.uuid, chapter_uuid: book.chapters[1]!.uuid, page_index: 1 }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const posted = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/events',
      headers: authHeader(reader),
      payload: { events: [{ type: 'open_book', book_uuid: book.uuid }] },
    });
    expect(posted.json().data).toEqual({ accepted: 1 });
    expect(await rowsOf('v:stale-visitor')).toEqual({ progress: 1, reads: 1 });
    expect(await eventDays()).toContain(today() - 5);
  });

  it('removes stale visitors and old event days, keeps members, fresh visitors, today and yesterday', async () => {
    await clearTables();
    await readerRows('v:stale-visitor', longAgo());
    await readerRows('v:fresh-visitor', Date.now() - DAY_MS);
    await readerRows(`u:${reader.id}`, longAgo()); // an account's old position is never removed
    await eventDay(today() - 2);
    await eventDay(today() - 1);
    await eventDay(today());
    const housekeeping = createHousekeeping({ db: ctx.db, domainEvents: ctx.app.domainEvents, log });
    const run = await housekeeping.runOnce();
    await housekeeping.stop();
    expect(run).not.toBeNull();
    expect(await rowsOf('v:stale-visitor')).toEqual({ progress: 0, reads: 0 });
    expect(await rowsOf('v:fresh-visitor')).toEqual({ progress: 1, reads: 1 });
    expect(await rowsOf(`u:${reader.id}`)).toEqual({ progress: 1, reads: 1 });
    expect((await eventDays()).sort()).toEqual([today() - 1, today()]);
  });

  it('works in batches: more rows than one batch all go, a batch at a time', async () => {
    await clearTables();
    const chapter = book.chapters[0]!.id;
    const old = longAgo();
    await ctx.db
      .insertInto('reading_progress')
      .values(Array.from({ length: 10 }, (_, i) => progressRow(`v:batch-${i}`, book.id, chapter, old)))
      .execute();
    await ctx.db
      .insertInto('chapter_reads')
      .values(
        Array.from({ length: 7 }, (_, i) => ({
          reader_key: `v:batch-${i}`,
          chapter_id: chapter,
          book_id: book.id,
          read_at: old,
          finished_at: null,
        })),
      )
      .execute();
    await eventDay(today() - 3, 11);
    const housekeeping = createHousekeeping({ db: ctx.db, domainEvents: ctx.app.domainEvents, log, batchSize: 3 });
    const run = await housekeeping.runOnce();
    await housekeeping.stop();
    expect(run).toEqual({
      eventDays: { deleted: 11, batches: 4 }, // 3 + 3 + 3 + 2
      dayBooks: { deleted: 0, batches: 1 },
      visitorProgress: { deleted: 10, batches: 4 }, // 3 + 3 + 3 + 1
      visitorReads: { deleted: 7, batches: 3 }, // 3 + 3 + 1
      accountTokens: { deleted: 0, batches: 1 },
      outbox: { deleted: 0, batches: 1 },
      mailJobs: { deleted: 0, batches: 1 },
      coinExpiry: { deleted: 0, batches: 1 },
      dataExports: { deleted: 0, batches: 1 },
      readingEvents: { deleted: 0, batches: 1 },
      visitorEvents: { deleted: 0, batches: 1 },
      auditLog: { deleted: 0, batches: 1 },
    });
    expect(await eventDays()).toEqual([]);
  });

  it('forgets finished e-mails after 90 days and their send jobs after 7, never one still to send', async () => {
    const now = Date.now();
    const message = (uuid: string, state: 'sent' | 'failed' | 'queued' | 'sending', ageDays: number) => ({
      uuid,
      kind: 'payment-receipt',
      recipient: 'reader@example.com',
      recipient_key: 'reader@example.com',
      user_id: null,
      language: 'en-us',
      list: null,
      data: '{}',
      secret_fields: null,
      state,
      next_attempt_at: now,
      last_error: null,
      message_id: `<${uuid}@test>`,
      created_at: now - ageDays * DAY_MS,
      sent_at: null,
      updated_at: now,
    });
    await ctx.db
      .insertInto('mail_outbox')
      .values([
        message('old-sent', 'sent', 91),
        message('old-failed', 'failed', 91),
        message('old-queued', 'queued', 91),
        message('old-sending', 'sending', 91),
        message('recent-sent', 'sent', 89),
      ])
      .execute();
    const job = (uuid: string, kind: string, state: 'succeeded' | 'failed' | 'queued', ageDays: number) => ({
      uuid,
      kind,
      payload: '{}',
      state,
      run_at: now,
      created_by: null,
      created_at: now - ageDays * DAY_MS,
      updated_at: now,
    });
    await ctx.db
      .insertInto('jobs')
      .values([
        job('mail-done-old', 'mail-send', 'succeeded', 8),
        job('mail-failed-old', 'mail-send', 'failed', 8),
        job('mail-queued-old', 'mail-send', 'queued', 8),
        job('mail-done-recent', 'mail-send', 'succeeded', 6),
        job('import-done-old', 'import', 'succeeded', 8),
      ])
      .execute();
    const housekeeping = createHousekeeping({ db: ctx.db, domainEvents: ctx.app.domainEvents, log });
    const run = await housekeeping.runOnce();
    await housekeeping.stop();
    expect(run?.outbox.deleted).toBe(2);
    expect(run?.mailJobs.deleted).toBe(2);
    const outbox = await ctx.db.selectFrom('mail_outbox').select('uuid').orderBy('uuid').execute();
    expect(outbox.map((row) => row.uuid)).toEqual(['old-queued', 'old-sending', 'recent-sent']);
    const jobs = await ctx.db
      .selectFrom('jobs')
      .select('uuid')
      .where('uuid', 'in', ['mail-done-old', 'mail-failed-old', 'mail-queued-old', 'mail-done-recent', 'import-done-old'])
      .orderBy('uuid')
      .execute();
    expect(jobs.map((row) => row.uuid)).toEqual(['import-done-old', 'mail-done-recent', 'mail-queued-old']);
  });

  it("forgets the roll-up's per-book day rows older than any window needs", async () => {
    await ctx.db.deleteFrom('reading_day_books').execute();
    const days = [today() - DAY_BOOKS_KEPT_DAYS - 5, today() - DAY_BOOKS_KEPT_DAYS, today() - 89, today()];
    await ctx.db
      .insertInto('reading_day_books')
      .values(days.map((day) => ({ book_id: book.id, day, starts: 1 })))
      .execute();
    const housekeeping = createHousekeeping({ db: ctx.db, domainEvents: ctx.app.domainEvents, log });
    await housekeeping.runOnce();
    await housekeeping.stop();
    const left = (await ctx.db.selectFrom('reading_day_books').select('day').execute()).map((r) => r.day).sort();
    expect(left).toEqual(days.slice(1));
  });

  it('runs on one node at a time: a second runner skips while the first holds the lease', async () => {
    const first = createHousekeeping({ db: ctx.db, domainEvents: ctx.app.domainEvents, log });
    const second = createHousekeeping({ db: ctx.db, domainEvents: ctx.app.domainEvents, log });
    const runs = await Promise.all([first.runOnce(), second.runOnce()]);
    expect(runs.filter((run) => run !== null)).toHaveLength(1);
    // The holder keeps the lease between runs; the other one keeps skipping.
    const [holder, other] = runs[0] !== null ? [first, second] : [second, first];
    expect(await other.runOnce()).toBeNull();
    expect(await holder.runOnce()).not.toBeNull();
    // Stopping gives the lease up, so the other node need not wait for it to lapse.
    await holder.stop();
    expect(await other.runOnce()).not.toBeNull();
    await other.stop();
  });
});
