import type { Db } from '../../db/database.js';
import { DAY_MS } from '../../lib/time.js';
import * as repo from './reading-aggregates.repository.js';
import { letOthersRun } from '../../lib/concurrency.js';

/** The windows the dashboard offers (`days=30|90`): one counter per book and window. */
export const TOP_BOOK_WINDOWS = [30, 90] as const;

/**
 * How old an event must be before the roll-up takes it. On PostgreSQL ids come from a sequence at
 * insert time, and a transaction that took id 104 may commit after the one that took 105: reading
 * past 105 before 104 is visible would skip 104 for ever. An event post's transaction lasts
 * milliseconds (and PostgreSQL ends idle transactions after 60 s), so events received two minutes
 * ago have every lower id committed. The dashboard adds the events after the watermark itself.
 */
export const SETTLE_MS = 2 * 60_000;

export type RollupStep = 'more' | 'idle';

/**
 * The reading roll-up (docs/SCALING.md, "Dashboard"): adds reading events to per-day totals, per
 * (book, day) starts and per-book 30/90-day counters, a batch at a time, each batch one short
 * transaction that also moves the watermark; and moves the windows forward when a day leaves them.
 * Run by the housekeeping loop on one node; `step` is safe to call from anywhere (the watermark's
 * compare-and-swap makes a second caller roll back).
 */
export function createReadingRollup(deps: { db: Db; now?: () => number; batchSize?: number; settleMs?: number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const batchSize = deps.batchSize ?? 1000;
  const settleMs = deps.settleMs ?? SETTLE_MS;

  /** One batch of work: a window move if one is due, else a batch of events. 'more' when there may be more. */
  async function step(): Promise<RollupStep> {
    const at = now();
    const today = Math.floor(at / DAY_MS);
    // Windows first: while a counter still counts a day that left, new events must not be added to it.
    for (const windowDays of TOP_BOOK_WINDOWS) {
      const fromDay = today - windowDays + 1;
      if (await repo.hasWindowRowsBefore(db, windowDays, fromDay)) {
        await db.transaction().execute((trx) => repo.advanceWindows(trx, windowDays, fromDay, batchSize));
        return 'more';
      }
    }

    const watermark = await repo.readWatermark(db);
    const events = await repo.eventsAfter(db, watermark, batchSize);
    const settled = events.slice(0, firstUnsettled(events, at - settleMs));
    if (settled.length === 0) return 'idle';

    const totals = new Map<string, { day: number; event_type: string; events: number }>();
    const starts = new Map<number, Map<number, number>>(); // day → book → starts
    for (const event of settled) {
      const day = Math.floor(Number(event.occurred_at) / DAY_MS);
      const key = `${day}:${event.event_type}`;
      const total = totals.get(key) ?? { day, event_type: event.event_type, events: 0 };
      total.events += 1;
      totals.set(key, total);
      if (event.event_type !== 'start_reading') continue;
      const books = starts.get(day) ?? new Map<number, number>();
      books.set(event.book_id, (books.get(event.book_id) ?? 0) + 1);
      starts.set(day, books);
    }
    const lastId = Number(settled.at(-1)!.id);
    await db.transaction().execute(async (trx) => {
      if (!(await repo.moveWatermark(trx, watermark, lastId))) throw new RollupRaceError();
      await repo.addDayTotals(trx, [...totals.values()]);
      const dayBooks = [...starts].flatMap(([day, books]) => [...books].map(([book_id, n]) => ({ book_id, day, starts: n })));
      await repo.addDayBookStarts(trx, dayBooks);
      for (const windowDays of TOP_BOOK_WINDOWS) {
        const fromDay = today - windowDays + 1;
        // Another runner (a clock behind this one's) may have moved nothing, but a counter must
        // never miss a day it covers: this transaction adds only when no counter is behind.
        if (await repo.hasWindowRowsBefore(trx, windowDays, fromDay)) throw new RollupRaceError();
        for (const [day, books] of starts) {
          if (day < fromDay) continue; // before the window: only in the per-day rows
          await repo.addWindowStarts(
            trx,
            windowDays,
            fromDay,
            day,
            [...books].map(([book_id, n]) => ({ book_id, starts: n })),
          );
        }
      }
    });
    return settled.length === batchSize ? 'more' : 'idle';
  }

  /** Steps until there is nothing left (or `shouldStop` says so), yielding between batches. */
  async function run(shouldStop: () => boolean | Promise<boolean> = () => false): Promise<void> {
    let races = 0;
    while (!(await shouldStop())) {
      let result: RollupStep;
      try {
        result = await step();
        races = 0;
      } catch (error) {
        // Someone else is rolling up: let them, and come back at the next run.
        if (error instanceof RollupRaceError && ++races < 5) continue;
        if (error instanceof RollupRaceError) return;
        throw error;
      }
      if (result === 'idle') return;
      await letOthersRun();
    }
  }

  return { step, run };
}

/** Another roll-up moved the watermark or left a window behind first: this batch is rolled back. */
class RollupRaceError extends Error {
  constructor() {
    super('reading roll-up raced with another; batch rolled back');
  }
}

/** Index of the first event received at or after the cutoff (the rest wait for the next run). */
function firstUnsettled(events: { received_at: number | string }[], cutoff: number): number {
  const index = events.findIndex((event) => Number(event.received_at) >= cutoff);
  return index === -1 ? events.length : index;
}

export type ReadingRollup = ReturnType<typeof createReadingRollup>;
