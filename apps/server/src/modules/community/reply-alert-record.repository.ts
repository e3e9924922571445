import type { DbExecutor } from '../../db/database.js';
import { commentAuthorId, insertReplyAlert } from './comments.repository.js';

export interface ReplyAlertInput {
  /** The new reply (comment_alerts.comment_id). */
  replyId: number;
  /** The comment it answers: its author is told. */
  parentId: number;
  replyAuthorId: number;
  at: number;
}

/**
 * Records, in the posting transaction, that the author of `parentId` has a new reply to read (the
 * library's alerts list them; reply-alerts sends the push and the digest from the id). Nothing for
 * a reply to one's own comment. Called only for a reply readers see: a held one alerts nobody.
 * Returns the alert's id, or null when none was recorded.
 */
export async function recordReplyAlert(trx: DbExecutor, input: ReplyAlertInput): Promise<number | null> {
  const parentAuthor = await commentAuthorId(trx, input.parentId);
  if (parentAuthor === undefined || parentAuthor === input.replyAuthorId) return null;
  return insertReplyAlert(trx, { user_id: parentAuthor, comment_id: input.replyId, created_at: input.at });
}
