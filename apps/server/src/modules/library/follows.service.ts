import { ErrorCode, FOLLOWS_MAX, type LibraryItem, type LibrarySummary } from '@inkstream/contracts';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { resolveLanguage } from '../../lib/language.js';
import { toIso } from '../../lib/time.js';
import type { MediaUrls } from '../media/media-urls.js';
import * as repo from './follows.repository.js';
import { cardFields, loadTexts } from './library-texts.js';
import type { ProgressService } from './progress.service.js';
import { userReaderKey } from './reader-key.js';
import { refuseLeftReader } from '../users/account-guard.js';

export function createFollowsService(deps: { db: Db; media: MediaUrls; progress: ProgressService; now?: () => number }) {
  const { db, media, progress } = deps;
  const now = deps.now ?? Date.now;

  async function follow(userId: number, bookUuid: string): Promise<void> {
    const book = await repo.findPublishedBook(db, bookUuid);
    if (!book) throw notFound(ErrorCode.BOOK_NOT_FOUND, 'This book does not exist');
    if (await repo.isFollowing(db, userId, book.id)) return;
    if ((await repo.countFollows(db, userId)) >= FOLLOWS_MAX) {
      throw new AppError(ErrorCode.FOLLOW_LIMIT_REACHED, 409, `You can follow at most ${FOLLOWS_MAX} books; unfollow some first`);
    }
    await db.transaction().execute(async (trx) => {
      await refuseLeftReader(trx, userId);
      await repo.insertFollow(trx, userId, book.id, now());
    });
  }

  /** Unfollowing works for a book that was unpublished since (it stays out of the library anyway). */
  async function unfollow(userId: number, bookUuid: string): Promise<void> {
    const book = await repo.findBookId(db, bookUuid);
    if (!book) throw notFound(ErrorCode.BOOK_NOT_FOUND, 'This book does not exist');
    await repo.deleteFollow(db, userId, book.id);
  }

  const isFollowing = (userId: number, bookId: number) => repo.isFollowing(db, userId, bookId);

  async function library(userId: number, rawLanguage: string | undefined): Promise<LibraryItem[]> {
    const language = resolveLanguage(rawLanguage);
    const reader = userReaderKey(userId);
    const followed = await repo.findFollowedBooks(db, userId);
    const ids = followed.map((row) => row.book_id);
    const [unread, resume, texts] = await Promise.all([
      repo.countUnreadByBook(db, userId, reader),
      progress.resumeByBook(reader, ids, language),
      loadTexts(db, media, language, ids, []),
    ]);
    return followed.flatMap((row) => {
      const book = texts.books.get(row.book_id);
      if (!book) return [];
      return [
        {
          ...cardFields(book),
          total_chapters: book.total_chapters,
          updated_at: toIso(row.updated_at),
          followed_at: toIso(row.followed_at),
          unread_count: unread.get(row.book_id) ?? 0,
          resume: resume.get(row.book_id) ?? null,
        },
      ];
    });
  }

  async function summary(userId: number): Promise<LibrarySummary> {
    const unread = await repo.countUnreadByBook(db, userId, userReaderKey(userId));
    return { unread_books: [...unread.values()].filter((n) => n > 0).length };
  }

  return { follow, unfollow, isFollowing, library, summary };
}

export type FollowsService = ReturnType<typeof createFollowsService>;
