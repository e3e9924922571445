import { PostgresAdapter, sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import type { CommentState } from '../../db/schema.js';

/**
 * The one place a comment changes state (comments service: delete, filter; moderation: hide,
 * unhide, approve, delete), so the counters that count visible comments stay exact:
 * `chapters.comments_count` (every visible comment of the chapter, replies included) and the
 * parent's `replies_count` (its visible replies). Each moves by one, in the caller's transaction,
 * only when the comment enters or leaves 'visible'.
 *
 * The row is locked first (FOR UPDATE on PostgreSQL; SQLite's one writer serialises anyway), so
 * two moderators hiding the same comment at once move the counters once.
 */
export interface CommentStateChange {
  id: number;
  chapter_id: number;
  parent_id: number | null;
  user_id: number;
  before: CommentState;
  after: CommentState;
}

export async function setCommentState(
  trx: DbExecutor,
  commentId: number,
  next: CommentState,
  moderation?: { by: number; at: number },
): Promise<CommentStateChange | null> {
  let query = trx.selectFrom('comments').select(['id', 'chapter_id', 'parent_id', 'user_id', 'state']).where('id', '=', commentId);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const change: CommentStateChange = { ...row, before: row.state, after: next };
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
  const delta = (next === 'visible' ? 1 : 0) - (row.state === 'visible' ? 1 : 0);
  if (delta !== 0) await moveVisibleCounters(trx, row.chapter_id, row.parent_id, delta);
  return change;
}

/**
 * A new visible comment (delta 1) or one leaving 'visible' (−1): the chapter's counts (all, and
 * top-level for a comment without parent) and the parent's replies count.
 */
export async function moveVisibleCounters(
  trx: DbExecutor,
  chapterId: number,
  parentId: number | null,
  delta: 1 | -1 | number,
): Promise<void> {
  await trx
    .updateTable('chapters')
    .set({
      comments_count: sql`comments_count + ${delta}`,
      // A top-level comment also moves the count of the chapter's first page (its `total`).
      ...(parentId === null ? { top_comments_count: sql`top_comments_count + ${delta}` } : {}),
    })
    .where('id', '=', chapterId)
    .execute();
  if (parentId !== null) {
    await trx
      .updateTable('comments')
      .set({ replies_count: sql`replies_count + ${delta}` })
      .where('id', '=', parentId)
      .execute();
  }
}
