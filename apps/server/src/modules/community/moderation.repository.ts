import { PostgresAdapter, sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import type { CommentState } from '../../db/schema.js';

/** The columns every moderation list shows of a comment, with its author, book and chapter. */
const commentColumns = [
  'c.id',
  'c.uuid',
  'c.parent_id',
  'c.body',
  'c.spoiler',
  'c.state',
  'c.created_at',
  'c.edited_at',
  'c.likes',
  'c.open_reports',
  'c.book_id',
  'c.chapter_id',
  'u.uuid as author_uuid',
  'u.username as author_username',
  'u.id as author_id',
  'b.uuid as book_uuid',
  'b.original_language',
  'ch.uuid as chapter_uuid',
  'ch.number as chapter_number',
] as const;

const withPlace = (executor: DbExecutor) =>
  executor
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .innerJoin('books as b', 'b.id', 'c.book_id')
    .innerJoin('chapters as ch', 'ch.id', 'c.chapter_id');

export type CommentRow = Awaited<ReturnType<typeof findCommentsByIds>>[number];

export function findCommentsByIds(executor: DbExecutor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return withPlace(executor)
    .select([...commentColumns])
    .where('c.id', 'in', [...ids])
    .execute();
}

export function findCommentIdByUuid(executor: DbExecutor, uuid: string) {
  return executor.selectFrom('comments').select(['id', 'state', 'open_reports']).where('uuid', '=', uuid).executeTakeFirst();
}

/** The comment row, locked until the transaction ends on PostgreSQL (SQLite's one writer serialises anyway). */
export function lockComment(trx: DbExecutor, id: number) {
  let query = trx.selectFrom('comments').select(['id', 'state', 'open_reports']).where('id', '=', id);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function parentUuids(executor: DbExecutor, parentIds: readonly number[]): Promise<Map<number, string>> {
  if (parentIds.length === 0) return new Map();
  const rows = await executor
    .selectFrom('comments')
    .select(['id', 'uuid'])
    .where('id', 'in', [...parentIds])
    .execute();
  return new Map(rows.map((row) => [row.id, row.uuid]));
}

export async function chapterTitles(executor: DbExecutor, chapterIds: readonly number[]) {
  if (chapterIds.length === 0) return [];
  return executor
    .selectFrom('chapter_translations')
    .select(['chapter_id', 'language', 'title'])
    .where('chapter_id', 'in', [...chapterIds])
    .execute();
}

/** The users among `userIds` banned at `now` (a ban whose `until` passed no longer counts). */
export async function bannedAmong(executor: DbExecutor, userIds: readonly number[], now: number): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await executor
    .selectFrom('comment_bans')
    .select('user_id')
    .where('user_id', 'in', [...userIds])
    .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', now)]))
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

// The reports queue --------------------------------------------------------------------------------

/**
 * Comments with open reports, most reported first, then oldest. The range `open_reports > 0` is
 * read from comments_reported_idx; the queue is what moderators have not looked at yet, so the
 * sort of that range stays small.
 */
export async function reportedPage(
  executor: DbExecutor,
  filter: { state?: CommentState | undefined },
  offset: number,
  limit: number,
): Promise<{ ids: number[]; total: number }> {
  let base = executor.selectFrom('comments').where('open_reports', '>', 0);
  if (filter.state) base = base.where('state', '=', filter.state);
  const [rows, count] = await Promise.all([
    base.select('id').orderBy('open_reports', 'desc').orderBy('id', 'asc').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((row) => row.id), total: Number(count.n) };
}

export function openReportsOf(executor: DbExecutor, commentIds: readonly number[]) {
  if (commentIds.length === 0) return Promise.resolve([]);
  return executor
    .selectFrom('comment_reports as r')
    .innerJoin('users as u', 'u.id', 'r.reporter_id')
    .select(['r.id', 'r.comment_id', 'r.reason', 'r.detail', 'r.created_at', 'u.uuid as reporter_uuid', 'u.username as reporter_username'])
    .where('r.comment_id', 'in', [...commentIds])
    .where('r.resolved_at', 'is', null)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
}

/** Held comments (the word filter's), oldest first: the ones waiting longest come first. */
export async function heldPage(executor: DbExecutor, offset: number, limit: number): Promise<{ ids: number[]; total: number }> {
  const base = executor.selectFrom('comments').where('state', '=', 'held');
  const [rows, count] = await Promise.all([
    base.select('id').orderBy('id', 'asc').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((row) => row.id), total: Number(count.n) };
}

/**
 * Resolves the comment's open reports and takes them off its counter, in the caller's transaction
 * with the comment row locked. The counter goes down by the reports resolved here (not to a fixed
 * 0), so a report that arrives while the moderator acts stays open and counted.
 */
export async function resolveOpenReports(
  trx: DbExecutor,
  commentId: number,
  resolution: 'dismissed' | 'hidden' | 'deleted',
  by: number,
  at: number,
): Promise<number> {
  const result = await trx
    .updateTable('comment_reports')
    .set({ resolved_at: at, resolution, resolved_by: by })
    .where('comment_id', '=', commentId)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  const resolved = Number(result.numUpdatedRows);
  if (resolved > 0) {
    await trx
      .updateTable('comments')
      .set({ open_reports: sql`case when open_reports > ${resolved} then open_reports - ${resolved} else 0 end` })
      .where('id', '=', commentId)
      .execute();
  }
  return resolved;
}

// Readers and bans ---------------------------------------------------------------------------------

export function findUserByUuid(executor: DbExecutor, uuid: string) {
  return executor.selectFrom('users').select(['id', 'uuid', 'username']).where('uuid', '=', uuid).executeTakeFirst();
}

export function findBan(executor: DbExecutor, userId: number) {
  return executor.selectFrom('comment_bans').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function upsertBan(
  trx: DbExecutor,
  values: { user_id: number; reason: string; until: number | null; created_at: number; created_by: number },
): Promise<void> {
  await trx
    .insertInto('comment_bans')
    .values(values)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        reason: values.reason,
        until: values.until,
        created_at: values.created_at,
        created_by: values.created_by,
      }),
    )
    .execute();
}

export async function deleteBan(trx: DbExecutor, userId: number): Promise<void> {
  await trx.deleteFrom('comment_bans').where('user_id', '=', userId).execute();
}

const activeBans = (executor: DbExecutor, now: number) =>
  executor
    .selectFrom('comment_bans as cb')
    .innerJoin('users as u', 'u.id', 'cb.user_id')
    .leftJoin('users as m', 'm.id', 'cb.created_by')
    .where((eb) => eb.or([eb('cb.until', 'is', null), eb('cb.until', '>', now)]));

export type BanRow = Awaited<ReturnType<typeof bansPage>>['rows'][number];

export async function bansPage(executor: DbExecutor, now: number, offset: number, limit: number) {
  const [rows, count] = await Promise.all([
    activeBans(executor, now)
      .select(['cb.user_id', 'cb.reason', 'cb.until', 'cb.created_at', 'u.uuid', 'u.username', 'm.username as created_by_name'])
      .orderBy('cb.created_at', 'desc')
      .orderBy('cb.user_id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    activeBans(executor, now)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function activeBanOf(executor: DbExecutor, userId: number, now: number) {
  return activeBans(executor, now)
    .select(['cb.user_id', 'cb.reason', 'cb.until', 'cb.created_at', 'u.uuid', 'u.username', 'm.username as created_by_name'])
    .where('cb.user_id', '=', userId)
    .executeTakeFirst();
}

export async function recentVisibleCommentIds(executor: DbExecutor, userId: number, since: number, limit: number) {
  const rows = await executor
    .selectFrom('comments')
    .select('id')
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .where('state', '=', 'visible')
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

export async function latestCommentIdsOf(executor: DbExecutor, userId: number, limit: number) {
  const rows = await executor
    .selectFrom('comments')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

// Word filter --------------------------------------------------------------------------------------

export function listWordFilters(executor: DbExecutor) {
  return executor.selectFrom('comment_word_filters').selectAll().orderBy('pattern').orderBy('id').execute();
}

export async function countWordFilters(executor: DbExecutor): Promise<number> {
  const row = await executor
    .selectFrom('comment_word_filters')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The new entry's id, or null when the (folded) pattern exists already: the unique index decides, so two at once cannot both win. */
export async function insertWordFilterIfNew(
  trx: DbExecutor,
  values: { pattern: string; action: 'mask' | 'hold'; created_at: number },
): Promise<number | null> {
  const row = await trx
    .insertInto('comment_word_filters')
    .values(values)
    .onConflict((oc) => oc.column('pattern').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export function findWordFilter(executor: DbExecutor, id: number) {
  return executor.selectFrom('comment_word_filters').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteWordFilter(trx: DbExecutor, id: number): Promise<boolean> {
  const result = await trx.deleteFrom('comment_word_filters').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// Books and reviews --------------------------------------------------------------------------------

export function findBookByUuid(executor: DbExecutor, uuid: string) {
  return executor
    .selectFrom('books')
    .select(['id', 'uuid', 'comments_closed', 'original_language'])
    .where('uuid', '=', uuid)
    .executeTakeFirst();
}

/** Sets the switch unless it is so already; true when this call changed it (the conditional update decides the race). */
export async function setBookCommentsClosed(trx: DbExecutor, bookId: number, closed: boolean): Promise<boolean> {
  const result = await trx
    .updateTable('books')
    .set({ comments_closed: closed ? 1 : 0 })
    .where('id', '=', bookId)
    .where('comments_closed', '=', closed ? 0 : 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const reviews = (executor: DbExecutor) =>
  executor
    .selectFrom('book_ratings as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('books as b', 'b.id', 'r.book_id')
    .where('r.review', 'is not', null)
    .where('r.review', '!=', '');

export async function reviewsPage(
  executor: DbExecutor,
  filter: { state?: 'visible' | 'held' | 'hidden' | undefined; bookId?: number | undefined },
  offset: number,
  limit: number,
) {
  let base = reviews(executor);
  if (filter.state) base = base.where('r.review_state', '=', filter.state);
  if (filter.bookId !== undefined) base = base.where('r.book_id', '=', filter.bookId);
  const [rows, count] = await Promise.all([
    base
      .select([
        'r.book_id',
        'r.user_id',
        'r.score',
        'r.review',
        'r.review_state',
        'r.updated_at',
        'u.uuid as user_uuid',
        'u.username',
        'b.uuid as book_uuid',
        'b.original_language',
      ])
      .orderBy('r.updated_at', 'desc')
      .orderBy('r.book_id', 'desc')
      .orderBy('r.user_id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function lockRating(trx: DbExecutor, bookId: number, userId: number) {
  let query = trx.selectFrom('book_ratings').select(['review', 'review_state']).where('book_id', '=', bookId).where('user_id', '=', userId);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function setReviewState(trx: DbExecutor, bookId: number, userId: number, state: 'visible' | 'hidden'): Promise<void> {
  await trx.updateTable('book_ratings').set({ review_state: state }).where('book_id', '=', bookId).where('user_id', '=', userId).execute();
}
