import type { Language } from '@inkstream/contracts';
import type { DbExecutor } from '../../db/database.js';
import { pickTranslation } from '../../lib/language.js';
import * as repo from './reply-alerts.repository.js';
import { chapterCommentsPath, excerpt, repliedText, spoilerText } from './reply-alerts.text.js';

/** Replies listed in one digest at most (the rest are in the library's Alerts tab). */
export const DIGEST_MAX_REPLIES = 50;

/** One line of the digest's "Replies to your comments": who replied where, the reply's first words, the link. */
export interface DigestReply {
  title: string;
  items: string[];
  href: string;
}

/**
 * The e-mail digest's "Replies to your comments" (notices/digest.ts): the reader's unread reply
 * alerts created in (since, through] that can still be seen, oldest first, when the reader kept
 * notify_replies on. Plain text only: the mail renderer escapes every value it puts into HTML, so a
 * reply reading `<script>` is shown as those characters. A reply marked as a spoiler is not quoted.
 */
export async function repliesForDigest(
  db: DbExecutor,
  reader: { userId: number; language: Language },
  since: number,
  through: number,
  publicUrl: string,
): Promise<DigestReply[]> {
  const rows = await repo.listDigestAlerts(db, reader.userId, since, through, DIGEST_MAX_REPLIES);
  if (rows.length === 0) return [];
  const titles = await repo.listBookTitles(db, [...new Set(rows.map((row) => row.book_id))]);
  return rows.map((row) => {
    const book = pickTranslation(
      titles.filter((t) => t.book_id === row.book_id),
      reader.language,
      row.original_language,
    );
    return {
      title: repliedText(reader.language, row.replier_username, book?.title ?? '', row.chapter_number),
      items: [row.reply_spoiler === 1 ? spoilerText(reader.language) : excerpt(row.reply_body)],
      href: `${publicUrl}${chapterCommentsPath(row.book_uuid, { chapter_uuid: row.chapter_uuid, chapter_number: row.chapter_number })}`,
    };
  });
}
