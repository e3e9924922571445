import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventsBody } from '@inkstream/contracts';
import { createEventsService, type EventSource } from '../src/modules/events/events.service.js';
import { authHeader, createBook, createUser, nextClientIp, type TestBook } from './helpers/factories.js';
import { createQueryLog, type LoggedStatement } from './helpers/query-log.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * Offline reading (issue 47): the web app queues reading events while offline and sends them later,
 * and sends a batch again when its answer was lost. An event with a client `at` that its sender (the
 * account, else the visitor id) already had stored with the same type, book and chapter is not stored
 * or counted again, whatever the day or the address it comes from.
 */
const DAY = 86_400_000;
const queries = createQueryLog();
let ctx: TestContext;
let book: TestBook;
beforeAll(async () => {
  ctx = await createTestContext({}, { log: queries.logger });
  book = await createBook(ctx, { chapters: 2, pagesPerChapter: 1 });
});
afterAll(() => ctx.close());

const post = (events: unknown[], headers: Record<string, string> = {}, remoteAddress = nextClientIp()) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/events', payload: { events }, headers, remoteAddress });

/** A batch as the app queues it offline: opened, started and finished chapter 1, each at its own moment. */
const offlineBatch = (target: TestBook, from: number) => [
  { type: 'open_book', book_uuid: target.uuid, at: new Date(from).toISOString() },
  { type: 'start_reading', book_uuid: target.uuid, chapter_uuid: target.chapters[0]!.uuid, at: new Date(from + 1000).toISOString() },
  { type: 'finish_reading', book_uuid: target.uuid, chapter_uuid: target.chapters[0]!.uuid, at: new Date(from + 90_000).toISOString() },
];

/** The events stored for a reader (an account id or a visitor id), oldest first. */
async function storedOf(reader: { userId: number } | { visitorId: string }) {
  const rows = await ctx.db
    .selectFrom('reading_events')
    .select(['event_type', 'chapter_id', 'client_at'])
    .where('book_id', '=', book.id)
    .where('userId' in reader ? 'user_id' : 'visitor_id', '=', 'userId' in reader ? reader.userId : reader.visitorId)
    .orderBy('id')
    .execute();
  return rows.map((row) => [row.event_type, row.client_at === null ? null : Number(row.client_at)]);
}

const popularity = async (id: number) =>
  Number((await ctx.db.selectFrom('books').select('popularity').where('id', '=', id).executeTakeFirstOrThrow()).popularity);

describe(`a batch of reading events sent again (${TEST_DIALECT})`, () => {
  it('stores and counts a batch an account sends twice once', async () => {
    const user = await createUser(ctx);
    const from = Date.now() - 3 * DAY;
    const before = await popularity(book.id);
    const first = await post(offlineBatch(book, from), authHeader(user));
    expect([first.statusCode, first.json()]).toEqual([202, { data: { accepted: 3 } }]);
    const again = await post(offlineBatch(book, from), authHeader(user));
    expect([again.statusCode, again.json()]).toEqual([202, { data: { accepted: 0 } }]);
    expect(await storedOf({ userId: user.id })).toEqual([
      ['open_book', from],
      ['start_reading', from + 1000],
      ['finish_reading', from + 90_000],
    ]);
    // open_book 1, start 2, finish 3: once.
    expect(await popularity(book.id)).toBe(before + 6);
  });

  it('stores a visitor’s batch sent again from another address once (the day rule counts addresses, not visitor ids)', async () => {
    const visitorId = '0f1e2d3c';
    const from = Date.now() - 2 * DAY;
    const first = await post(offlineBatch(book, from), { 'x-visitor-id': visitorId }, '10.61.0.1');
    expect(first.json()).toEqual({ data: { accepted: 3 } });
    // The phone moved from Wi-Fi to its carrier: another address, the same visitor and events.
    const again = await post(offlineBatch(book, from), { 'x-visitor-id': visitorId }, '10.61.0.2');
    expect(again.json()).toEqual({ data: { accepted: 0 } });
    expect(await storedOf({ visitorId })).toHaveLength(3);
  });

  it('drops an event repeated within one batch', async () => {
    const user = await createUser(ctx);
    const batch = offlineBatch(book, Date.now() - DAY);
    const response = await post([...batch, ...batch, batch[1]!], authHeader(user));
    expect(response.json()).toEqual({ data: { accepted: 3 } });
    expect(await storedOf({ userId: user.id })).toHaveLength(3);
  });

  it('stores the same events of two readers at the same moments, twice', async () => {
    const [first, second] = [await createUser(ctx), await createUser(ctx)];
    const from = Date.now() - 4 * DAY;
    const ip = nextClientIp();
    expect((await post(offlineBatch(book, from), authHeader(first), ip)).json()).toEqual({ data: { accepted: 3 } });
    expect((await post(offlineBatch(book, from), authHeader(second), ip)).json()).toEqual({ data: { accepted: 3 } });
    expect((await post(offlineBatch(book, from), { 'x-visitor-id': '1a2b3c4d' })).json()).toEqual({ data: { accepted: 3 } });
    expect((await post(offlineBatch(book, from), { 'x-visitor-id': '5e6f7a8b' })).json()).toEqual({ data: { accepted: 3 } });
    for (const reader of [{ userId: first.id }, { userId: second.id }, { visitorId: '1a2b3c4d' }, { visitorId: '5e6f7a8b' }]) {
      expect(await storedOf(reader)).toHaveLength(3);
    }
  });

  describe('across days (the service on a clock)', () => {
    const start = (chapter: number, at?: number) => ({
      type: 'start_reading' as const,
      book_uuid: book.uuid,
      chapter_uuid: book.chapters[chapter - 1]!.uuid,
      ...(at === undefined ? {} : { at: new Date(at).toISOString() }),
    });
    const body = (...events: ReturnType<typeof start>[]) => ({ events }) as EventsBody;

    it('stores the same event with another `at` again, but never a resend of one stored days before', async () => {
      const user = await createUser(ctx);
      let clock = Date.UTC(2026, 11, 3, 12);
      const events = createEventsService({ db: ctx.db, now: () => clock });
      const source: EventSource = { userId: user.id, visitorId: null, ip: nextClientIp() };
      const [monday, tuesday, wednesday] = [clock - 3 * DAY, clock - 2 * DAY, clock - DAY];
      expect(await events.record(body(start(1, monday)), source)).toBe(1);
      clock += DAY;
      // Read again on another day: a new event, stored (the day rule lets it count on a new day).
      expect(await events.record(body(start(1, tuesday)), source)).toBe(1);
      clock += DAY;
      // Monday's batch again, on a day the day rule would count it: dropped.
      expect(await events.record(body(start(1, monday)), source)).toBe(0);
      // A resend queued before a new event does not hide it.
      clock += DAY;
      expect(await events.record(body(start(1, monday), start(1, wednesday)), source)).toBe(1);
      expect(await storedOf({ userId: user.id })).toEqual([
        ['start_reading', monday],
        ['start_reading', tuesday],
        ['start_reading', wednesday],
      ]);
    });

    it('does the same for a visitor id, from any address', async () => {
      let clock = Date.UTC(2026, 11, 10, 12);
      const events = createEventsService({ db: ctx.db, now: () => clock });
      const visitor = (ip: string): EventSource => ({ userId: null, visitorId: '9c8b7a6f', ip });
      const sunday = clock - DAY;
      expect(await events.record(body(start(2, sunday)), visitor('10.62.0.1'))).toBe(1);
      clock += DAY;
      expect(await events.record(body(start(2, sunday)), visitor('10.62.0.2'))).toBe(0);
      expect(await events.record(body(start(2, sunday + 1)), visitor('10.62.0.3'))).toBe(1);
      expect(await storedOf({ visitorId: '9c8b7a6f' })).toEqual([
        ['start_reading', sunday],
        ['start_reading', sunday + 1],
      ]);
    });

    it('never takes an event without `at` for a resend: it gets the arrival time and counts again the next day', async () => {
      const user = await createUser(ctx);
      let clock = Date.UTC(2026, 11, 17, 12);
      const events = createEventsService({ db: ctx.db, now: () => clock });
      const source: EventSource = { userId: user.id, visitorId: null, ip: nextClientIp() };
      expect(await events.record(body(start(1)), source)).toBe(1);
      clock += DAY;
      expect(await events.record(body(start(1)), source)).toBe(1);
      expect(await storedOf({ userId: user.id })).toEqual([
        ['start_reading', null],
        ['start_reading', null],
      ]);
    });
  });

  describe('two copies of a batch under way at once (the sender’s lock; SQLite writes one at a time anyway)', () => {
    it('stores a visitor’s batch once when its copies arrive together from two addresses', async () => {
      // The app sent its queue again on the carrier's network while the Wi-Fi send was still under way.
      for (let round = 0; round < 4; round += 1) {
        const visitorId = `7d6c5b4${round}`;
        const batch = offlineBatch(book, Date.now() - 2 * DAY - round * 1000);
        const answers = await Promise.all([
          post(batch, { 'x-visitor-id': visitorId }, nextClientIp()),
          post(batch, { 'x-visitor-id': visitorId }, nextClientIp()),
        ]);
        expect(answers.map((answer) => answer.json().data.accepted).sort()).toEqual([0, 3]);
        expect(await storedOf({ visitorId })).toHaveLength(3);
      }
    });

    it('stores an account’s event once when its two copies are received either side of midnight', async () => {
      for (let round = 0; round < 4; round += 1) {
        const user = await createUser(ctx);
        const midnight = Date.UTC(2026, 11, 20 + round);
        const beforeMidnight = createEventsService({ db: ctx.db, now: () => midnight - 1 });
        const afterMidnight = createEventsService({ db: ctx.db, now: () => midnight + 1 });
        const source: EventSource = { userId: user.id, visitorId: null, ip: nextClientIp() };
        const sent = { events: [offlineBatch(book, midnight - DAY)[1]!] } as EventsBody;
        const counted = await Promise.all([beforeMidnight.record(sent, source), afterMidnight.record(sent, source)]);
        expect(counted.sort()).toEqual([0, 1]);
        expect(await storedOf({ userId: user.id })).toHaveLength(1);
      }
    });
  });

  it('looks for a batch’s earlier sends with one statement, through the partial index of the sender’s kind', async () => {
    const user = await createUser(ctx);
    const lookups = async (headers: Record<string, string>) => {
      const { statements } = await queries.during(() => post(offlineBatch(book, Date.now() - 5 * DAY), headers));
      return statements.filter((statement) => /select .*"client_at".* from "reading_events"/is.test(statement.sql));
    };
    const forAccount = await lookups(authHeader(user));
    const forVisitor = await lookups({ 'x-visitor-id': '2b3c4d5e' });
    expect([forAccount.length, forVisitor.length]).toEqual([1, 1]);
    expect(await indexesUsed(forAccount[0]!)).toContain('reading_events_user_client_at_idx');
    expect(await indexesUsed(forVisitor[0]!)).toContain('reading_events_visitor_client_at_idx');
  });
});

/**
 * The plan of a statement as it ran. PostgreSQL is told to avoid sequential scans: on a table this
 * small it would scan anyway, which says nothing of a large one.
 */
async function indexesUsed(statement: LoggedStatement): Promise<string> {
  if (TEST_DIALECT === 'sqlite') {
    const { rows } = await ctx.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${statement.sql}`, [...statement.parameters]),
    );
    return rows.map((row) => row.detail).join('\n');
  }
  return ctx.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN ${statement.sql}`, [...statement.parameters]),
    );
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}
