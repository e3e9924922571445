import { BAN_HIDE_RECENT_DAYS, ErrorCode, type CommentBan, type Paged, type PutBanBody } from '@inkstream/contracts';
import { AppError } from '../../lib/app-error.js';
import { DAY_MS, fromIsoOrNull, toIso } from '../../lib/time.js';
import type { Actor } from '../audit/audit.service.js';
import { setCommentState } from './comment-state.repository.js';
import { userOf, type ModerationContext } from './moderation-context.js';
import { describeComments } from './moderation-view.js';
import * as repo from './moderation.repository.js';

/** The latest comments the reader page shows, whatever their state. */
const READER_COMMENTS = 20;
/** Recent comments a ban hides at most. */
const BAN_HIDE_MAX = 500;

const toBan = (row: repo.BanRow): CommentBan => ({
  user: { uuid: row.uuid, username: row.username },
  reason: row.reason,
  until: row.until === null ? null : toIso(Number(row.until)),
  created_at: toIso(Number(row.created_at)),
  created_by: row.created_by_name,
});

/** Bans from commenting and rating, and the console's reader page (the ban in force, their latest comments). */
export function createCommentBans({ db, audit, now }: ModerationContext) {
  /**
   * Bans a reader from commenting and rating until `until` (an instant in the future) or for good
   * (null). A new ban replaces the one before. With `hide_recent_comments`, their visible comments
   * of the last 7 days are hidden too (each through setCommentState, their reports resolved).
   */
  async function ban(actor: Actor & { userId: number }, userUuid: string, body: PutBanBody) {
    const user = await userOf(db, userUuid);
    const at = now();
    const until = body.until === null ? null : fromIsoOrNull(body.until);
    if (body.until !== null && (until === null || !Number.isFinite(until) || until <= at))
      throw new AppError(ErrorCode.VALIDATION_FAILED, 400, 'A ban ends in the future (or give null: for good)', [
        { field: 'until', message: 'must be an instant in the future, or null for good' },
      ]);
    const reason = body.reason.trim();
    if (reason.length === 0)
      throw new AppError(ErrorCode.VALIDATION_FAILED, 400, 'Say why the reader is banned', [
        { field: 'reason', message: 'must not be empty' },
      ]);
    const hidden = await db.transaction().execute(async (trx) => {
      const before = await repo.findBan(trx, user.id);
      await repo.upsertBan(trx, { user_id: user.id, reason, until, created_at: at, created_by: actor.userId });
      let hiddenCount = 0;
      if (body.hide_recent_comments) {
        const ids = await repo.recentVisibleCommentIds(trx, user.id, at - BAN_HIDE_RECENT_DAYS * DAY_MS, BAN_HIDE_MAX);
        for (const id of ids) {
          const change = await setCommentState(trx, id, 'hidden', { by: actor.userId, at });
          if (change && change.before !== change.after) hiddenCount += 1;
          await repo.resolveOpenReports(trx, id, 'hidden', actor.userId, at);
        }
      }
      const active = before && (before.until === null || Number(before.until) > at);
      await audit.recordWithin(trx, actor, {
        action: 'comment_ban.set',
        targetType: 'user',
        targetId: user.uuid,
        before: active ? { reason: before.reason, until: before.until === null ? null : toIso(Number(before.until)) } : null,
        after: { reason, until: until === null ? null : toIso(until), hidden_comments: hiddenCount },
      });
      return hiddenCount;
    });
    const row = await repo.activeBanOf(db, user.id, at);
    return { ban: toBan(row!), hidden_comments: hidden };
  }

  /** Lifts a reader's ban; `lifted: false` (and no audit row) when there was none in force. */
  async function liftBan(actor: Actor, userUuid: string) {
    const user = await userOf(db, userUuid);
    const at = now();
    return db.transaction().execute(async (trx) => {
      const before = await repo.findBan(trx, user.id);
      if (!before) return { lifted: false };
      await repo.deleteBan(trx, user.id);
      const active = before.until === null || Number(before.until) > at;
      // An expired ban is cleaned away quietly: nothing a reader felt changed.
      if (!active) return { lifted: false };
      await audit.recordWithin(trx, actor, {
        action: 'comment_ban.lift',
        targetType: 'user',
        targetId: user.uuid,
        before: { reason: before.reason, until: before.until === null ? null : toIso(Number(before.until)) },
        after: null,
      });
      return { lifted: true };
    });
  }

  async function bans(query: { page?: number; page_size?: number }): Promise<Paged<CommentBan>> {
    const pageSize = query.page_size ?? 50;
    const { rows, total } = await repo.bansPage(db, now(), (query.page ?? 0) * pageSize, pageSize);
    return { items: rows.map(toBan), total };
  }

  /** The reader page's panel: the ban in force and their latest comments, whatever their state. */
  async function reader(userUuid: string, language: string | undefined) {
    const user = await userOf(db, userUuid);
    const [row, ids] = await Promise.all([repo.activeBanOf(db, user.id, now()), repo.latestCommentIdsOf(db, user.id, READER_COMMENTS)]);
    return { ban: row ? toBan(row) : null, comments: await describeComments(db, ids, language, now) };
  }

  return { ban, liftBan, bans, reader };
}
