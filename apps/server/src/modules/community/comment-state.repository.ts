import { PostgresAdapter, sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import type { CommentState } from '../../db/schema.js';

/**
 * The one place a comment changes state (comments service: delete, filter; moderation: hide,
 * unhide, approve, delete), so the counters that count visible comments stay exact:
 *
 * - `chapters.comments_count`: the comments a reader can reach, the figure the chapter list and the
 *   comments heading show: visible top-level comments, and visible replies whose top-level comment
 *   is visible or deleted (a tombstone keeps its replies in place; a held or hidden one takes them
 *   out of reach, and brings them back when shown again);
 * - `chapters.top_comments_count`: visible top-level comments (the first page's `total`);
 * - the top-level comment's `replies_count`: its visible replies, whatever its own state (its
 *   replies page and its tombstone read it).
 *
 * Rows are locked top-level comment first, then the reply (FOR UPDATE on PostgreSQL; SQLite's one
 * writer serialises anyway), by every writer (a post, an edit, a state change): a state change of
 * the top-level comment reads its `replies_count` to move `comments_count`, so no reply may be
 * posted, hidden or deleted under it meanwhile, and one lock order means no deadlock between them.
 */
export interface CommentStateChange {
  id: number;
  chapter_id: number;
  parent_id: number | null;
  user_id: number;
  before: CommentState;
  after: CommentState;
}

/** Whether a top-level comment in this state lets readers reach its replies (a tombstone does). */
const repliesReachable = (state: CommentState) => state === 'visible' || state === 'deleted';

const isPostgres = (trx: DbExecutor) => trx.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Locks a reply's top-level comment before the reply is written (lock order above) and returns its
 * state: whether a new or changed reply counts in `comments_count` depends on it.
 */
export async function lockThreadParent(trx: DbExecutor, parentId: number): Promise<CommentState | undefined> {
  let query = trx.selectFrom('comments').select('state').where('id', '=', parentId);
  if (isPostgres(trx)) query = query.forUpdate();
  return (await query.executeTakeFirst())?.state;
}

export async function setCommentState(
  trx: DbExecutor,
  commentId: number,
  next: CommentState,
  moderation?: { by: number; at: number },
): Promise<CommentStateChange | null> {
  // parent_id never changes, so it may be read before any lock; the parent is locked first.
  const thread = await trx.selectFrom('comments').select('parent_id').where('id', '=', commentId).executeTakeFirst();
  if (!thread) return null;
  const parentState = thread.parent_id === null ? null : await lockThreadParent(trx, thread.parent_id);
  let query = trx
    .selectFrom('comments')
    .select(['id', 'chapter_id', 'parent_id', 'user_id', 'state', 'replies_count'])
    .where('id', '=', commentId);
  if (isPostgres(trx)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const change: CommentStateChange = {
    id: row.id,
    chapter_id: row.chapter_id,
    parent_id: row.parent_id,
    user_id: row.user_id,
    before: row.state,
    after: next,
  };
  if (row.state === next) return change;
  await trx
    .updateTable('comments')
    .set({
      state: next,
      ...(moderation ? { moderated_by: moderation.by, moderated_at: moderation.at } : {}),
      // A deleted comment keeps no text: a tombstone stays only for its replies' sake.
      ...(next === 'deleted' ? { body: '' } : {}),
    })
    .where('id', '=', commentId)
    .execute();
  const own = (next === 'visible' ? 1 : 0) - (row.state === 'visible' ? 1 : 0);
  if (row.parent_id === null) {
    // A top-level comment moves itself and, when its replies come into or go out of reach, them.
    const replies = (repliesReachable(next) ? 1 : 0) - (repliesReachable(row.state) ? 1 : 0);
    await moveChapterCounts(trx, row.chapter_id, own + replies * row.replies_count, own);
  } else if (own !== 0) {
    await moveRepliesCount(trx, row.parent_id, own);
    // A reply under a held or hidden comment is out of reach already: comments_count does not count it.
    if (parentState && repliesReachable(parentState)) {
      await moveChapterCounts(trx, row.chapter_id, own, 0);
    }
  }
  return change;
}

/**
 * A new visible comment: the chapter's counts, and for a reply its top-level comment's
 * `replies_count`. The caller locked that top-level comment (lockThreadParent) and found it
 * visible: a reply is only posted under a visible comment, so it counts at once.
 */
export async function countNewVisibleComment(trx: DbExecutor, chapterId: number, parentId: number | null): Promise<void> {
  await moveChapterCounts(trx, chapterId, 1, parentId === null ? 1 : 0);
  if (parentId !== null) await moveRepliesCount(trx, parentId, 1);
}

async function moveChapterCounts(trx: DbExecutor, chapterId: number, all: number, top: number): Promise<void> {
  if (all === 0 && top === 0) return;
  await trx
    .updateTable('chapters')
    .set({
      comments_count: sql`comments_count + ${all}`,
      ...(top !== 0 ? { top_comments_count: sql`top_comments_count + ${top}` } : {}),
    })
    .where('id', '=', chapterId)
    .execute();
}

async function moveRepliesCount(trx: DbExecutor, parentId: number, delta: number): Promise<void> {
  await trx
    .updateTable('comments')
    .set({ replies_count: sql`replies_count + ${delta}` })
    .where('id', '=', parentId)
    .execute();
}
