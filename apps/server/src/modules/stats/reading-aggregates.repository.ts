import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';

/** The `app_state` row holding the id of the last reading event the roll-up added. */
const WATERMARK_KEY = 'reading_rollup';

export async function readWatermark(db: DbExecutor): Promise<number> {
  const row = await db.selectFrom('app_state').select('value').where('state_key', '=', WATERMARK_KEY).executeTakeFirst();
  return row ? Number(row.value) : 0;
}

/**
 * Moves the watermark from `from` to `to` only if it still says `from` (compare-and-swap, in the
 * transaction that adds the events' sums): a second roll-up that read the same events loses here
 * and rolls back, so no event is ever added twice.
 */
export async function moveWatermark(trx: DbExecutor, from: number, to: number): Promise<boolean> {
  if (from === 0) {
    const inserted = await trx
      .insertInto('app_state')
      .values({ state_key: WATERMARK_KEY, value: String(to) })
      .onConflict((oc) => oc.column('state_key').doNothing())
      .returning('state_key')
      .executeTakeFirst();
    if (inserted) return true;
  }
  const result = await trx
    .updateTable('app_state')
    .set({ value: String(to) })
    .where('state_key', '=', WATERMARK_KEY)
    .where('value', '=', String(from))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The next events after an id, by primary key (a range on the key, whatever the table's size). */
export const eventsAfter = (db: DbExecutor, afterId: number, limit: number) =>
  db
    .selectFrom('reading_events')
    .select(['id', 'event_type', 'book_id', 'occurred_at', 'received_at'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();

export async function addDayTotals(trx: DbExecutor, rows: { day: number; event_type: string; events: number }[]): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('reading_day_totals')
    .values(rows)
    .onConflict((oc) => oc.columns(['day', 'event_type']).doUpdateSet({ events: sql`reading_day_totals.events + excluded.events` }))
    .execute();
}

export async function addDayBookStarts(trx: DbExecutor, rows: { book_id: number; day: number; starts: number }[]): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('reading_day_books')
    .values(rows)
    .onConflict((oc) => oc.columns(['book_id', 'day']).doUpdateSet({ starts: sql`reading_day_books.starts + excluded.starts` }))
    .execute();
}

/**
 * Adds one day's starts to the books' window counters. A new row counts from `fromDay` (the
 * roll-up's first day of the window, at most `day`); an existing row adds them only when the day is
 * not before its own `from_day` (a row moved ahead by a node whose clock is ahead).
 */
export async function addWindowStarts(
  trx: DbExecutor,
  windowDays: number,
  fromDay: number,
  day: number,
  rows: { book_id: number; starts: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('reading_book_windows')
    .values(rows.map((row) => ({ book_id: row.book_id, window_days: windowDays, from_day: fromDay, starts: row.starts })))
    .onConflict((oc) =>
      oc.columns(['book_id', 'window_days']).doUpdateSet({
        starts: sql`reading_book_windows.starts + case when ${day} >= reading_book_windows.from_day then excluded.starts else 0 end`,
      }),
    )
    .execute();
}

/** Whether some counter of the window still counts days before `fromDay` (its move is not done). */
export async function hasWindowRowsBefore(db: DbExecutor, windowDays: number, fromDay: number): Promise<boolean> {
  const row = await db
    .selectFrom('reading_book_windows')
    .select('book_id')
    .where('window_days', '=', windowDays)
    .where('from_day', '<', fromDay)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Moves up to `limit` counters of the window that start before `toDay` to start at `toDay`,
 * taking away their starts on the days that left (from reading_day_books, by its key), then drops
 * the counters left at zero. Returns how many counters moved.
 */
export async function advanceWindows(trx: DbExecutor, windowDays: number, toDay: number, limit: number): Promise<number> {
  const batch = trx
    .selectFrom('reading_book_windows as w')
    .select('w.book_id')
    .where('w.window_days', '=', windowDays)
    .where('w.from_day', '<', toDay)
    .orderBy('w.book_id')
    .limit(limit);
  const result = await trx
    .updateTable('reading_book_windows')
    .set({
      starts: sql`reading_book_windows.starts - coalesce((select sum(d.starts) from reading_day_books d
        where d.book_id = reading_book_windows.book_id and d.day >= reading_book_windows.from_day and d.day < ${toDay}), 0)`,
      from_day: toDay,
    })
    .where('window_days', '=', windowDays)
    .where('book_id', 'in', batch)
    .executeTakeFirst();
  await trx
    .deleteFrom('reading_book_windows')
    .where('window_days', '=', windowDays)
    .where('from_day', '=', toDay)
    .where('starts', '<=', 0)
    .execute();
  return Number(result.numUpdatedRows);
}

/**
 * Per-book day rows before `day`, at most `limit` of them: no window counts them any more (the
 * caller checks), and the dashboard shows 90 days at most. Returns how many went.
 */
export async function deleteDayBooksBefore(db: DbExecutor, day: number, limit: number): Promise<number> {
  const batch = db.selectFrom('reading_day_books').select(['book_id', 'day']).where('day', '<', day).limit(limit);
  const result = await db
    .deleteFrom('reading_day_books')
    .where((eb) => eb(eb.refTuple('book_id', 'day'), 'in', batch.$asTuple('book_id', 'day')))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ---- What the dashboard reads ----

/** Events per day and type from a day on (at most days × types rows). */
export const dayTotalsFrom = (db: DbExecutor, fromDay: number) =>
  db.selectFrom('reading_day_totals').select(['day', 'event_type', 'events']).where('day', '>=', fromDay).execute();

/** The window's counters that count exactly from `fromDay`, most starts first (the top of an index). */
export const topWindowRows = (db: DbExecutor, windowDays: number, fromDay: number, limit: number) =>
  db
    .selectFrom('reading_book_windows')
    .select(['book_id', 'starts'])
    .where('window_days', '=', windowDays)
    .where('from_day', '=', fromDay)
    .orderBy('starts', 'desc')
    .orderBy('book_id')
    .limit(limit)
    .execute();

/** Counters that count from another day than `fromDay`: none once the roll-up has moved the window. */
export const windowRowsNotFrom = (db: DbExecutor, windowDays: number, fromDay: number) =>
  db
    .selectFrom('reading_book_windows')
    .select(['book_id', 'from_day', 'starts'])
    .where('window_days', '=', windowDays)
    .where((eb) => eb.or([eb('from_day', '<', fromDay), eb('from_day', '>', fromDay)]))
    .execute();

export const windowRowsOf = (db: DbExecutor, windowDays: number, bookIds: readonly number[]) =>
  bookIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('reading_book_windows')
        .select(['book_id', 'from_day', 'starts'])
        .where('window_days', '=', windowDays)
        .where('book_id', 'in', bookIds)
        .execute();

/** Starts per book on the days in [fromDay, toDay) (a day or two, when a window move is pending). */
export const dayBookStartsBetween = (db: DbExecutor, fromDay: number, toDay: number) =>
  db.selectFrom('reading_day_books').select(['book_id', 'day', 'starts']).where('day', '>=', fromDay).where('day', '<', toDay).execute();

export const booksByIds = (db: DbExecutor, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom('books').select(['id', 'uuid', 'original_language']).where('id', 'in', ids).execute();
