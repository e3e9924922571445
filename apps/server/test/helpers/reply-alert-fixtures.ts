import { createHash, randomUUID } from 'node:crypto';
import type { CommentState } from '../../src/db/schema.js';
import type { TestContext } from './test-context.js';

/**
 * Comments and reply alerts written straight into the tables, for the reply-alert tests (the
 * comments routes live on another branch of issue 31; the coordinator reconciles these with the
 * comment fixtures there). `postReply` does what the comments service does in its posting
 * transaction: the reply row and, when it replies to another reader and is visible, the
 * comment_alerts row for the parent's author.
 */

export interface FixtureComment {
  id: number;
  uuid: string;
}

export interface CommentInput {
  bookId: number;
  chapterId: number;
  userId: number;
  body: string;
  parentId?: number | null;
  state?: CommentState;
  spoiler?: boolean;
  at?: number;
}

export async function insertComment(ctx: TestContext, input: CommentInput): Promise<FixtureComment> {
  const uuid = randomUUID();
  const row = await ctx.db
    .insertInto('comments')
    .values({
      uuid,
      book_id: input.bookId,
      chapter_id: input.chapterId,
      user_id: input.userId,
      parent_id: input.parentId ?? null,
      body: input.body,
      spoiler: input.spoiler ? 1 : 0,
      state: input.state ?? 'visible',
      body_hash: createHash('sha256').update(`${input.body}\n${uuid}`).digest('hex'),
      created_at: input.at ?? Date.now(),
      edited_at: null,
      moderated_at: null,
      moderated_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, uuid };
}

/** A reply to `parent` by `userId`, and the parent author's alert (id returned) unless the reply is their own or not visible. */
export async function postReply(
  ctx: TestContext,
  parent: FixtureComment & { userId: number; bookId: number; chapterId: number },
  reply: { userId: number; body: string; state?: CommentState; spoiler?: boolean; at?: number },
): Promise<FixtureComment & { alertId: number | null }> {
  const at = reply.at ?? Date.now();
  const comment = await insertComment(ctx, {
    bookId: parent.bookId,
    chapterId: parent.chapterId,
    parentId: parent.id,
    userId: reply.userId,
    body: reply.body,
    at,
    ...(reply.state ? { state: reply.state } : {}),
    ...(reply.spoiler ? { spoiler: true } : {}),
  });
  if (reply.userId === parent.userId || (reply.state ?? 'visible') !== 'visible') return { ...comment, alertId: null };
  const alert = await ctx.db
    .insertInto('comment_alerts')
    .values({ user_id: parent.userId, comment_id: comment.id, created_at: at, read_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...comment, alertId: alert.id };
}

/** A top-level comment, with what postReply needs to reply to it. */
export async function postComment(
  ctx: TestContext,
  input: Omit<CommentInput, 'parentId'>,
): Promise<FixtureComment & { userId: number; bookId: number; chapterId: number }> {
  const comment = await insertComment(ctx, input);
  return { ...comment, userId: input.userId, bookId: input.bookId, chapterId: input.chapterId };
}

/** Changes a comment's state directly (what moderation does through setCommentState, counters aside). */
export const setState = (ctx: TestContext, commentId: number, state: CommentState) =>
  ctx.db.updateTable('comments').set({ state }).where('id', '=', commentId).execute();
