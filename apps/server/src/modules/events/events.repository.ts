import { PostgresAdapter, sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import type { ReadingEventDaysTable, ReadingEventsTable } from '../../db/schema.js';

export const findPublishedBookIds = (db: DbExecutor, uuids: readonly string[]) =>
  db.selectFrom('books').select(['id', 'uuid']).where('uuid', 'in', uuids).where('is_published', '=', 1).execute();

export const findChapterIds = (db: DbExecutor, uuids: readonly string[]) =>
  db.selectFrom('chapters').select(['id', 'uuid', 'book_id']).where('uuid', 'in', uuids).execute();

/** Whose events a repeated send is looked for among: an account, else the visitor id the client sent. */
export type EventSender = { userId: number } | { visitorId: string };

/** The first key of the per-sender lock below (pg_advisory_xact_lock's two-key form; the second is the sender's hash). */
const EVENTS_SENT_AGAIN_LOCK = 2_700_047;

/**
 * Holds, until the transaction ends, the lock of one sender's events sent again: two copies of a
 * queued batch arriving at once (the app sent it again on another network while the first was under
 * way) then look for each other one after the other, and only the first is stored. The day keys
 * alone do not separate them: a visitor's count per address, and a resend can cross midnight.
 * SQLite runs one write transaction at a time already. Two senders sharing a hash only wait.
 */
export async function lockEventsSentAgain(db: DbExecutor, sender: EventSender): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const key = 'userId' in sender ? `u:${sender.userId}` : `v:${sender.visitorId}`;
  await sql`select pg_advisory_xact_lock(${EVENTS_SENT_AGAIN_LOCK}, hashtext(${key}))`.execute(db);
}

/**
 * The events of one sender stored with one of these client times (`at`, epoch ms), in one
 * statement: what a repeated send finds of itself. A few rows of one reader, read through the
 * partial index of that kind of sender (migration 2026-12-01T0900), whose predicate is written out
 * as the index's (both databases use a partial index only then).
 */
export async function findEventsSentAt(db: DbExecutor, sender: EventSender, clientTimes: readonly number[]) {
  if (clientTimes.length === 0) return [];
  const query = db
    .selectFrom('reading_events')
    .select(['event_type', 'book_id', 'chapter_id', 'client_at'])
    .where('client_at', 'in', clientTimes);
  const bySender =
    'userId' in sender
      ? query.where(sql<boolean>`client_at is not null and user_id is not null`).where('user_id', '=', sender.userId)
      : query.where(sql<boolean>`client_at is not null and visitor_id is not null`).where('visitor_id', '=', sender.visitorId);
  return bySender.execute();
}

export async function insertEvents(db: DbExecutor, rows: Omit<ReadingEventsTable, 'id'>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('reading_events').values(rows).execute();
}

/**
 * Records which (reader, type, target, day) keys are new; returns those that were (the others had
 * counted already today). Race-safe: the primary key decides between concurrent requests.
 */
export async function claimEventDays(db: DbExecutor, rows: ReadingEventDaysTable[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await db
    .insertInto('reading_event_days')
    .values(rows)
    .onConflict((oc) => oc.columns(['reader_key', 'event_type', 'target_id', 'day']).doNothing())
    .returning(['event_type', 'target_id'])
    .execute();
  return new Set(inserted.map((row) => `${row.event_type}:${row.target_id}`));
}

/**
 * Forgets day keys that can no longer repeat (only today's keys matter; a day of slack for
 * clocks), at most `limit` at a time: the housekeeping loop calls it until it returns fewer, so no
 * statement holds the database for a whole day of keys. Returns how many went.
 */
export async function deleteEventDaysBefore(db: DbExecutor, day: number, limit: number): Promise<number> {
  const batch = db
    .selectFrom('reading_event_days')
    .select(['reader_key', 'event_type', 'target_id', 'day'])
    .where('day', '<', day)
    .limit(limit);
  const result = await db
    .deleteFrom('reading_event_days')
    .where((eb) =>
      eb(eb.refTuple('reader_key', 'event_type', 'target_id', 'day'), 'in', batch.$asTuple('reader_key', 'event_type', 'target_id', 'day')),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function addPopularity(db: DbExecutor, bookId: number, points: number): Promise<void> {
  await db
    .updateTable('books')
    .set({ popularity: sql`popularity + ${points}` })
    .where('id', '=', bookId)
    .execute();
}

/**
 * Retention (issue 43): deletes reading events received before `before` that the roll-up has
 * already added up (id at most `rolledUpTo`, its watermark), a batch of `limit` at a time. The
 * batch is the oldest rows by primary key (ids grow with time), so no index is needed; it returns
 * how many went, and a batch holding a younger event stops the run there (the rest are younger).
 */
export async function deleteRolledUpEventsBefore(db: DbExecutor, before: number, rolledUpTo: number, limit: number): Promise<number> {
  const rows = await db
    .selectFrom('reading_events')
    .select(['id', 'received_at'])
    .where('id', '<=', rolledUpTo)
    .orderBy('id')
    .limit(limit)
    .execute();
  const old = rows.filter((row) => Number(row.received_at) < before).map((row) => row.id);
  if (old.length === 0) return 0;
  const result = await db.deleteFrom('reading_events').where('id', 'in', old).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Visitor retention (issue 43): events received before `before` stop naming their visitor (the
 * event stays for the counts). A range of the partial index reading_events_visitor_idx, whose
 * predicate is written out so both databases use it. Returns how many rows changed.
 */
export async function forgetVisitorsOfEventsBefore(db: DbExecutor, before: number, limit: number): Promise<number> {
  const batch = db
    .selectFrom('reading_events')
    .select('id')
    .where(sql<boolean>`visitor_id is not null`)
    .where('received_at', '<', before)
    .limit(limit);
  const result = await db.updateTable('reading_events').set({ visitor_id: null }).where('id', 'in', batch).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
