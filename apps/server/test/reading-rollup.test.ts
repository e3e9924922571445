import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../src/lib/time.js';
import { createReadingRollup } from '../src/modules/stats/reading-rollup.js';
import { createStatsService } from '../src/modules/stats/stats.service.js';
import { createBook, type TestBook } from './helpers/factories.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

let ctx: TestContext;
let books: TestBook[];
const D = Math.floor(Date.now() / DAY_MS) - 1; // a past day, so every later clock below is in reach
const noon = (day: number) => day * DAY_MS + DAY_MS / 2;

beforeAll(async () => {
  ctx = await createTestContext();
  books = [];
  for (let i = 0; i < 14; i += 1) books.push(await createBook(ctx, { chapters: 1 }));
});
afterAll(() => ctx.close());

/** Deterministic pseudo-random events: 14 books, three types, days from `firstDay` to `lastDay`. */
let seed = 7;
const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
async function addEvents(count: number, firstDay: number, lastDay: number, until: number) {
  const types = ['start_reading', 'start_reading', 'finish_reading', 'open_book'];
  const rows = Array.from({ length: count }, () => {
    const at = Math.min(until - 1, Math.floor(firstDay * DAY_MS + next() * (lastDay - firstDay + 1) * DAY_MS));
    // Skewed towards the first books, so the top ten has ties and books just outside it.
    const book = books[Math.floor(next() ** 2 * books.length)]!;
    return {
      event_type: types[Math.floor(next() * types.length)]!,
      book_id: book.id,
      chapter_id: null,
      user_id: null,
      visitor_id: 'abcdef12',
      occurred_at: at,
      received_at: at,
    };
  });
  for (let i = 0; i < rows.length; i += 100)
    await ctx.db
      .insertInto('reading_events')
      .values(rows.slice(i, i + 100))
      .execute();
}

/** The figures counted straight from every event (the queries the dashboard ran before the roll-up). */
async function countedFromEvents(now: number, days: number) {
  const firstDay = Math.floor(now / DAY_MS) - days + 1;
  const from = firstDay * DAY_MS;
  const byDay = await ctx.db
    .selectFrom('reading_events')
    .select((eb) => ['event_type', sql<number>`(occurred_at / 86400000)`.as('day'), eb.fn.countAll<number>().as('n')])
    .where('occurred_at', '>=', from)
    .where('event_type', 'in', ['start_reading', 'finish_reading'])
    .groupBy(['event_type', sql`(occurred_at / 86400000)`])
    .execute();
  const series = Array.from({ length: days }, () => ({ chapter_starts: 0, chapter_finishes: 0 }));
  for (const row of byDay) {
    const day = series[Number(row.day) - firstDay]!;
    if (row.event_type === 'start_reading') day.chapter_starts = Number(row.n);
    else day.chapter_finishes = Number(row.n);
  }
  const top = await ctx.db
    .selectFrom('reading_events as e')
    .innerJoin('books as b', 'b.id', 'e.book_id')
    .select((eb) => ['b.uuid', eb.fn.countAll<number>().as('reads')])
    .where('e.event_type', '=', 'start_reading')
    .where('e.occurred_at', '>=', from)
    .groupBy(['b.id', 'b.uuid'])
    .orderBy('reads', 'desc')
    .orderBy('b.id')
    .limit(10)
    .execute();
  return { series, top: top.map((row) => ({ book_uuid: row.uuid, reads: Number(row.reads) })) };
}

async function dashboard(now: number, days: 30 | 90) {
  const stats = await createStatsService({ db: ctx.db, now: () => now }).stats(days);
  return {
    series: stats.days.map((d) => ({ chapter_starts: d.chapter_starts, chapter_finishes: d.chapter_finishes })),
    top: stats.top_books.map((b) => ({ book_uuid: b.book_uuid, reads: b.reads })),
  };
}

async function expectExact(now: number) {
  for (const days of [30, 90] as const) {
    const expected = await countedFromEvents(now, days);
    expect(expected.top.length).toBeGreaterThan(0);
    expect(await dashboard(now, days)).toEqual(expected);
  }
}

const rollupAt = (now: number, batchSize = 50) => createReadingRollup({ db: ctx.db, now: () => now, batchSize, settleMs: 0 });
const watermark = async () =>
  Number((await ctx.db.selectFrom('app_state').select('value').where('state_key', '=', 'reading_rollup').executeTakeFirst())?.value ?? 0);
const lastEventId = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('reading_events')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id,
  );
const windowRowsBehind = async (windowDays: number, fromDay: number) =>
  (
    await ctx.db
      .selectFrom('reading_book_windows')
      .select('book_id')
      .where('window_days', '=', windowDays)
      .where('from_day', '<', fromDay)
      .execute()
  ).length;

describe(`reading roll-up and the dashboard's reading figures (${TEST_DIALECT})`, () => {
  it('stays exact before, during and after the roll-up, across days and with clocks apart', async () => {
    await addEvents(600, D - 100, D, noon(D));
    // Nothing rolled up: the dashboard adds every event after the (empty) watermark itself.
    await expectExact(noon(D));

    // One batch rolled up: aggregates for the first events, the rest from the tail.
    await rollupAt(noon(D), 37).step();
    expect(await watermark()).toBeGreaterThan(0);
    expect(await watermark()).toBeLessThan(await lastEventId());
    await expectExact(noon(D));

    // Everything rolled up, a batch at a time.
    await rollupAt(noon(D)).run();
    expect(await watermark()).toBe(await lastEventId());
    await expectExact(noon(D));

    // Midnight passes and the roll-up has not run yet: the counters still hold the day that left
    // the window; the dashboard corrects them from the per-day rows.
    await addEvents(40, D + 1, D + 1, noon(D + 1));
    expect(await windowRowsBehind(30, D + 1 - 29)).toBeGreaterThan(0);
    await expectExact(noon(D + 1));

    // Half the windows moved (a small batch): still exact.
    await rollupAt(noon(D + 1), 2).step();
    await expectExact(noon(D + 1));

    // The roll-up runs on the new day: windows moved, new events added.
    await rollupAt(noon(D + 1)).run();
    expect(await windowRowsBehind(30, D + 1 - 29)).toBe(0);
    expect(await windowRowsBehind(90, D + 1 - 89)).toBe(0);
    expect(await watermark()).toBe(await lastEventId());
    await expectExact(noon(D + 1));

    // A node whose clock is two days ahead moved the windows further than the dashboard's day.
    await rollupAt(noon(D + 3)).run();
    await expectExact(noon(D + 1));
    await expectExact(noon(D + 3));

    // A long stop: forty days later most counters leave the 30-day window entirely.
    await addEvents(60, D + 30, D + 41, noon(D + 41));
    await expectExact(noon(D + 41));
    await rollupAt(noon(D + 41)).run();
    await expectExact(noon(D + 41));
  });

  it('adds each event once when two roll-ups run at the same time', async () => {
    await addEvents(300, D + 30, D + 41, noon(D + 41));
    await Promise.all([rollupAt(noon(D + 41), 20).run(), rollupAt(noon(D + 41), 20).run()]);
    expect(await watermark()).toBe(await lastEventId());
    await expectExact(noon(D + 41));
    const totals = await ctx.db
      .selectFrom('reading_day_totals')
      .select((eb) => eb.fn.sum<number>('events').as('n'))
      .executeTakeFirstOrThrow();
    const events = await ctx.db
      .selectFrom('reading_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(totals.n)).toBe(Number(events.n));
  });
});
