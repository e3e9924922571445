import { ErrorCode, type Language, type MarkAlertsReadBody, type ReplyAlert } from '@inkstream/contracts';
import type { Db } from '../../db/database.js';
import { badRequest } from '../../lib/app-error.js';
import { pickTranslation } from '../../lib/language.js';
import { toIso } from '../../lib/time.js';
import * as repo from './reply-alerts.repository.js';
import { excerpt } from './reply-alerts.text.js';

/**
 * The library's Alerts tab (docs/COMMUNITY.md "Reply alerts"): the replies to the reader's
 * comments, newest first, and marking them read. What an alert shows is talk, not content: the
 * reply's and the reader's comment's first characters, who replied, and the chapter's and book's
 * names; never a page. An alert whose reply or chapter can no longer be seen is left out of the
 * list and of both counts (reply-alerts.repository.ts).
 */
export function createReplyAlertsService(deps: { db: Db; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  async function list(
    userId: number,
    query: { page: number; page_size: number; language: Language },
  ): Promise<{ result: ReplyAlert[]; total: number; unread: number }> {
    const offset = (query.page - 1) * query.page_size;
    const [rows, counts] = await Promise.all([repo.listAlerts(db, userId, offset, query.page_size), repo.countAlerts(db, userId)]);
    const [bookTitles, chapterTitles] = await Promise.all([
      repo.listBookTitles(db, [...new Set(rows.map((row) => row.book_id))]),
      repo.listChapterTitles(db, [...new Set(rows.map((row) => row.chapter_id))]),
    ]);
    const result = rows.map((row): ReplyAlert => {
      const bookTitle = pickTranslation(
        bookTitles.filter((t) => t.book_id === row.book_id),
        query.language,
        row.original_language,
      );
      const chapterTitle = pickTranslation(
        chapterTitles.filter((t) => t.chapter_id === row.chapter_id),
        query.language,
        row.original_language,
      );
      return {
        alert_id: row.id,
        created_at: toIso(Number(row.created_at)),
        read: row.read_at !== null,
        reply: {
          comment_uuid: row.reply_uuid,
          body: excerpt(row.reply_body),
          spoiler: row.reply_spoiler === 1,
          user: { uuid: row.replier_uuid, username: row.replier_username },
        },
        // The reader's own comment: its text even while held or hidden (they wrote it), none once deleted.
        parent: {
          comment_uuid: row.parent_uuid,
          body: row.parent_state === 'deleted' ? '' : excerpt(row.parent_body),
        },
        chapter: { chapter_uuid: row.chapter_uuid, chapter_number: row.chapter_number, title: chapterTitle?.title ?? '' },
        book: { book_uuid: row.book_uuid, title: bookTitle?.title ?? '' },
      };
    });
    return { result, ...counts };
  }

  /** Marks some (the caller's own; others' ids change nothing) or all read; answers the unread count left. */
  async function markRead(userId: number, body: MarkAlertsReadBody): Promise<{ unread: number }> {
    const hasIds = body.alert_ids !== undefined;
    const hasAll = body.all === true;
    if (hasIds === hasAll) throw badRequest(ErrorCode.VALIDATION_FAILED, 'Give either alert_ids (1 to 100 ids) or all: true');
    await repo.markRead(db, userId, hasAll ? 'all' : [...new Set(body.alert_ids)], now());
    return { unread: await repo.countUnread(db, userId) };
  }

  const unreadCount = (userId: number) => repo.countUnread(db, userId);

  return { list, markRead, unreadCount };
}

export type ReplyAlertsService = ReturnType<typeof createReplyAlertsService>;
