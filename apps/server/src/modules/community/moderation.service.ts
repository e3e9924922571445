import {
  BAN_HIDE_RECENT_DAYS,
  COMMENT_REPORT_REASONS,
  ErrorCode,
  WORD_FILTER_MAX_ENTRIES,
  WORD_FILTER_PATTERN_MAX,
  type CommentBan,
  type HeldComment,
  type HeldQuery,
  type ModerationComment,
  type ModerationReview,
  type Paged,
  type PutBanBody,
  type ReportedComment,
  type ReportsQuery,
  type AdminReviewsQuery,
  type WordFilter,
} from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { pickTranslation } from '../../lib/language.js';
import { DAY_MS, fromIsoOrNull, toIso } from '../../lib/time.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import { consoleTitles } from '../catalogue/console-titles.js';
import { setCommentState } from './comment-state.repository.js';
import { cleanCommunityText } from './community-text.js';
import * as repo from './moderation.repository.js';
import { applyWordFilter, foldPattern } from './word-filter.js';

/** How a moderator's action moves a comment, and what its open reports become. */
const ACTIONS = {
  hide: { state: 'hidden', resolution: 'hidden', audit: 'comment.hide' },
  show: { state: 'visible', resolution: 'dismissed', audit: 'comment.show' },
  delete: { state: 'deleted', resolution: 'deleted', audit: 'comment.delete' },
} as const;
export type CommentAction = keyof typeof ACTIONS;

const READER_COMMENTS = 20;
const BAN_HIDE_MAX = 500;

const notFound = (code: ErrorCode, what: string) => new AppError(code, 404, `No ${what} with this id`);

/**
 * The moderators' tools (issue 31, docs/COMMUNITY.md "Moderation"): the reports queue and held
 * comments, hide / show / delete / dismiss, bans, the word filter, the per-book switch and review
 * hiding. Every change is written with its audit row in one transaction; a change that finds the
 * thing already so (another moderator was first) writes nothing and says `changed: false`.
 */
export function createModerationService(deps: { db: Db; audit: AuditService; enabled: boolean; now?: () => number }) {
  const { db, audit } = deps;
  const now = deps.now ?? Date.now;

  /** Comments as the console shows them, in the order of `ids`. */
  async function describe(executor: DbExecutor, ids: readonly number[], language: string | undefined): Promise<ModerationComment[]> {
    const rows = await repo.findCommentsByIds(executor, ids);
    const books = new Map(rows.map((row) => [row.book_id, { id: row.book_id, original_language: row.original_language }]));
    const [titles, chapterRows, parents, banned] = await Promise.all([
      consoleTitles(executor, [...books.values()], language),
      repo.chapterTitles(executor, [...new Set(rows.map((row) => row.chapter_id))]),
      repo.parentUuids(executor, [...new Set(rows.flatMap((row) => (row.parent_id === null ? [] : [row.parent_id])))]),
      repo.bannedAmong(executor, [...new Set(rows.map((row) => row.author_id))], now()),
    ]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      const title = titles.get(row.book_id);
      const chapterTitle = pickTranslation(
        chapterRows.filter((c) => c.chapter_id === row.chapter_id),
        language ?? row.original_language,
        row.original_language,
      );
      return [
        {
          comment_uuid: row.uuid,
          parent_uuid: row.parent_id === null ? null : (parents.get(row.parent_id) ?? null),
          body: row.body,
          spoiler: row.spoiler === 1,
          state: row.state,
          created_at: toIso(Number(row.created_at)),
          edited_at: row.edited_at === null ? null : toIso(Number(row.edited_at)),
          likes: row.likes,
          open_reports: row.open_reports,
          author: { uuid: row.author_uuid, username: row.author_username, banned: banned.has(row.author_id) },
          book: { uuid: row.book_uuid, title: title?.title ?? '', title_language: title?.language ?? row.original_language },
          chapter: { uuid: row.chapter_uuid, number: row.chapter_number, title: chapterTitle?.title ?? '' },
        },
      ];
    });
  }

  async function reports(query: ReportsQuery): Promise<Paged<ReportedComment>> {
    const pageSize = query.page_size ?? 50;
    const { ids, total } = await repo.reportedPage(db, { state: query.state }, (query.page ?? 0) * pageSize, pageSize);
    const [comments, open] = await Promise.all([describe(db, ids, query.language), repo.openReportsOf(db, ids)]);
    const items = comments.flatMap((comment, index): ReportedComment[] => {
      const mine = open.filter((report) => report.comment_id === ids[index]);
      const latest = mine[0];
      // Resolved between the two reads by another moderator: left out of this page.
      if (!latest) return [];
      const counts = new Map<string, number>();
      for (const report of mine) counts.set(report.reason, (counts.get(report.reason) ?? 0) + 1);
      return [
        {
          comment,
          report_count: mine.length,
          reasons: [...counts]
            .map(([reason, count]) => ({ reason: asReason(reason), count }))
            .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
          latest_report: {
            reporter: { uuid: latest.reporter_uuid, username: latest.reporter_username },
            reason: asReason(latest.reason),
            detail: latest.detail,
            created_at: toIso(Number(latest.created_at)),
          },
        },
      ];
    });
    return { items, total };
  }

  async function held(query: HeldQuery): Promise<Paged<HeldComment>> {
    const pageSize = query.page_size ?? 50;
    const { ids, total } = await repo.heldPage(db, (query.page ?? 0) * pageSize, pageSize);
    const [comments, filters] = await Promise.all([describe(db, ids, query.language), repo.listWordFilters(db)]);
    return { items: comments.map((comment) => ({ comment, matched: applyWordFilter(comment.body, filters).matched })), total };
  }

  async function commentIdOf(uuid: string): Promise<number> {
    const row = await repo.findCommentIdByUuid(db, uuid);
    if (!row) throw notFound(ErrorCode.COMMENT_NOT_FOUND, 'comment');
    return row.id;
  }

  /**
   * Hide, show (unhide or approve a held one) or delete: the state through setCommentState (it locks
   * the row and keeps the visible-comment counters), then the comment's open reports resolved. The
   * audit row is written only when something changed.
   */
  async function act(actor: Actor & { userId: number }, uuid: string, action: CommentAction) {
    const id = await commentIdOf(uuid);
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
    const [comment] = await describe(db, [id], undefined);
    return { comment: comment!, changed: outcome.changed, resolved_reports: outcome.resolved };
  }

  /** The reports were not worth acting on: resolved 'dismissed', the comment untouched. */
  async function dismiss(actor: Actor & { userId: number }, uuid: string) {
    const id = await commentIdOf(uuid);
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
    const [comment] = await describe(db, [id], undefined);
    return { comment: comment!, changed: resolved > 0, resolved_reports: resolved };
  }

  // Bans -------------------------------------------------------------------------------------------

  const toBan = (row: repo.BanRow): CommentBan => ({
    user: { uuid: row.uuid, username: row.username },
    reason: row.reason,
    until: row.until === null ? null : toIso(Number(row.until)),
    created_at: toIso(Number(row.created_at)),
    created_by: row.created_by_name,
  });

  async function userOf(uuid: string) {
    const user = await repo.findUserByUuid(db, uuid);
    if (!user) throw notFound(ErrorCode.USER_NOT_FOUND, 'reader');
    return user;
  }

  /**
   * Bans a reader from commenting and rating until `until` (an instant in the future) or for good
   * (null). A new ban replaces the one before. With `hide_recent_comments`, their visible comments
   * of the last 7 days are hidden too (each through setCommentState, their reports resolved).
   */
  async function ban(actor: Actor & { userId: number }, userUuid: string, body: PutBanBody) {
    const user = await userOf(userUuid);
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
    const user = await userOf(userUuid);
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
    const user = await userOf(userUuid);
    const [row, ids] = await Promise.all([repo.activeBanOf(db, user.id, now()), repo.latestCommentIdsOf(db, user.id, READER_COMMENTS)]);
    return { ban: row ? toBan(row) : null, comments: await describe(db, ids, language) };
  }

  // Word filter ------------------------------------------------------------------------------------

  const toFilter = (row: { id: number; pattern: string; action: 'mask' | 'hold'; created_at: number }): WordFilter => ({
    id: row.id,
    pattern: row.pattern,
    action: row.action,
    created_at: toIso(Number(row.created_at)),
  });

  async function wordFilters(): Promise<Paged<WordFilter>> {
    const rows = await repo.listWordFilters(db);
    return { items: rows.map(toFilter), total: rows.length };
  }

  /**
   * A new entry: cleaned as comment text is, on one line, 1–64 characters, and stored folded (as
   * the filter compares), so "Spam", "SPAM" and "spám" are one entry: the second is refused 409.
   */
  async function addWordFilter(actor: Actor, body: { pattern: string; action: 'mask' | 'hold' }): Promise<WordFilter> {
    const cleaned = cleanCommunityText(body.pattern, { field: 'pattern', maxLength: WORD_FILTER_PATTERN_MAX });
    if (cleaned.includes('\n'))
      throw new AppError(ErrorCode.VALIDATION_FAILED, 400, 'A word filter entry is one line', [
        { field: 'pattern', message: 'must be one line' },
      ]);
    const pattern = foldPattern(cleaned);
    if (pattern.length === 0 || [...pattern].length > WORD_FILTER_PATTERN_MAX)
      throw new AppError(ErrorCode.VALIDATION_FAILED, 400, `A word filter entry has 1 to ${WORD_FILTER_PATTERN_MAX} characters`, [
        { field: 'pattern', message: `must have 1 to ${WORD_FILTER_PATTERN_MAX} characters` },
      ]);
    return db.transaction().execute(async (trx) => {
      if ((await repo.countWordFilters(trx)) >= WORD_FILTER_MAX_ENTRIES)
        throw new AppError(ErrorCode.CONFLICT, 409, `The word filter holds at most ${WORD_FILTER_MAX_ENTRIES} entries`);
      const values = { pattern, action: body.action, created_at: now() };
      const id = await repo.insertWordFilterIfNew(trx, values);
      if (id === null) throw new AppError(ErrorCode.CONFLICT, 409, `The word filter has "${pattern}" already`);
      await audit.recordWithin(trx, actor, {
        action: 'word_filter.create',
        targetType: 'word_filter',
        targetId: id,
        before: null,
        after: { pattern, action: body.action },
      });
      return toFilter({ id, ...values });
    });
  }

  async function removeWordFilter(actor: Actor, id: number): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const row = await repo.findWordFilter(trx, id);
      if (!row || !(await repo.deleteWordFilter(trx, id))) throw notFound(ErrorCode.NOT_FOUND, 'word filter entry');
      await audit.recordWithin(trx, actor, {
        action: 'word_filter.delete',
        targetType: 'word_filter',
        targetId: id,
        before: { pattern: row.pattern, action: row.action },
        after: null,
      });
    });
  }

  /** What a sample text becomes under today's filter (nothing stored). */
  async function previewWordFilter(text: string) {
    return applyWordFilter(text, await repo.listWordFilters(db));
  }

  // Books and reviews ------------------------------------------------------------------------------

  async function bookOf(uuid: string) {
    const book = await repo.findBookByUuid(db, uuid);
    if (!book) throw notFound(ErrorCode.BOOK_NOT_FOUND, 'book');
    return book;
  }

  async function bookComments(uuid: string) {
    const book = await bookOf(uuid);
    return { book_uuid: book.uuid, closed: book.comments_closed === 1 };
  }

  /** Closes or opens a book's comments: existing ones stay readable, no new ones while closed. */
  async function setBookComments(actor: Actor, uuid: string, closed: boolean) {
    const book = await bookOf(uuid);
    await db.transaction().execute(async (trx) => {
      if (!(await repo.setBookCommentsClosed(trx, book.id, closed))) return;
      await audit.recordWithin(trx, actor, {
        action: 'book.comments',
        targetType: 'book',
        targetId: book.uuid,
        before: { comments_closed: !closed },
        after: { comments_closed: closed },
      });
    });
    return { book_uuid: book.uuid, closed };
  }

  async function reviews(query: AdminReviewsQuery): Promise<Paged<ModerationReview>> {
    const pageSize = query.page_size ?? 50;
    const book = query.book_uuid === undefined ? undefined : await repo.findBookByUuid(db, query.book_uuid);
    if (query.book_uuid !== undefined && !book) return { items: [], total: 0 };
    const { rows, total } = await repo.reviewsPage(db, { state: query.state, bookId: book?.id }, (query.page ?? 0) * pageSize, pageSize);
    const titles = await consoleTitles(
      db,
      [...new Map(rows.map((row) => [row.book_id, { id: row.book_id, original_language: row.original_language }])).values()],
      query.language,
    );
    return {
      items: rows.map((row) => ({
        book: {
          uuid: row.book_uuid,
          title: titles.get(row.book_id)?.title ?? '',
          title_language: titles.get(row.book_id)?.language ?? row.original_language,
        },
        user: { uuid: row.user_uuid, username: row.username },
        score: row.score,
        review: row.review ?? '',
        review_state: row.review_state,
        updated_at: toIso(Number(row.updated_at)),
      })),
      total,
    };
  }

  /** Hides a review or shows it again (a held one approved): the score keeps counting either way. */
  async function setReviewState(actor: Actor, bookUuid: string, userUuid: string, state: 'visible' | 'hidden') {
    const [book, user] = await Promise.all([bookOf(bookUuid), userOf(userUuid)]);
    return db.transaction().execute(async (trx) => {
      const rating = await repo.lockRating(trx, book.id, user.id);
      if (!rating || rating.review === null || rating.review === '')
        throw new AppError(ErrorCode.NOT_FOUND, 404, 'This reader has no review of this book');
      if (rating.review_state === state) return { review_state: state, changed: false };
      await repo.setReviewState(trx, book.id, user.id, state);
      await audit.recordWithin(trx, actor, {
        action: state === 'hidden' ? 'review.hide' : 'review.show',
        targetType: 'book',
        targetId: book.uuid,
        before: { review_of: user.uuid, review_state: rating.review_state },
        after: { review_of: user.uuid, review_state: state },
      });
      return { review_state: state, changed: true };
    });
  }

  return {
    enabled: deps.enabled,
    reports,
    held,
    act,
    dismiss,
    ban,
    liftBan,
    bans,
    reader,
    wordFilters,
    addWordFilter,
    removeWordFilter,
    previewWordFilter,
    bookComments,
    setBookComments,
    reviews,
    setReviewState,
  };
}

function asReason(value: string): (typeof COMMENT_REPORT_REASONS)[number] {
  return (COMMENT_REPORT_REASONS as readonly string[]).includes(value) ? (value as (typeof COMMENT_REPORT_REASONS)[number]) : 'other';
}

export type ModerationService = ReturnType<typeof createModerationService>;
