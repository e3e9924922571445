import {
  COMMENT_REPORT_DETAIL_MAX,
  ErrorCode,
  type Comment,
  type CommentReportReason,
  type CommentsQuery,
  type CommunityStanding,
  type EditCommentBody,
  type PostCommentBody,
  type ReportCommentBody,
} from '@inkstream/contracts';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { DomainEvents } from '../../db/domain-events.js';
import type { CommentState } from '../../db/schema.js';
import type { AuthUser } from '../../http/request-user.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { toIso } from '../../lib/time.js';
import type { ChapterAccessOrMissing } from '../access/access.service.js';
import { mayRead } from '../access/chapter-access.js';
import { COMMENT_FLOOD, floodRetryAfter } from './comment-flood.js';
import { countNewVisibleComment, lockThreadParent, setCommentState } from './comment-state.repository.js';
import * as repo from './comments.repository.js';
import { commentView, type CommentViewRow } from './comments.view.js';
import { bodyHash, cleanCommunityText } from './community-text.js';
import { createCommunityRules } from './community-rules.js';
import { recordReplyAlert } from './reply-alert-record.repository.js';
import { refuseLeftReader } from '../users/account-guard.js';

export interface CommentsDeps {
  db: Db;
  /** The reading module's decision whether a reader may read a chapter now (reading.service.ts). */
  /** The access rule (modules/access): only a reader who can read a paid chapter now may write under it. */
  chapterAccess: (chapterUuid: string, user: AuthUser | null) => Promise<ChapterAccessOrMissing>;
  /** Hours an account must exist before its comments may carry links (site setting). */
  linksMinAgeHours: () => Promise<number>;
  /** A visible reply to someone else's comment raises `reply-alert-recorded` (the notifier pushes it once committed). */
  domainEvents: DomainEvents;
  now?: () => number;
}

/**
 * Called once a comment passed every other rule, the reader's own flood limits and the repeat rule
 * included, just before it is stored: the per-address flood limits (comments.routes.ts) count only
 * comments that will be stored, so one reader's refused tries never use up the allowance of the
 * others who share the address. (Refused tries are not free: the route counts every post call of an
 * account, LIMITS.commentPosts.) It may refuse, with 429.
 */
export type BeforeStore = () => Promise<void>;

const chapterNotFound = () => notFound(ErrorCode.CHAPTER_NOT_FOUND, 'This chapter does not exist');
const commentNotFound = () => notFound(ErrorCode.COMMENT_NOT_FOUND, 'This comment does not exist');

export function createCommentsService(deps: CommentsDeps) {
  const { db, domainEvents } = deps;
  const now = deps.now ?? (() => Date.now());
  const rules = createCommunityRules({ linksMinAgeHours: deps.linksMinAgeHours, now });

  // ---------- Reading ----------

  async function list(
    chapterUuid: string,
    query: CommentsQuery,
    viewer: AuthUser | null,
  ): Promise<{ result: Comment[]; total: number; comments_count?: number }> {
    const chapter = await repo.findCommentableChapter(db, chapterUuid);
    if (!chapter) throw chapterNotFound();
    const viewerId = viewer?.id ?? null;
    let parentId: number | null = null;
    let counted = chapter.top_comments_count;
    if (query.parent_uuid !== undefined) {
      const parent = await repo.findCommentByUuid(db, query.parent_uuid);
      // A thread readers cannot see (held or hidden, not the caller's) is not there for them.
      const visibleToViewer =
        parent &&
        (parent.state === 'visible' || parent.state === 'deleted' || parent.user_id === viewerId) &&
        parent.chapter_id === chapter.id &&
        parent.parent_id === null;
      if (!visibleToViewer) throw commentNotFound();
      parentId = parent.id;
      counted = parent.replies_count;
    }
    const sort = query.sort ?? (parentId === null ? 'newest' : 'oldest');
    // The exact number of rows the page walks over: the counters plus the few they do not count.
    const total = counted + (await repo.countListedNotVisible(db, chapter.id, parentId, viewerId));
    // The chapter's figure (replies included) rides on its top-level pages, so the comments heading
    // shows what the chapter list shows, with no call of its own.
    const chapterCount = parentId === null ? { comments_count: chapter.comments_count } : {};
    const offset = (query.page - 1) * query.page_size;
    if (offset >= total) return { result: [], total, ...chapterCount };
    const limit = Math.min(query.page_size, total - offset);
    // A page past the middle is walked from the other end of the index range: a page is never more
    // than half the thread's entries away from where its walk starts.
    const fromEnd = offset > total - offset - limit;
    const rows = await repo.findPage(db, {
      chapterId: chapter.id,
      parentId,
      sort,
      offset: fromEnd ? total - offset - limit : offset,
      limit,
      viewerId,
      fromEnd,
    });
    return { result: await viewsOf(rows, viewerId), total, ...chapterCount };
  }

  // ---------- Rules shared by posting and editing ----------

  async function refuseLocked(chapterUuid: string, user: AuthUser): Promise<void> {
    const access = await deps.chapterAccess(chapterUuid, user);
    if (access === 'missing') throw chapterNotFound();
    if (!mayRead(access)) {
      throw new AppError(ErrorCode.MEMBERSHIP_REQUIRED, 403, 'Only readers who can read this chapter may comment on it');
    }
  }

  const refuseClosed = (closed: number) => {
    if (closed === 1) throw new AppError(ErrorCode.COMMENTS_CLOSED, 403, 'Comments are closed on this book');
  };

  // ---------- Writing ----------

  async function post(user: AuthUser, chapterUuid: string, input: PostCommentBody, beforeStore: BeforeStore): Promise<Comment> {
    const text = cleanCommunityText(input.body);
    const chapter = await repo.findCommentableChapter(db, chapterUuid);
    if (!chapter) throw chapterNotFound();
    // One level of replies: a reply to a reply joins its top-level comment's thread.
    let parentId: number | null = null;
    let answeredId: number | null = null;
    if (input.parent_uuid !== undefined) {
      const answered = await repo.findCommentByUuid(db, input.parent_uuid);
      if (!answered || answered.chapter_id !== chapter.id || answered.state !== 'visible') throw commentNotFound();
      answeredId = answered.id;
      parentId = answered.parent_id ?? answered.id;
      if (answered.parent_id !== null) {
        if ((await repo.commentState(db, answered.parent_id)) !== 'visible') throw commentNotFound();
      }
    }
    refuseClosed(chapter.comments_closed);
    await rules.refuseBanned(db, user.id);
    await refuseLocked(chapterUuid, user);
    await rules.refuseYoungLinks(db, user.id, text, 'body');

    const at = now();
    const hash = bodyHash(text);
    const id = await domainEvents.transact(async (trx) => {
      await repo.lockAuthor(trx, user.id);
      await refuseLeftReader(trx, user.id);
      const recent = await repo.recentCommentTimes(trx, user.id, at - COMMENT_FLOOD.hourMs, COMMENT_FLOOD.perHour);
      const retryAfter = floodRetryAfter(
        recent.map((r) => r.created_at),
        at,
      );
      if (retryAfter !== null) {
        throw new AppError(
          ErrorCode.RATE_LIMITED,
          429,
          `You are commenting too fast; try again in ${retryAfter} seconds`,
          undefined,
          retryAfter,
        );
      }
      if (await repo.postedSameText(trx, user.id, hash, at - COMMENT_FLOOD.repeatWindowMs)) {
        throw new AppError(ErrorCode.DUPLICATE_COMMENT, 409, 'You already posted this text');
      }
      // The address's allowance last, inside the transaction: only a comment about to be stored
      // counts. It is one count in the rate-limit store (memory, or a Redis round trip with
      // REDIS_URL) while the reader's row is locked on PostgreSQL, or SQLite's one connection is
      // held. A refusal here rolls back: nothing is written yet.
      await beforeStore();
      const { text: body, held } = await rules.filtered(trx, text);
      const state: CommentState = held ? 'held' : 'visible';
      // Checked again under the lock, before the reply's row share-locks it: a moderator hiding the
      // thread meanwhile must not miss a reply in the replies it takes out of the chapter's figure.
      if (parentId !== null && (await lockThreadParent(trx, parentId)) !== 'visible') throw commentNotFound();
      const commentId = await repo.insertComment(trx, {
        uuid: randomUUID(),
        book_id: chapter.book_id,
        chapter_id: chapter.id,
        user_id: user.id,
        parent_id: parentId,
        body,
        spoiler: input.spoiler ? 1 : 0,
        state,
        body_hash: hash,
        created_at: at,
      });
      if (state !== 'visible') return commentId;
      await countNewVisibleComment(trx, chapter.id, parentId);
      const alertId =
        answeredId === null ? null : await recordReplyAlert(trx, { replyId: commentId, parentId: answeredId, replyAuthorId: user.id, at });
      if (alertId !== null) await domainEvents.raise(trx, { type: 'reply-alert-recorded', alertId });
      return commentId;
    });
    return (await viewsOf([await repo.findPageRow(db, id, user.id)], user.id))[0]!;
  }

  /**
   * Comments as the caller sees them. The upheld report reason is looked up only for the caller's
   * own comments a moderator hid (almost always none on a page: no query then).
   */
  async function viewsOf(rows: readonly (CommentViewRow & { id: number })[], viewerId: number | null): Promise<Comment[]> {
    const hiddenMine = rows.filter((row) => row.state === 'hidden' && viewerId !== null && row.user_id === viewerId).map((row) => row.id);
    const reasons = hiddenMine.length > 0 ? await repo.upheldReportReasons(db, hiddenMine) : new Map<number, CommentReportReason>();
    return rows.map((row) => commentView(row, viewerId, reasons.get(row.id) ?? null));
  }

  /** The caller's own comment that is not deleted, or 404 / 403. */
  async function ownComment(user: AuthUser, commentUuid: string) {
    const comment = await repo.findCommentByUuid(db, commentUuid);
    if (!comment || comment.state === 'deleted') throw commentNotFound();
    if (comment.user_id !== user.id) throw new AppError(ErrorCode.FORBIDDEN, 403, 'Only its author may change this comment');
    return comment;
  }

  async function edit(user: AuthUser, commentUuid: string, input: EditCommentBody): Promise<Comment> {
    const text = input.body === undefined ? undefined : cleanCommunityText(input.body);
    const comment = await ownComment(user, commentUuid);
    if (text !== undefined) {
      refuseClosed(comment.comments_closed);
      await rules.refuseBanned(db, user.id);
      await refuseLocked(comment.chapter_uuid, user);
      await rules.refuseYoungLinks(db, user.id, text, 'body');
    }
    await db.transaction().execute(async (trx) => {
      // A new text is checked against the reader's other comments as a post is, so the reader's
      // row is locked first, as a post locks it (two edits, or an edit and a post, into the same
      // text at once cannot both pass); then the top-level comment, then the comment, the order of
      // every writer (comment-state.repository.ts).
      if (text !== undefined) await repo.lockAuthor(trx, user.id);
      if (comment.parent_id !== null) await lockThreadParent(trx, comment.parent_id);
      const current = await repo.lockComment(trx, comment.id);
      if (!current || current.state === 'deleted') throw commentNotFound();
      const changes: { body?: string; body_hash?: string; edited_at?: number; spoiler?: number } = {};
      if (input.spoiler !== undefined && (input.spoiler ? 1 : 0) !== current.spoiler) changes.spoiler = input.spoiler ? 1 : 0;
      let next: CommentState = current.state;
      if (text !== undefined) {
        const hash = bodyHash(text);
        // The repeat rule of posting: editing a comment into a text the reader posted in another
        // comment within 24 hours would post it twice. A text that counts as this comment's own
        // (a changed case or spacing) is no repeat.
        if (
          hash !== current.body_hash &&
          (await repo.postedSameText(trx, user.id, hash, now() - COMMENT_FLOOD.repeatWindowMs, comment.id))
        ) {
          throw new AppError(ErrorCode.DUPLICATE_COMMENT, 409, 'You already posted this text');
        }
        const { text: body, held } = await rules.filtered(trx, text);
        if (body !== current.body) Object.assign(changes, { body, body_hash: hash, edited_at: now() });
        // The filter decides again: a held comment edited clean is shown; a moderator's hide stays.
        if (held && current.state === 'visible') next = 'held';
        if (!held && current.state === 'held') next = 'visible';
      }
      if (Object.keys(changes).length > 0) await repo.updateComment(trx, comment.id, changes);
      if (next !== current.state) await setCommentState(trx, comment.id, next);
    });
    return (await viewsOf([await repo.findPageRow(db, comment.id, user.id)], user.id))[0]!;
  }

  async function remove(user: AuthUser, commentUuid: string): Promise<{ deleted: true }> {
    const comment = await ownComment(user, commentUuid);
    await db.transaction().execute((trx) => setCommentState(trx, comment.id, 'deleted'));
    return { deleted: true };
  }

  /** A comment readers see (likes and reports are for those only). */
  async function visibleComment(commentUuid: string) {
    const comment = await repo.findCommentByUuid(db, commentUuid);
    if (!comment || comment.state !== 'visible') throw commentNotFound();
    return comment;
  }

  async function like(user: AuthUser, commentUuid: string, liked: boolean): Promise<{ likes: number; already_liked: boolean }> {
    const comment = await visibleComment(commentUuid);
    const likes = await db.transaction().execute(async (trx) => {
      if (liked) {
        await refuseLeftReader(trx, user.id);
        if (await repo.insertLikeOnce(trx, comment.id, user.id, now())) return repo.moveLikes(trx, comment.id, 1);
      } else if (await repo.deleteLike(trx, comment.id, user.id)) {
        return repo.moveLikes(trx, comment.id, -1);
      }
      return repo.likesOf(trx, comment.id);
    });
    return { likes, already_liked: liked };
  }

  async function report(user: AuthUser, commentUuid: string, input: ReportCommentBody): Promise<{ reported: true }> {
    const comment = await visibleComment(commentUuid);
    if (comment.user_id === user.id) throw new AppError(ErrorCode.CONFLICT, 409, 'You cannot report your own comment');
    const detail =
      input.detail === undefined || input.detail.trim() === ''
        ? null
        : cleanCommunityText(input.detail, { field: 'detail', maxLength: COMMENT_REPORT_DETAIL_MAX });
    await db.transaction().execute(async (trx) => {
      await refuseLeftReader(trx, user.id);
      const created = await repo.insertReportOnce(trx, {
        comment_id: comment.id,
        reporter_id: user.id,
        reason: input.reason,
        detail,
        created_at: now(),
      });
      if (created) await repo.addOpenReport(trx, comment.id);
    });
    return { reported: true };
  }

  async function standing(user: AuthUser): Promise<CommunityStanding> {
    const [ban, linksAt] = await Promise.all([rules.activeBan(db, user.id), rules.linksAllowedAt(db, user.id)]);
    return {
      banned: ban !== null,
      ban_reason: ban?.reason ?? null,
      banned_until: ban?.until == null ? null : toIso(ban.until),
      links_allowed: linksAt === null,
      links_allowed_at: linksAt === null ? null : toIso(linksAt),
    };
  }

  return { list, post, edit, remove, like, report, standing };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
