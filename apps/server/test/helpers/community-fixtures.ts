import { randomUUID } from 'node:crypto';
import type { CommentState } from '../../src/db/schema.js';
import { lockThreadParent, setCommentState } from '../../src/modules/community/comment-state.repository.js';
import { bodyHash } from '../../src/modules/community/community-text.js';
import type { TestContext } from './test-context.js';

/**
 * Community rows written straight to the database, for tests that need comments and reports
 * without going through the readers' routes. The counters are kept as the services keep them: a
 * comment is written held (counted nowhere), then brought to its state through setCommentState,
 * the one rule that moves chapters.comments_count and its parent's replies_count; a report
 * increments comments.open_reports.
 */
export interface TestComment {
  id: number;
  uuid: string;
}

export async function createComment(
  ctx: TestContext,
  options: { chapterId: number; userId: number; parentId?: number | null; state?: CommentState; body?: string; createdAt?: number },
): Promise<TestComment> {
  const uuid = randomUUID();
  const body = options.body ?? `A comment ${uuid.slice(0, 8)}`;
  const state = options.state ?? 'visible';
  return ctx.db.transaction().execute(async (trx) => {
    const chapter = await trx.selectFrom('chapters').select('book_id').where('id', '=', options.chapterId).executeTakeFirstOrThrow();
    // The top-level comment is locked before the reply is written, as the comments service does:
    // the reply's foreign key would otherwise share-lock it first, and two replies written at once
    // would each wait for the other's share lock to go to lock it for the counters.
    if (options.parentId != null) await lockThreadParent(trx, options.parentId);
    const row = await trx
      .insertInto('comments')
      .values({
        uuid,
        book_id: chapter.book_id,
        chapter_id: options.chapterId,
        user_id: options.userId,
        parent_id: options.parentId ?? null,
        body,
        state: 'held',
        body_hash: bodyHash(body),
        created_at: options.createdAt ?? Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (state !== 'held') await setCommentState(trx, row.id, state);
    return { id: row.id, uuid };
  });
}

export async function createReport(
  ctx: TestContext,
  options: { commentId: number; reporterId: number; reason?: string; detail?: string | null; createdAt?: number },
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('comment_reports')
      .values({
        comment_id: options.commentId,
        reporter_id: options.reporterId,
        reason: options.reason ?? 'spam',
        detail: options.detail ?? null,
        created_at: options.createdAt ?? Date.now(),
      })
      .execute();
    await trx
      .updateTable('comments')
      .set((eb) => ({ open_reports: eb('open_reports', '+', 1) }))
      .where('id', '=', options.commentId)
      .execute();
  });
}

/** A rating (and review) written directly, the book's counters moved with it. */
export async function createRating(
  ctx: TestContext,
  options: { bookId: number; userId: number; score: number; review?: string | null; reviewState?: 'visible' | 'held' | 'hidden' },
): Promise<void> {
  const at = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('book_ratings')
      .values({
        book_id: options.bookId,
        user_id: options.userId,
        score: options.score,
        review: options.review ?? null,
        review_state: options.reviewState ?? 'visible',
        created_at: at,
        updated_at: at,
      })
      .execute();
    await trx
      .updateTable('books')
      .set((eb) => ({ rating_count: eb('rating_count', '+', 1), rating_sum: eb('rating_sum', '+', options.score) }))
      .where('id', '=', options.bookId)
      .execute();
  });
}

/**
 * The chapter's comments a reader can reach, counted from the rows (docs/COMMUNITY.md): visible
 * top-level comments, and visible replies under a visible or deleted (tombstone) top-level comment.
 * chapters.comments_count must always equal it.
 */
export async function reachableCommentsCount(ctx: TestContext, chapterId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('comments')
    .leftJoin('comments as parent', 'parent.id', 'comments.parent_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('comments.chapter_id', '=', chapterId)
    .where('comments.state', '=', 'visible')
    .where((eb) => eb.or([eb('comments.parent_id', 'is', null), eb('parent.state', 'in', ['visible', 'deleted'])]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function chapterCommentsCount(ctx: TestContext, chapterId: number): Promise<number> {
  const row = await ctx.db.selectFrom('chapters').select('comments_count').where('id', '=', chapterId).executeTakeFirstOrThrow();
  return Number(row.comments_count);
}
