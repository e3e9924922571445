import { ErrorCode } from '@inkstream/contracts';
import type { Actor } from '../audit/audit.service.js';
import { setCommentState } from './comment-state.repository.js';
import { commentIdOf, notFound, type ModerationContext } from './moderation-context.js';
import { describeComments } from './moderation-view.js';
import * as repo from './moderation.repository.js';

/** How a moderator's action moves a comment, and what its open reports become. */
const ACTIONS = {
  hide: { state: 'hidden', resolution: 'hidden', audit: 'comment.hide' },
  show: { state: 'visible', resolution: 'dismissed', audit: 'comment.show' },
  delete: { state: 'deleted', resolution: 'deleted', audit: 'comment.delete' },
} as const;
export type CommentAction = keyof typeof ACTIONS;

/** A moderator's decision on one comment: hide, show or delete it, or dismiss its reports. */
export function createCommentDecisions({ db, audit, now }: ModerationContext) {
  /**
   * Hide, show (unhide or approve a held one) or delete: the state through setCommentState (it locks
   * the row and keeps the visible-comment counters), then the comment's open reports resolved. The
   * audit row is written only when something changed.
   */
  async function act(actor: Actor & { userId: number }, uuid: string, action: CommentAction) {
    const id = await commentIdOf(db, uuid);
    const plan = ACTIONS[action];
    const at = now();
    const outcome = await db.transaction().execute(async (trx) => {
      const change = await setCommentState(trx, id, plan.state, { by: actor.userId, at });
      if (!change) throw notFound(ErrorCode.COMMENT_NOT_FOUND, 'comment');
      const resolved = await repo.resolveOpenReports(trx, id, plan.resolution, actor.userId, at);
      const changed = change.before !== change.after;
      if (changed || resolved > 0) {
        await audit.recordWithin(trx, actor, {
          action: plan.audit,
          targetType: 'comment',
          targetId: uuid,
          before: { state: change.before, open_reports: resolved },
          after: { state: change.after, open_reports: 0, resolution: resolved > 0 ? plan.resolution : undefined },
        });
      }
      return { changed, resolved };
    });
    const [comment] = await describeComments(db, [id], undefined, now);
    return { comment: comment!, changed: outcome.changed, resolved_reports: outcome.resolved };
  }

  /** The reports were not worth acting on: resolved 'dismissed', the comment untouched. */
  async function dismiss(actor: Actor & { userId: number }, uuid: string) {
    const id = await commentIdOf(db, uuid);
    const at = now();
    const resolved = await db.transaction().execute(async (trx) => {
      const row = await repo.lockComment(trx, id);
      if (!row) throw notFound(ErrorCode.COMMENT_NOT_FOUND, 'comment');
      const count = await repo.resolveOpenReports(trx, id, 'dismissed', actor.userId, at);
      if (count > 0) {
        await audit.recordWithin(trx, actor, {
          action: 'comment.dismiss',
          targetType: 'comment',
          targetId: uuid,
          before: { open_reports: count },
          after: { open_reports: 0, resolution: 'dismissed' },
        });
      }
      return count;
    });
    const [comment] = await describeComments(db, [id], undefined, now);
    return { comment: comment!, changed: resolved > 0, resolved_reports: resolved };
  }

  return { act, dismiss };
}
