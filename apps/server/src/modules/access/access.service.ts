import type { Db, DbExecutor } from '../../db/database.js';
import type { AuthUser } from '../../http/request-user.js';
import * as repo from './access.repository.js';
import { chapterAccessOf, grantStands, type ChapterAccess } from './chapter-access.js';
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
   * The rule's answer for each of these chapters for `user` (null: a visitor) at one moment, with
   * one statement for the chapters' terms and the reader's; a chapter that is unknown or not
   * published now is absent. `membershipEnd` is the reader's membership end (null: none, a
   * visitor, or none of the chapters found), `at` the moment the rule was asked at.
   */
  async function chaptersAccessNow(
    user: AuthUser | null,
    chapterUuids: readonly string[],
  ): Promise<{ at: number; membershipEnd: number | null; chapters: Map<string, ChapterAccess>; grantEnds: Map<string, number> }> {
    const rows = await repo.findTermsOfChapters(db, chapterUuids, user?.id ?? null);
    const at = now();
    const chapters = new Map<string, ChapterAccess>();
    // Issue 59: the end of the grant a chapter is read by, where it has one (a rental).
    const grantEnds = new Map<string, number>();
    let membershipEnd: number | null = null;
    for (const row of rows) {
      const reader = user && readerTermsOf(user.role, row);
      membershipEnd = reader?.membershipEnd ?? null;
      const access = chapterAccessOf(reader, chapterTermsOf(row), at);
      chapters.set(row.uuid, access);
      if (access === 'granted' && reader?.chapterGrantUntil != null) grantEnds.set(row.uuid, reader.chapterGrantUntil);
    }
    return { at, membershipEnd, chapters, grantEnds };
  }

  /** Each chapter of one book's page (a feed) for `user`, as chaptersAccessNow answers it. */
  async function chaptersAccess(user: AuthUser, chapters: readonly { uuid: string }[]): Promise<Map<string, ChapterAccess>> {
    const uuids = chapters.map((chapter) => chapter.uuid);
    return (await chaptersAccessNow(user, uuids)).chapters;
  }

  /**
   * Every published chapter of a book, in reading order, with the reader's access to each, read in
   * `executor` (a transaction that holds the reader's lock: coins unlock what this says is locked).
   */
  async function bookChaptersAccessWithin(
    executor: DbExecutor,
    user: AuthUser,
    bookId: number,
  ): Promise<{ id: number; uuid: string; number: number; access: ChapterAccess; grantKind: string | null; grantUntil: number | null }[]> {
    const terms = await repo.findBookChapterTerms(executor, bookId, user.id);
    const at = now();
    return terms.chapters.map((row) => {
      const reader = readerTermsOf(user.role, { membership_end: terms.membership_end, ...row });
      const stands = reader.chapterGrant !== null && grantStands(reader.chapterGrantUntil, at);
      return {
        id: Number(row.id),
        uuid: row.uuid,
        number: row.number,
        access: chapterAccessOf(reader, chapterTermsOf(row), at),
        // Issue 59: the reader's standing grant of it (kind, and a rental's end), whatever else opens it.
        grantKind: stands ? reader.chapterGrant : null,
        grantUntil: stands ? (reader.chapterGrantUntil ?? null) : null,
      };
    });
  }

  return {
    bookChaptersAccessWithin,
    chapterAccess,
    chaptersAccess,
    chaptersAccessNow,
    isPublicPage: (mediaKey: string) => repo.isPublicPage(db, mediaKey),
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
