import type { Db, DbExecutor } from '../../db/database.js';
import { DAY_MS } from '../../lib/time.js';
import * as repo from './reading-aggregates.repository.js';

/** Events after the watermark are read in pages of this many (by primary key)… */
const TAIL_PAGE = 2000;
/**
 * …up to this many: the roll-up leaves a few minutes of events (about 11,000 at a million daily
 * readers), so the dashboard's cost stays bounded. Only when housekeeping has not run for much
 * longer (or right after the upgrade, until the first roll-up caught up) would the newest events
 * beyond it show at the next roll-up instead.
 */
const TAIL_LIMIT = 20_000;
/** The event types the reading chart shows (the totals also hold `open_book`). */
const CHART_TYPES = new Set(['start_reading', 'finish_reading']);
/** Book ids per `IN (…)` list. */
const IDS_PER_QUERY = 500;

export interface ReadingFigures {
  /** Chapter starts and finishes per day (days since 1970) and event type, from `firstDay` on. */
  byDay: { day: number; event_type: string; n: number }[];
  /** The most started books from `firstDay` on: most starts first, then lowest id. */
  topBooks: { id: number; uuid: string; original_language: string; reads: number }[];
}

/**
 * The dashboard's reading figures from the roll-up's aggregates (stats/reading-rollup.ts), exact:
 * what the roll-up has not added yet (the events after its watermark) is added here, and a book
 * counter whose window was not moved to this day yet is corrected from the per-day rows. All in
 * one snapshot (a repeatable-read transaction on PostgreSQL; SQLite's reads in a transaction see one
 * state), so a roll-up committing meanwhile is seen entirely or not at all.
 */
export function readingFigures(db: Db, firstDay: number, windowDays: number, topLimit: number): Promise<ReadingFigures> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const watermark = await repo.readWatermark(trx);
      const totals = new Map<string, { day: number; event_type: string; n: number }>();
      for (const row of await repo.dayTotalsFrom(trx, firstDay)) {
        totals.set(`${row.day}:${row.event_type}`, { day: Number(row.day), event_type: row.event_type, n: Number(row.events) });
      }
      const tailStarts = new Map<number, number>();
      for (let after = watermark, read = 0; ;) {
        const page = await repo.eventsAfter(trx, after, TAIL_PAGE);
        read += page.length;
        for (const event of page) {
          const day = Math.floor(Number(event.occurred_at) / DAY_MS);
          if (day < firstDay) continue;
          const key = `${day}:${event.event_type}`;
          const total = totals.get(key) ?? { day, event_type: event.event_type, n: 0 };
          total.n += 1;
          totals.set(key, total);
          if (event.event_type === 'start_reading') tailStarts.set(event.book_id, (tailStarts.get(event.book_id) ?? 0) + 1);
        }
        if (page.length < TAIL_PAGE) break;
        after = Number(page.at(-1)!.id);
        if (read >= TAIL_LIMIT) break;
      }
      const top = await topBookStarts(trx, windowDays, firstDay, topLimit, tailStarts);
      const books = new Map(
        (
          await repo.booksByIds(
            trx,
            top.map((t) => t.id),
          )
        ).map((b) => [b.id, b]),
      );
      return {
        byDay: [...totals.values()].filter((row) => CHART_TYPES.has(row.event_type)),
        topBooks: top.flatMap((t) => {
          const book = books.get(t.id);
          return book ? [{ id: book.id, uuid: book.uuid, original_language: book.original_language, reads: t.reads }] : [];
        }),
      };
    });
}

/**
 * The top books of the window. Candidates: the counters' own top `limit` (those that count exactly
 * from `firstDay`), every counter that counts from another day (corrected; none once the roll-up
 * moved the window), and every book of the tail (its counter plus its tail starts). Any other book's
 * count is its counter, which the first `limit` candidates are at least equal to (and before it on
 * ties), so the answer equals a count over every event.
 */
async function topBookStarts(
  db: DbExecutor,
  windowDays: number,
  firstDay: number,
  limit: number,
  tailStarts: Map<number, number>,
): Promise<{ id: number; reads: number }[]> {
  const counts = new Map<number, number>();
  for (const row of await repo.topWindowRows(db, windowDays, firstDay, limit)) counts.set(row.book_id, Number(row.starts));

  const off = await repo.windowRowsNotFrom(db, windowDays, firstDay);
  if (off.length > 0) {
    const days = off.map((row) => Number(row.from_day));
    const perDay = await repo.dayBookStartsBetween(db, Math.min(firstDay, ...days), Math.max(firstDay, ...days));
    const startsOf = new Map<number, { day: number; starts: number }[]>();
    for (const row of perDay)
      startsOf.set(row.book_id, [...(startsOf.get(row.book_id) ?? []), { day: Number(row.day), starts: Number(row.starts) }]);
    for (const row of off) counts.set(row.book_id, corrected(row, firstDay, startsOf.get(row.book_id) ?? []));
  }

  const unseen = [...tailStarts.keys()].filter((id) => !counts.has(id));
  for (let i = 0; i < unseen.length; i += IDS_PER_QUERY) {
    for (const row of await repo.windowRowsOf(db, windowDays, unseen.slice(i, i + IDS_PER_QUERY)))
      counts.set(row.book_id, Number(row.starts));
  }
  for (const [id, n] of tailStarts) counts.set(id, (counts.get(id) ?? 0) + n);

  return [...counts]
    .filter(([, reads]) => reads > 0)
    .sort(([idA, a], [idB, b]) => b - a || idA - idB)
    .slice(0, limit)
    .map(([id, reads]) => ({ id, reads }));
}

/** A counter that counts from `from_day` made to count from `firstDay`, with the per-day starts between. */
function corrected(
  row: { from_day: number | string; starts: number | string },
  firstDay: number,
  days: { day: number; starts: number }[],
): number {
  const from = Number(row.from_day);
  let n = Number(row.starts);
  for (const { day, starts } of days) {
    if (from < firstDay && day >= from && day < firstDay) n -= starts; // days that left the window
    if (from > firstDay && day >= firstDay && day < from) n += starts; // days a counter ahead has dropped
  }
  return n;
}
