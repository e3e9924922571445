import { pagePath } from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../db/database.js';
import { pickTranslation } from '../../lib/language.js';
import { DAY_MS } from '../../lib/time.js';
import { queueMail } from '../mail/mail-queue.js';
import { mailRecipientOf } from '../users/mail-recipient.js';
import type { NoticeStepOptions } from './reminders.js';
import * as noticesRepo from './notices.repository.js';
import { letOthersRun } from '../../lib/concurrency.js';
import { repliesForDigest } from '../community/reply-alerts.digest.js';

/** At most one digest a day per reader (issue 28). */
export const DIGEST_EVERY_MS = DAY_MS;
/** A reader with nothing new is looked at again after this long. */
export const DIGEST_RECHECK_MS = 60 * 60_000;
/**
 * Chapters count from this long ago backwards: a chapter's created_at is its publication moment
 * (set again when a scheduled release or an administrator publishes it), written inside a
 * transaction that may commit a little later; the settling time keeps such a chapter out of a
 * digest until it is surely visible, so it falls into the next one instead of none.
 */
export const DIGEST_SETTLE_MS = 10 * 60_000;
/** Chapters listed in one message at most (the rest are still on the book's page). */
export const DIGEST_MAX_CHAPTERS = 100;

export interface DigestBook {
  title: string;
  items: string[];
  href: string;
}

/**
 * The new chapters of the reader's followed books published in (since, through]: per book, in
 * chapter order. Reads the reader's follows (book_follows primary key, user first) and, per
 * book, its chapters by chapters_book_created_idx (book_id, created_at).
 */
export async function newChaptersOf(
  db: DbExecutor,
  reader: { userId: number; language: string },
  since: number,
  through: number,
  publicUrl: string,
): Promise<DigestBook[]> {
  const rows = await noticesRepo.listFollowedNewChapters(db, reader.userId, since, through, DIGEST_MAX_CHAPTERS);
  if (rows.length === 0) return [];
  const bookIds = [...new Set(rows.map((r) => r.book_id))];
  const chapterIds = rows.map((r) => r.chapter_id);
  const [bookTitles, chapterTitles] = await Promise.all([
    noticesRepo.listBookTitles(db, bookIds),
    noticesRepo.listChapterTitles(db, chapterIds),
  ]);
  const books = new Map<number, DigestBook>();
  for (const row of rows) {
    let book = books.get(row.book_id);
    if (!book) {
      const title = pickTranslation(
        bookTitles.filter((t) => t.book_id === row.book_id),
        reader.language,
        row.original_language,
      );
      book = { title: title?.title ?? '', items: [], href: `${publicUrl}${pagePath.book(row.book_uuid)}` };
      books.set(row.book_id, book);
    }
    const title = pickTranslation(
      chapterTitles.filter((t) => t.chapter_id === row.chapter_id),
      reader.language,
      row.original_language,
    );
    book.items.push(title?.title || `#${row.number}`);
  }
  return [...books.values()];
}

/**
 * The daily digest (housekeeping step): readers who joined it (mail_digest = 1) and are due
 * (users_digest_due_idx) get one `chapter-digest` listing the chapters of their followed books
 * published since their last one (users.digest_through), and the unread replies to their comments
 * of that time (docs/COMMUNITY.md "Reply alerts"), at most one a day (digest_due_at moves a
 * day on). With nothing new, nothing is sent and the reader is looked at again in an hour. The
 * move of digest_due_at is a conditional UPDATE in the same transaction as the outbox row: two runs
 * at once send one digest. Bounded: `batchSize` readers per batch, stops when the lease is lost.
 */
export async function sendDueDigests(db: Db, options: NoticeStepOptions): Promise<{ sent: number; batches: number }> {
  const { now, batchSize } = options;
  const through = now - DIGEST_SETTLE_MS;
  const done = { sent: 0, batches: 0 };
  while (await options.mayGoOn()) {
    const due = await noticesRepo.listDueDigests(db, now, batchSize);
    done.batches += 1;
    for (const row of due) {
      const dueAt = Number(row.digest_due_at);
      const sent = await options.domainEvents.transact(async (trx) => {
        const move = (next: number, covered: number | null) => noticesRepo.moveDigest(trx, row.id, dueAt, next, covered);
        const to = await mailRecipientOf(trx, row.id);
        // No confirmed address (yet): nothing to send; look again in a day.
        if (!to) return move(now + DIGEST_EVERY_MS, null).then(() => false);
        const since = row.digest_through == null ? through - DIGEST_EVERY_MS : Number(row.digest_through);
        if (since >= through) return move(now + DIGEST_RECHECK_MS, null).then(() => false);
        const reader = { userId: row.id, language: to.language };
        const books = await newChaptersOf(trx, reader, since, through, options.publicUrl);
        // Issue 31: unread replies to the reader's comments, when the community is on and the reader kept them on.
        const replies = options.community ? await repliesForDigest(trx, reader, since, through, options.publicUrl) : [];
        if (books.length === 0 && replies.length === 0) return move(now + DIGEST_RECHECK_MS, through).then(() => false);
        if (!(await move(now + DIGEST_EVERY_MS, through))) return false;
        const queued = await queueMail(
          trx,
          options.domainEvents,
          {
            kind: 'chapter-digest',
            to: to.to,
            userId: to.userId,
            language: to.language,
            list: 'digest',
            data: { username: to.username, list: books, replies },
          },
          now,
        );
        return queued.uuid !== null;
      });
      if (sent) done.sent += 1;
    }
    // Every reader read is due later now (moved here or by another run): a short batch is the last.
    if (due.length < batchSize) break;
    await letOthersRun();
  }
  return done;
}
