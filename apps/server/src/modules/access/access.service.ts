import type { Db, DbExecutor } from '../../db/database.js';
import type { AuthUser } from '../users/auth-user.js';
import * as repo from './access.repository.js';
import { chapterAccessOf, type ChapterAccess } from './chapter-access.js';
import { chapterTermsOf, readerTermsOf } from './chapter-access.sql.js';

/** A chapter's access for a reader at this moment, or 'missing' for an unknown or unpublished chapter. */
export type ChapterAccessOrMissing = ChapterAccess | 'missing';

/**
 * The one door to paid content for the paths that ask about a chapter by its id (comments, OPDS
 * pages, texts, manifests and feeds, `/media`); the chapter answer asks the same rule with the
 * terms its own one-statement read selected (reading.service.ts).
 */
export function createAccessService(deps: { db: Db; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? (() => Date.now());

  async function chapterAccess(chapterUuid: string, user: AuthUser | null): Promise<ChapterAccessOrMissing> {
    const row = await repo.findChapterTerms(db, chapterUuid, user?.id ?? null);
    if (!row) return 'missing';
    return chapterAccessOf(user && readerTermsOf(user.role, row), chapterTermsOf(row), now());
  }

  /**
   * Each chapter of one book's page (a feed) for `user`, with one read of the reader's terms and the
   * chapters' own (early access); a chapter that is not published is absent.
   */
  async function chaptersAccess(user: AuthUser, chapters: readonly { uuid: string }[]): Promise<Map<string, ChapterAccess>> {
    const terms = await repo.findReaderTermsOfChapters(
      db,
      user.id,
      chapters.map((chapter) => chapter.uuid),
    );
    const at = now();
    const answers = new Map<string, ChapterAccess>();
    for (const [uuid, row] of terms.chapters) {
      const reader = readerTermsOf(user.role, { membership_end: terms.membership_end, chapter_grant: row.chapter_grant });
      answers.set(uuid, chapterAccessOf(reader, chapterTermsOf(row), at));
    }
    return answers;
  }

  /**
   * Every published chapter of a book, in reading order, with the reader's access to each, read in
   * `executor` (a transaction that holds the reader's lock: coins unlock what this says is locked).
   */
  async function bookChaptersAccessWithin(
    executor: DbExecutor,
    user: AuthUser,
    bookId: number,
  ): Promise<{ id: number; uuid: string; number: number; access: ChapterAccess }[]> {
    const terms = await repo.findBookChapterTerms(executor, bookId, user.id);
    const at = now();
    return terms.chapters.map((row) => ({
      id: Number(row.id),
      uuid: row.uuid,
      number: row.number,
      access: chapterAccessOf(
        readerTermsOf(user.role, { membership_end: terms.membership_end, chapter_grant: row.chapter_grant }),
        chapterTermsOf(row),
        at,
      ),
    }));
  }

  return {
    bookChaptersAccessWithin,
    chapterAccess,
    chaptersAccess,
    isPublicPage: (mediaKey: string) => repo.isPublicPage(db, mediaKey),
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
