import type { CommentReportReason, CommentSort } from '@inkstream/contracts';
import { PostgresAdapter, sql, type Expression, type ExpressionBuilder, type Selectable, type SqlBool } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import type { CommentsTable, CommentState, Database } from '../../db/schema.js';

/** A published chapter of a published book, with what writing under it needs. */
export const findCommentableChapter = (db: DbExecutor, chapterUuid: string) =>
  db
    .selectFrom('chapters')
    .innerJoin('books', 'books.id', 'chapters.book_id')
    .select(['chapters.id', 'chapters.book_id', 'chapters.comments_count', 'chapters.top_comments_count', 'books.comments_closed'])
    .where('chapters.uuid', '=', chapterUuid)
    .where('chapters.is_published', '=', 1)
    .where('books.is_published', '=', 1)
    .executeTakeFirst();

export type CommentRow = NonNullable<Awaited<ReturnType<typeof findCommentByUuid>>>;

/**
 * A comment under a readable chapter (published, of a published book), with the columns the rules
 * read; undefined for an unknown comment or one whose chapter readers cannot open.
 */
export const findCommentByUuid = (db: DbExecutor, uuid: string) =>
  db
    .selectFrom('comments')
    .innerJoin('chapters', 'chapters.id', 'comments.chapter_id')
    .innerJoin('books', 'books.id', 'chapters.book_id')
    .select([
      'comments.id',
      'comments.uuid',
      'comments.chapter_id',
      'comments.book_id',
      'comments.user_id',
      'comments.parent_id',
      'comments.state',
      'comments.replies_count',
      'chapters.uuid as chapter_uuid',
      'books.comments_closed',
    ])
    .where('comments.uuid', '=', uuid)
    .where('chapters.is_published', '=', 1)
    .where('books.is_published', '=', 1)
    .executeTakeFirst();

/** The comment row locked for the rest of the transaction on PostgreSQL (an edit reads then writes it). */
export async function lockComment(trx: DbExecutor, id: number) {
  let query = trx.selectFrom('comments').select(['id', 'state', 'body', 'body_hash', 'spoiler']).where('id', '=', id);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  return query.executeTakeFirst();
}

/**
 * Serialises a reader's posts on PostgreSQL: the account row is locked until the transaction
 * ends, so two posts at once see each other's rows when they count the flood limit. (SQLite has
 * one writer: its transactions are serial already.)
 */
export async function lockAuthor(trx: DbExecutor, userId: number): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
}

/** The reader's comments since `since`, newest first, at most `limit` (comments_user_idx). */
export const recentCommentTimes = (db: DbExecutor, userId: number, since: number, limit: number) =>
  db
    .selectFrom('comments')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();

/**
 * Whether the reader posted this text (by hash) since `since` and has not deleted it; `exceptId`:
 * a comment left out (the one being edited).
 */
export async function postedSameText(db: DbExecutor, userId: number, hash: string, since: number, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('comments')
    .select('id')
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .where('body_hash', '=', hash)
    .where('state', '!=', 'deleted');
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const row = await query.limit(1).executeTakeFirst();
  return row !== undefined;
}

/** A new comment's row: what the service decides; the counters and the moderation columns start at their defaults. */
type NewComment = Pick<
  Selectable<CommentsTable>,
  'uuid' | 'book_id' | 'chapter_id' | 'user_id' | 'parent_id' | 'body' | 'spoiler' | 'state' | 'body_hash' | 'created_at'
>;

export async function insertComment(trx: DbExecutor, row: NewComment): Promise<number> {
  const inserted = await trx.insertInto('comments').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** An author's edit: text (with its hash and edited_at) and the spoiler mark. State moves only through setCommentState. */
export async function updateComment(
  trx: DbExecutor,
  id: number,
  changes: { body?: string; body_hash?: string; edited_at?: number; spoiler?: number },
): Promise<void> {
  await trx.updateTable('comments').set(changes).where('id', '=', id).execute();
}

// ---------- Pages ----------

export interface PageQuery {
  chapterId: number;
  /** null: the chapter's top-level comments; else this comment's replies. */
  parentId: number | null;
  sort: CommentSort;
  offset: number;
  limit: number;
  /** The caller (null for a visitor): their held and hidden comments are listed, and their likes read. */
  viewerId: number | null;
  /** Count `offset` from the other end of the order (the rows still come back in the page's order). */
  fromEnd?: boolean;
}

type CommentsEb = ExpressionBuilder<Database, 'comments'>;

/**
 * What a thread lists: visible comments, tombstones (deleted, with visible replies) and the
 * caller's own held or hidden comments. Every column it reads is in the page indexes
 * (migration 2026-11-26T0900), so rows that are not listed cost an index entry, not a table read.
 *
 * `asFilter`: written as one CASE, which no planner can turn into index lookups per state (SQLite
 * did, with an OR: a lookup per state and a sort of the whole thread): the page's walk keeps the
 * index order and only filters.
 */
function listed(eb: CommentsEb, viewerId: number | null, asFilter = false): Expression<SqlBool> {
  const branches = [
    eb('comments.state', '=', 'visible'),
    eb.and([eb('comments.state', '=', 'deleted'), eb('comments.replies_count', '>', 0)]),
  ];
  if (viewerId !== null) branches.push(eb.and([eb('comments.user_id', '=', viewerId), eb('comments.state', 'in', ['held', 'hidden'])]));
  if (!asFilter) return eb.or(branches);
  let cases = eb.case().when(branches[0]!).then(1);
  for (const branch of branches.slice(1)) cases = cases.when(branch).then(1);
  return eb(cases.else(0).end(), '=', 1);
}

/** Top-level comments of the chapter (the partial comments_top_* indexes), or one comment's replies (comments_reply_*). */
const threadOf = (eb: CommentsEb, chapterId: number, parentId: number | null) =>
  parentId === null
    ? eb.and([eb('comments.chapter_id', '=', chapterId), eb('comments.parent_id', 'is', null)])
    : eb('comments.parent_id', '=', parentId);

/**
 * One page of a thread in one statement: the page's ids are one walk of one index range
 * (comments_top_newest_idx, comments_top_likes_idx or their comments_reply_* pair;
 * OFFSET skips index entries only), then the
 * page's rows, authors, parent uuid and the caller's likes are read by primary key. The rows come
 * back in no order: sortPage puts them in the page's.
 */
export async function findPage(db: DbExecutor, q: PageQuery) {
  let ids = db
    .selectFrom('comments')
    .select('comments.id')
    .where((eb) => eb.and([threadOf(eb, q.chapterId, q.parentId), listed(eb, q.viewerId, true)]));
  // `fromEnd`: the same order walked from its other end (a page past the middle skips fewer entries).
  const descending = (q.sort !== 'oldest') !== Boolean(q.fromEnd);
  const direction = descending ? 'desc' : 'asc';
  ids = ids.orderBy(q.sort === 'top' ? 'comments.likes' : 'comments.created_at', direction).orderBy('comments.id', direction);
  ids = ids.limit(q.limit).offset(q.offset);
  const viewerId = q.viewerId;
  const rows = await pageRows(db, viewerId).where('comments.id', 'in', ids).execute();
  return sortPage(rows, q.sort);
}

/** The columns a page shows of each comment, its parent's uuid, its author and whether the viewer liked it. */
function pageRows(db: DbExecutor, viewerId: number | null) {
  return db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.user_id')
    .leftJoin('comments as parent', 'parent.id', 'comments.parent_id')
    .select([
      'comments.id',
      'comments.uuid',
      'comments.user_id',
      'comments.body',
      'comments.spoiler',
      'comments.state',
      'comments.likes',
      'comments.replies_count',
      'comments.created_at',
      'comments.edited_at',
      'parent.uuid as parent_uuid',
      'users.uuid as user_uuid',
      'users.username',
      'users.erased_at as author_erased_at',
    ])
    .select((eb) =>
      viewerId === null
        ? sql<number>`0`.as('liked')
        : eb
            .exists(
              eb
                .selectFrom('comment_likes')
                .select('comment_likes.comment_id')
                .whereRef('comment_likes.comment_id', '=', 'comments.id')
                .where('comment_likes.user_id', '=', viewerId),
            )
            .as('liked'),
    );
}

export type PageRow = Awaited<ReturnType<typeof findPage>>[number];

function sortPage<T extends { id: number; likes: number; created_at: number }>(rows: T[], sort: CommentSort): T[] {
  const key = sort === 'top' ? (r: T) => r.likes : (r: T) => r.created_at;
  const direction = sort === 'oldest' ? 1 : -1;
  return rows.sort((a, b) => direction * (key(a) - key(b) || a.id - b.id));
}

/**
 * The listed comments of a thread that the counters do not count: tombstones and the caller's own
 * held or hidden comments. A count over the thread's non-visible rows only (the partial index
 * comments_unlisted_idx): a handful, however many visible comments there are.
 */
export async function countListedNotVisible(db: DbExecutor, chapterId: number, parentId: number | null, viewerId: number | null) {
  const row = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) =>
      eb.and([
        eb('comments.chapter_id', '=', chapterId),
        parentId === null ? eb('comments.parent_id', 'is', null) : eb('comments.parent_id', '=', parentId),
        // A literal, as in the partial index's own WHERE, so both planners see that it applies.
        eb('comments.state', '!=', sql.lit('visible')),
        listed(eb, viewerId),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One comment as a page row (after a post or an edit). */
export async function findPageRow(db: DbExecutor, id: number, viewerId: number) {
  const row = await pageRows(db, viewerId).where('comments.id', '=', id).executeTakeFirstOrThrow();
  return row;
}

/**
 * For comments a moderator hid: the report reason the hide upheld (the reports it resolved
 * 'hidden', at the instant of the hide), the most reported one first; none when it answered no
 * report (a hide from the queue of held comments, or with a ban).
 */
export async function upheldReportReasons(db: DbExecutor, commentIds: readonly number[]): Promise<Map<number, CommentReportReason>> {
  const rows = await db
    .selectFrom('comment_reports')
    .innerJoin('comments', 'comments.id', 'comment_reports.comment_id')
    .select(['comment_reports.comment_id', 'comment_reports.reason'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('comment_reports.comment_id', 'in', [...commentIds])
    .where('comment_reports.resolution', '=', 'hidden')
    .whereRef('comment_reports.resolved_at', '=', 'comments.moderated_at')
    .groupBy(['comment_reports.comment_id', 'comment_reports.reason'])
    .execute();
  const best = new Map<number, { reason: CommentReportReason; n: number }>();
  for (const row of rows) {
    const n = Number(row.n);
    const current = best.get(row.comment_id);
    const reason = row.reason as CommentReportReason;
    if (!current || n > current.n || (n === current.n && reason < current.reason)) best.set(row.comment_id, { reason, n });
  }
  return new Map([...best].map(([id, { reason }]) => [id, reason]));
}

// ---------- Likes and reports ----------

/** Records the like once; returns whether it was new. */
export async function insertLikeOnce(trx: DbExecutor, commentId: number, userId: number, now: number): Promise<boolean> {
  const row = await trx
    .insertInto('comment_likes')
    .values({ comment_id: commentId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing())
    .returning('comment_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes the like; returns whether there was one. */
export async function deleteLike(trx: DbExecutor, commentId: number, userId: number): Promise<boolean> {
  const rows = await trx
    .deleteFrom('comment_likes')
    .where('comment_id', '=', commentId)
    .where('user_id', '=', userId)
    .returning('comment_id')
    .execute();
  return rows.length > 0;
}

export async function moveLikes(trx: DbExecutor, commentId: number, delta: 1 | -1): Promise<number> {
  const row = await trx
    .updateTable('comments')
    .set({ likes: sql`likes + ${delta}` })
    .where('id', '=', commentId)
    .returning('likes')
    .executeTakeFirstOrThrow();
  return row.likes;
}

export const likesOf = async (db: DbExecutor, commentId: number) =>
  (await db.selectFrom('comments').select('likes').where('id', '=', commentId).executeTakeFirstOrThrow()).likes;

/** One report per reader and comment (comment_reports_once_idx); returns whether it was new. */
export async function insertReportOnce(
  trx: DbExecutor,
  row: { comment_id: number; reporter_id: number; reason: string; detail: string | null; created_at: number },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('comment_reports')
    .values(row)
    .onConflict((oc) => oc.columns(['comment_id', 'reporter_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function addOpenReport(trx: DbExecutor, commentId: number): Promise<void> {
  await trx
    .updateTable('comments')
    .set({ open_reports: sql`open_reports + 1` })
    .where('id', '=', commentId)
    .execute();
}

// ---------- Reply alerts (reply-alert-record.ts) ----------

export const commentAuthorId = async (db: DbExecutor, commentId: number): Promise<number | undefined> =>
  (await db.selectFrom('comments').select('user_id').where('id', '=', commentId).executeTakeFirst())?.user_id;

export const commentState = async (db: DbExecutor, commentId: number): Promise<CommentState | undefined> =>
  (await db.selectFrom('comments').select('state').where('id', '=', commentId).executeTakeFirst())?.state;

export async function insertReplyAlert(trx: DbExecutor, row: { user_id: number; comment_id: number; created_at: number }): Promise<number> {
  const inserted = await trx
    .insertInto('comment_alerts')
    .values({ ...row, read_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}
