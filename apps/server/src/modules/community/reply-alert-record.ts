import type { DbExecutor } from '../../db/database.js';

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
  const parent = await trx.selectFrom('comments').select('user_id').where('id', '=', input.parentId).executeTakeFirst();
  if (!parent || parent.user_id === input.replyAuthorId) return null;
  const row = await trx
    .insertInto('comment_alerts')
    .values({ user_id: parent.user_id, comment_id: input.replyId, created_at: input.at, read_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
