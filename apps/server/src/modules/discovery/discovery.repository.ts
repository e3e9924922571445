import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import { selectFirstPublishedChapters } from '../catalogue/catalogue.repository.js';

/**
 * The statements of discovery (docs/DISCOVERY.md): the background computation's reads of reading
 * events and its writes, and what every node loads into memory. Every read is bounded by a range
 * of ids, so no statement holds SQLite's one connection for long.
 */

/** app_state: the figures every node serves, `{"run":…,"computed_at":…}` (moved when a refresh completed). */
export const DISCOVERY_VERSION_KEY = 'discovery_version';
/** app_state: the refresh writing now, `{"run":…,"started_at":…}`; a later claim overtakes an earlier one. */
export const DISCOVERY_WRITER_KEY = 'discovery_writer';

export interface DiscoveryVersion {
  run: string;
  computed_at: number;
}

export async function readDiscoveryVersion(db: DbExecutor): Promise<DiscoveryVersion | null> {
  const row = await db.selectFrom('app_state').select('value').where('state_key', '=', DISCOVERY_VERSION_KEY).executeTakeFirst();
  if (!row) return null;
  try {
    const parsed = JSON.parse(row.value) as Partial<DiscoveryVersion>;
    return typeof parsed.run === 'string' && typeof parsed.computed_at === 'number'
      ? { run: parsed.run, computed_at: parsed.computed_at }
      : null;
  } catch {
    return null;
  }
}

async function putState(db: DbExecutor, key: string, value: string): Promise<void> {
  await db
    .insertInto('app_state')
    .values({ state_key: key, value })
    .onConflict((oc) => oc.column('state_key').doUpdateSet({ value }))
    .execute();
}

/**
 * Makes `run` the refresh whose writes count (any earlier one still writing stops at its next
 * batch); answers the claim, which the writer's transactions compare with (stillWriter).
 */
export async function claimWriter(db: DbExecutor, run: string, startedAt: number): Promise<string> {
  const claim = JSON.stringify({ run, started_at: startedAt });
  await putState(db, DISCOVERY_WRITER_KEY, claim);
  return claim;
}

/**
 * Inside a write transaction: whether `claim` is still the writer's. The update takes the
 * row's lock on PostgreSQL (a claim by another refresh waits for this transaction, or this one sees
 * it); SQLite runs one write transaction at a time anyway.
 */
export async function stillWriter(trx: DbExecutor, claim: string): Promise<boolean> {
  const result = await trx
    .updateTable('app_state')
    .set({ value: claim })
    .where('state_key', '=', DISCOVERY_WRITER_KEY)
    .where('value', '=', claim)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const writeDiscoveryVersion = (trx: DbExecutor, version: DiscoveryVersion) =>
  putState(trx, DISCOVERY_VERSION_KEY, JSON.stringify(version));

export const findMaxBookId = async (db: DbExecutor): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('books')
        .select((eb) => eb.fn.max('id').as('max_id'))
        .executeTakeFirst()
    )?.max_id ?? 0,
  );

export interface ReaderWindows {
  day: number;
  week: number;
  month: number;
}

/** Each window's start and the start of the window before it (ms), ending at `now`. */
export function windowBounds(now: number, windows: ReaderWindows) {
  return {
    now,
    day: now - windows.day,
    dayBefore: now - 2 * windows.day,
    week: now - windows.week,
    weekBefore: now - 2 * windows.week,
    month: now - windows.month,
    monthBefore: now - 2 * windows.month,
  };
}

export interface BookReaderCounts {
  book_id: number;
  readers_day: number;
  readers_day_before: number;
  readers_week: number;
  readers_week_before: number;
  readers_month: number;
  readers_month_before: number;
}

/**
 * Distinct readers with a `start_reading` in each window, for the books `(afterId, toId]`: the
 * account, else the visitor id (an event with neither names no reader). Uses
 * reading_events_book_idx (book_id, occurred_at): only the last two months of these books.
 */
export async function countReadersInRange(
  db: DbExecutor,
  afterId: number,
  toId: number,
  bounds: ReturnType<typeof windowBounds>,
): Promise<BookReaderCounts[]> {
  const reader = sql`coalesce('u:' || ${sql.ref('user_id')}, 'v:' || ${sql.ref('visitor_id')})`;
  const within = (from: number, to: number) =>
    sql`count(distinct case when occurred_at >= ${from} and occurred_at < ${to} then reader end)`;
  const result = await sql<Record<keyof BookReaderCounts, number | string>>`
    select book_id,
      ${within(bounds.day, bounds.now + 1)} as readers_day,
      ${within(bounds.dayBefore, bounds.day)} as readers_day_before,
      ${within(bounds.week, bounds.now + 1)} as readers_week,
      ${within(bounds.weekBefore, bounds.week)} as readers_week_before,
      ${within(bounds.month, bounds.now + 1)} as readers_month,
      ${within(bounds.monthBefore, bounds.month)} as readers_month_before
    from (
      select book_id, occurred_at, ${reader} as reader
      from reading_events
      where book_id > ${afterId} and book_id <= ${toId}
        and occurred_at >= ${bounds.monthBefore} and occurred_at <= ${bounds.now}
        and event_type = 'start_reading'
    ) events
    group by book_id`.execute(db);
  return result.rows.map((row) => ({
    book_id: Number(row.book_id),
    readers_day: Number(row.readers_day),
    readers_day_before: Number(row.readers_day_before),
    readers_week: Number(row.readers_week),
    readers_week_before: Number(row.readers_week_before),
    readers_month: Number(row.readers_month),
    readers_month_before: Number(row.readers_month_before),
  }));
}

/**
 * The account id that ends a chunk of about `events` reading events after `afterUser` (a walk of
 * reading_events_user_idx), or null when fewer remain: the next chunk is `(afterUser, that id]`.
 */
export async function nextUserBoundary(db: DbExecutor, afterUser: number, events: number): Promise<number | null> {
  const row = await db
    .selectFrom('reading_events')
    .select('user_id')
    .where('user_id', '>', afterUser)
    .orderBy('user_id')
    .limit(1)
    .offset(events)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Each account's books started since `since`, with the last start, for the accounts `(afterUser, toUser]`, by account. */
export async function findUserBooks(
  db: DbExecutor,
  afterUser: number,
  toUser: number | null,
  since: number,
): Promise<{ user_id: number; book_id: number; last_at: number }[]> {
  let query = db
    .selectFrom('reading_events')
    .select((eb) => ['user_id', 'book_id', eb.fn.max('occurred_at').as('last_at')])
    .where('user_id', '>', afterUser)
    .where('event_type', '=', 'start_reading')
    .where('occurred_at', '>=', since);
  if (toUser !== null) query = query.where('user_id', '<=', toUser);
  const rows = await query.groupBy(['user_id', 'book_id']).orderBy('user_id').execute();
  return rows.map((row) => ({ user_id: Number(row.user_id), book_id: Number(row.book_id), last_at: Number(row.last_at) }));
}

/** Published book ids in `(afterId, afterId + limit]` order (what may be listed). */
export const findPublishedIdsAfter = (db: DbExecutor, afterId: number, limit: number) =>
  db
    .selectFrom('books')
    .select('id')
    .where(sql<number>`+${sql.ref('is_published')}`, '=', 1)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();

/** Replaces the stats of the books `(afterId, toId]` (toId null: every book after afterId). */
export async function replaceStats(trx: DbExecutor, afterId: number, toId: number | null, rows: BookReaderCounts[]): Promise<void> {
  let removal = trx.deleteFrom('discovery_book_stats').where('book_id', '>', afterId);
  if (toId !== null) removal = removal.where('book_id', '<=', toId);
  await removal.execute();
  for (let i = 0; i < rows.length; i += 500)
    await trx
      .insertInto('discovery_book_stats')
      .values(rows.slice(i, i + 500))
      .execute();
}

export interface AlsoReadRow {
  book_id: number;
  position: number;
  other_book_id: number;
  score: number;
}

/** Replaces the lists of the books `(afterId, toId]` (toId null: every book after afterId). */
export async function replaceAlsoRead(trx: DbExecutor, afterId: number, toId: number | null, rows: AlsoReadRow[]): Promise<void> {
  let removal = trx.deleteFrom('discovery_also_read').where('book_id', '>', afterId);
  if (toId !== null) removal = removal.where('book_id', '<=', toId);
  await removal.execute();
  for (let i = 0; i < rows.length; i += 500)
    await trx
      .insertInto('discovery_also_read')
      .values(rows.slice(i, i + 500))
      .execute();
}

export const hasStats = async (db: DbExecutor) =>
  (await db.selectFrom('discovery_book_stats').select('book_id').limit(1).executeTakeFirst()) !== undefined;

/** The stored stats of the books `(afterId, …]`, `limit` rows, by id. */
export const findStatsAfter = (db: DbExecutor, afterId: number, limit: number) =>
  db.selectFrom('discovery_book_stats').selectAll().where('book_id', '>', afterId).orderBy('book_id').limit(limit).execute();

/** The stored lists of the books `(afterId, toId]`, in order. */
export const findAlsoReadInRange = (db: DbExecutor, afterId: number, toId: number) =>
  db
    .selectFrom('discovery_also_read')
    .select(['book_id', 'other_book_id'])
    .where('book_id', '>', afterId)
    .where('book_id', '<=', toId)
    .orderBy('book_id')
    .orderBy('position')
    .execute();

/** What the rankings sort and filter by that the ranking snapshot does not keep, for published books after `afterId`. */
export const findRankingFactsAfter = (db: DbExecutor, afterId: number, limit: number) =>
  db
    .selectFrom('books')
    .select(['id', 'popularity', 'rating_count', 'rating_sum', 'ranking_excluded', 'status'])
    .where(sql<number>`+${sql.ref('is_published')}`, '=', 1)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();

/** When the first published chapter (lowest number) of each book in `(afterId, toId]` came out. */
export async function findFirstChapterTimesInRange(db: DbExecutor, afterId: number, toId: number) {
  const rows = await selectFirstPublishedChapters(db).where('c.book_id', '>', afterId).where('c.book_id', '<=', toId).execute();
  return rows.map((row) => ({ book_id: Number(row.book_id), created_at: Number(row.created_at) }));
}

/**
 * Of `bookIds`, those the reader finished: a finish on the book's newest published chapter
 * (chapter_reads by the reader's key and book: chapter_reads_book_idx).
 */
export async function findFinishedBooks(db: DbExecutor, readerKey: string, bookIds: readonly number[]): Promise<Set<number>> {
  if (bookIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('chapter_reads as r')
    .select('r.book_id')
    .where('r.reader_key', '=', readerKey)
    .where('r.book_id', 'in', bookIds)
    .where('r.finished_at', 'is not', null)
    .where('r.chapter_id', '=', (eb) =>
      eb
        .selectFrom('chapters as last')
        .select('last.id')
        .whereRef('last.book_id', '=', 'r.book_id')
        .where('last.is_published', '=', 1)
        .orderBy('last.number', 'desc')
        .limit(1),
    )
    .execute();
  return new Set(rows.map((row) => Number(row.book_id)));
}

/** The reader's last `limit` books read (chapter_reads_recent_idx), most recent first. */
export async function findRecentBooks(db: DbExecutor, readerKey: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('chapter_reads')
    .select((eb) => ['book_id', eb.fn.max('read_at').as('last_read')])
    .where('reader_key', '=', readerKey)
    .groupBy('book_id')
    .orderBy('last_read', 'desc')
    .orderBy('book_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.book_id));
}

/** A published book's id by its uuid, or null. */
/** A published book's id and content rating (the rule decides whether this reader may open it). */
export async function findPublishedBookId(db: DbExecutor, uuid: string): Promise<{ id: number; contentRating: string } | null> {
  const row = await db
    .selectFrom('books')
    .select(['id', 'content_rating'])
    .where('uuid', '=', uuid)
    .where('is_published', '=', 1)
    .executeTakeFirst();
  return row ? { id: row.id, contentRating: row.content_rating } : null;
}
