import type { Db, DbExecutor } from '../../db/database.js';
import type { AuthUser } from '../../http/request-user.js';
import * as repo from './access.repository.js';
import { chapterAccessOf, grantStands, type ChapterAccess } from './chapter-access.js';
import { chapterTermsOf, readerTermsOf } from './chapter-access.sql.js';
import type { Audiences } from './audiences.js';
import { mayOpen, openableRatings } from './content-rating.js';

/** A chapter's access for a reader at this moment, or 'missing' for an unknown or unpublished chapter. */
export type ChapterAccessOrMissing = ChapterAccess | 'missing';

/**
 * The one door to paid content for the paths that ask about a chapter by its id (comments, OPDS
 * pages, texts, manifests and feeds, `/media`); the chapter answer asks the same rule with the
 * terms its own one-statement read selected (reading.service.ts). A chapter of a book the reader
 * may not open (issue 61, the content rating rule: content-rating.ts) is missing for them here.
 */
export function createAccessService(deps: { db: Db; audiences: Pick<Audiences, 'general' | 'forOpening'>; now?: () => number }) {
  const { db, audiences } = deps;
  const now = deps.now ?? (() => Date.now());

  /** Whether `user` may open books of each rating in `ratings` (the content rating rule, audiences.ts `forOpening`). */
  async function openableBy(user: AuthUser | null, ratings: Iterable<string>, executor?: DbExecutor): Promise<(rating: string) => boolean> {
    const audience = await audiences.forOpening(user, ratings, executor);
    return (rating) => audience === null || mayOpen(audience, rating);
  }

  async function chapterAccess(chapterUuid: string, user: AuthUser | null): Promise<ChapterAccessOrMissing> {
    const row = await repo.findChapterTerms(db, chapterUuid, user?.id ?? null);
    if (!row) return 'missing';
    if (!(await openableBy(user, [row.content_rating]))(row.content_rating)) return 'missing';
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
    const found = await repo.findTermsOfChapters(db, chapterUuids, user?.id ?? null);
    const opens = await openableBy(user, new Set(found.map((row) => row.content_rating)));
    const rows = found.filter((row) => opens(row.content_rating));
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
    const opens = await openableBy(user, new Set(terms.chapters.map((row) => row.content_rating)), executor);
    const at = now();
    return terms.chapters
      .filter((row) => opens(row.content_rating))
      .map((row) => {
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
    isPublicPage: async (mediaKey: string) => repo.isPublicPage(db, mediaKey, openableRatings(await audiences.general())),
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
