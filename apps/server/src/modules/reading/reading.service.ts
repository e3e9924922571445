import type { UnlockOffer } from '@inkstream/contracts';
import type { Audiences } from '../access/audiences.js';
import { refuseUnlessOpenable } from '../access/content-rating-refusal.js';
import {
  ErrorCode,
  type ChapterContentParams,
  type ChapterOpener,
  type ChapterRefusalCode,
  type PageImage,
  type PageSource,
} from '@inkstream/contracts';
import type { Db } from '../../db/database.js';
import type { DomainEvents } from '../../db/domain-events.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { resolveLanguage } from '../../lib/language.js';
import type { CatalogueVersion } from '../catalogue/catalogue-version.js';
import type { MediaUrls } from '../media/media-urls.js';
import {
  chapterAccessOf,
  isOpenToEveryone,
  mayRead,
  membershipOpens,
  type ChapterAccess,
  type ChapterTerms,
  type Refusal,
} from '../access/chapter-access.js';
import { toIso } from '../../lib/time.js';
import { chapterTermsOf, readerTermsOf } from '../access/chapter-access.sql.js';
import { authUserOf, invalidTokenError, type AuthUser } from '../users/auth-user.js';
import type { TokenClaims } from '../users/tokens.js';
import { answerJson, answerParts, type AnswerParts } from './chapter-answer.js';
import { createChapterCache } from './chapter-cache.js';
import type { CacheCounter } from '../metrics/cache-metrics.js';
import * as repo from './reading.repository.js';
import type { ReaderChangeFeed } from './reader-change-feed.js';
import { createReaderStateCache, type CachedAccount, type CachedChapter } from './reader-state-cache.js';
import { readSharedChapter, type SharedChapter, type StoredPage } from './shared-chapter.js';
import { refuseLeftReader } from '../users/account-guard.js';

type ReaderState = NonNullable<Awaited<ReturnType<typeof repo.findReaderState>>>;

/**
 * Who asks for a chapter: the user the auth hook authenticated (or null for a visitor), or, on
 * this route (`authInHandler`, plugins/auth.ts), the claims of a verified token whose account is
 * read and checked here, in the reader state's own statement.
 */
export type ChapterAsker = { user: AuthUser | null; claims?: TokenClaims | null };

const chapterNotFound = () => notFound(ErrorCode.CHAPTER_NOT_FOUND, 'This chapter does not exist');

/**
 * Each refusal of the access rule as the 403 says it. The codes are the contract's list
 * (CHAPTER_REFUSAL_CODES), which the web reader handles one by one (issue 56): a new refusal
 * needs its code there before this compiles.
 */
const REFUSALS = {
  members_only: { code: ErrorCode.MEMBERSHIP_REQUIRED, message: 'This chapter is only open to members' },
  expired: { code: ErrorCode.MEMBERSHIP_EXPIRED, message: 'Your membership has expired; top up to keep reading' },
  early_access: { code: ErrorCode.EARLY_ACCESS, message: 'This chapter is in early access: unlock it to read it now' },
} as const satisfies Record<Refusal, { code: ChapterRefusalCode; message: string }>;

export interface ReadingDeps {
  db: Db;
  /** Who is shown which books (issue 61): a chapter of a book the reader may not open is refused. */
  audiences: Pick<Audiences, 'forOpening'>;
  /** A like raises `chapter-like-changed`: the reader-state cache drops the liker and the count (wiring/after-commit.ts). */
  domainEvents: DomainEvents;
  media: MediaUrls;
  /** Drops the cached shared parts of chapters when the catalogue changes. */
  versions: CatalogueVersion;
  /**
   * Changes to accounts, memberships and likes (reader-change-feed.ts). While it is current, a
   * member's read is answered from memory (reader-state-cache.ts); without it, or while it is not,
   * every read runs its statement.
   */
  changes?: ReaderChangeFeed;
  now?: () => number;
  chapterCache?: { maxEntries?: number; maxBytes?: number };
  /** Hits and misses of the chapter cache and the reader-state cache, when metrics are on. */
  cacheCounters?: { chapter: CacheCounter; readerState: CacheCounter } | null;
  /** Coins (issue 42): what unlocking a refused chapter costs the reader; null where the book sells none. */
  unlockOffer?: (user: AuthUser | null, chapterUuid: string) => Promise<UnlockOffer | null>;
}

export function createReadingService(deps: ReadingDeps) {
  const { db, media } = deps;
  const now = deps.now ?? (() => Date.now());
  const chapters = createChapterCache({
    versions: deps.versions,
    load: (chapterUuid, language) => readSharedChapter(db, chapterUuid, language),
    ...deps.chapterCache,
    counter: deps.cacheCounters?.chapter ?? null,
  });
  const readerStateCounter = deps.cacheCounters?.readerState ?? null;
  // A shared part's answer, serialised around its per-reader fields (chapter-answer.ts): with public
  // page URLs for good, with signed ones for as long as their signing epoch lasts (ten minutes), so
  // a popular paid chapter is signed and serialised once per epoch, not per request.
  const states = deps.changes ? createReaderStateCache({ feed: deps.changes, versions: deps.versions, now }) : null;
  // With and without the data saver's lighter pages: one table each.
  const publicAnswers = [new WeakMap<SharedChapter, AnswerParts>(), new WeakMap<SharedChapter, AnswerParts>()] as const;
  const signedAnswers = [
    new WeakMap<SharedChapter, { epoch: number; parts: AnswerParts }>(),
    new WeakMap<SharedChapter, { epoch: number; parts: AnswerParts }>(),
  ] as const;
  const partsWith = (shared: SharedChapter, isFree: boolean, lite: boolean) =>
    answerParts(
      shared,
      shared.pages.map((page) => pageImage(page, isFree, lite)),
    );
  function answerPartsOf(shared: SharedChapter, isFree: boolean, lite: boolean): AnswerParts {
    if (isFree) {
      const table = publicAnswers[lite ? 1 : 0];
      let parts = table.get(shared);
      if (!parts) table.set(shared, (parts = partsWith(shared, true, lite)));
      return parts;
    }
    const epoch = media.signingEpoch();
    const table = signedAnswers[lite ? 1 : 0];
    let signed = table.get(shared);
    if (signed?.epoch !== epoch) table.set(shared, (signed = { epoch, parts: partsWith(shared, false, lite) }));
    return signed.parts;
  }

  /**
   * The content rating rule for this reader and book (audiences.ts `forOpening`): a book that is not
   * adult costs no read at all, so every other chapter answers as before.
   */
  async function refuseUnlessOpenableBy(user: AuthUser | null, rating: string): Promise<void> {
    const audience = await deps.audiences.forOpening(user, [rating]);
    if (audience) refuseUnlessOpenable(audience, rating);
  }

  /** The access rule (modules/access) for this reader and chapter, at this moment. */
  const accessOf = (user: AuthUser | null, state: ReaderState): ChapterAccess =>
    chapterAccessOf(user && readerTermsOf(user.role, state), chapterTermsOf(state), now());

  /**
   * The refusal of a chapter the reader may not open. It carries where the chapter sits in its book
   * (book, number, titles, neighbours: the reader moves on from it as from any chapter), taken
   * field by field from the shared part, so no page, image URL or text can slip into it.
   */
  async function lockedError(
    access: Refusal,
    shared: SharedChapter | undefined,
    user: AuthUser | null,
    chapterUuid: string,
    terms: ChapterTerms,
  ): Promise<AppError> {
    // Coins (issue 42): where the book sells chapters, the refusal says what unlocking costs.
    // Only for a book that sells chapters (kept with the shared part, per catalogue version: a
    // price change moves it), so other refusals stay one statement.
    const unlock = deps.unlockOffer && shared?.sellsChapters ? await deps.unlockOffer(user, chapterUuid) : null;
    // Issue 56: what opens it, decided here once, so no screen offers what would not open it.
    const openedBy: ChapterOpener[] = [
      ...(membershipOpens(terms, now()) ? ['membership' as const] : []),
      ...(unlock ? ['coins' as const] : []),
    ];
    const place = shared && {
      book_uuid: shared.bookUuid,
      book_type: shared.bookType,
      chapter_uuid: shared.chapterUuid,
      chapter_number: shared.number,
      chapter_title: shared.chapterTitle,
      title: shared.title,
      prev_chapter_uuid: shared.prev,
      next_chapter_uuid: shared.next,
      ...(unlock ? { unlock } : {}),
      opened_by: openedBy,
      ...(access === 'early_access' && terms.earlyAccessUntil !== null ? { early_access_until: toIso(terms.earlyAccessUntil) } : {}),
    };
    const { code, message } = REFUSALS[access];
    return new AppError(code, 403, message, undefined, undefined, place);
  }

  /**
   * The chapter content answer as JSON text (`{"data":{"result":ChapterContent}}`). One statement
   * per request for the reader's part (readable now, entitlement, likes); the rest comes from the
   * shared part, read once per chapter, language and catalogue version (chapter-cache.ts) and
   * serialised once (chapter-answer.ts). `sameForEveryVisitor`: a free chapter asked without a
   * login (public page URLs, nothing liked).
   */
  /**
   * `lighterImages`: the reader's data saver (the `Save-Data` header or `?data_saver=1`) asks for the
   * pages' lighter variant where they have one.
   */
  async function chapterContent(
    params: ChapterContentParams,
    asker: ChapterAsker,
    { lighterImages = false }: { lighterImages?: boolean } = {},
  ): Promise<{ json: string; sameForEveryVisitor: boolean; user: AuthUser | null }> {
    const language = resolveLanguage(params.language);
    // First, so an unknown or unpublished id never costs the shared part's reads. A refusal reads
    // it (once per chapter, language and catalogue version) for the chapter's place in its book.
    const { user, state } = await readerStateFor(params.chapterUuid, asker);
    if (!state) throw chapterNotFound();
    const shared = await chapters.get(params.chapterUuid, language);
    // Issue 61: a book this reader may not open (the content rating rule) is refused before
    // anything of it, even a locked chapter's place, is answered.
    if (shared) await refuseUnlessOpenableBy(user, shared.contentRating);
    const access = accessOf(user, state);
    if (!mayRead(access)) throw await lockedError(access, shared, user, params.chapterUuid, chapterTermsOf(state));
    if (!shared) throw chapterNotFound();
    // Public page URLs and an answer shared by every visitor only for what is free to everyone.
    const isFree = isOpenToEveryone(chapterTermsOf(state));
    const json = answerJson(answerPartsOf(shared, isFree, lighterImages), Boolean(state.liked), state.total_likes);
    return { json, sameForEveryVisitor: isFree && user === null, user };
  }

  /** The asker as a user (a token that no longer holds is refused, as the auth hook would) and their state. */
  async function readerStateFor(
    chapterUuid: string,
    { user, claims }: ChapterAsker,
  ): Promise<{ user: AuthUser | null; state: ReaderState | undefined }> {
    if (!claims) return { user, state: await repo.findReaderState(db, chapterUuid, user?.id ?? null) };
    const remembered = rememberedState(chapterUuid, claims);
    if (remembered) {
      readerStateCounter?.hit();
      return remembered;
    }
    // Only while the cache is in use: without the change feed there is nothing to miss.
    if (states) readerStateCounter?.miss();
    const since = states?.generation() ?? 0;
    const found = await repo.findAccountReaderState(db, chapterUuid, claims.userUuid);
    const account = authUserOf(claims, found?.account);
    if (!account) throw invalidTokenError();
    if (found && states?.usable()) await remember(since, chapterUuid, found);
    return { user: account, state: found?.state };
  }

  /**
   * The state from memory when both the account and the chapter are there and the read is one that
   * would be allowed; undefined otherwise, and the database decides (a refusal is never served from
   * memory: a reader who just paid on another node is never turned away by an old entry).
   */
  function rememberedState(chapterUuid: string, claims: TokenClaims): { user: AuthUser; state: ReaderState } | undefined {
    if (!states?.usable()) return undefined;
    const account = states.account(claims.userUuid);
    const chapter = account && states.chapter(chapterUuid);
    if (!account || !chapter) return undefined;
    const user = authUserOf(claims, account.account);
    if (!user) return undefined;
    const state = stateOf(account, chapter);
    return mayRead(accessOf(user, state)) ? { user, state } : undefined;
  }

  const stateOf = (account: CachedAccount, chapter: CachedChapter): ReaderState => ({
    number: chapter.number,
    total_likes: chapter.totalLikes,
    public_free_chapters: chapter.publicFreeChapters,
    early_access_until: chapter.earlyAccessUntil,
    early_access_members: chapter.earlyAccessMembers,
    membership_end: account.membershipEnd,
    // Per-chapter grants are not kept in memory: a read they alone allow is decided by the database.
    chapter_grant: null,
    chapter_grant_until: null,
    liked: account.liked.has(chapter.chapterId),
  });

  /** Keeps what a read found: the chapter's numbers, and the account with every chapter it liked (read once). */
  async function remember(since: number, chapterUuid: string, found: NonNullable<Awaited<ReturnType<typeof repo.findAccountReaderState>>>) {
    if (!states) return;
    const { account, state } = found;
    if (state) {
      states.keepChapter(since, chapterUuid, {
        chapterId: Number(state.chapter_id),
        number: state.number,
        publicFreeChapters: state.public_free_chapters,
        earlyAccessUntil: state.early_access_until === null ? null : Number(state.early_access_until),
        earlyAccessMembers: state.early_access_members,
        totalLikes: state.total_likes,
      });
    }
    // No readable chapter in this read: the account's membership end was not read with it.
    if (!state) return;
    const membershipEnd = state.membership_end == null ? null : Number(state.membership_end);
    // Kept already and still the same (the usual case when memory refused and the database agreed).
    const kept = states.account(account.uuid);
    if (kept && kept.membershipEnd === membershipEnd && sameAccount(kept.account, account)) return;
    const liked = new Set(await repo.findLikedChapterIds(db, account.id));
    states.keepAccount(since, { account, membershipEnd, liked, loadedAt: now() });
  }

  const sameAccount = (a: CachedAccount['account'], b: CachedAccount['account']) =>
    a.id === b.id &&
    a.role === b.role &&
    a.username === b.username &&
    Number(a.token_version) === Number(b.token_version) &&
    a.disabled_at === b.disabled_at;

  /**
   * A page with its smaller variants, best first. Free pages are public; a paid page's every key
   * gets its own signature, of the current signing epoch (kept only as long as that epoch lasts).
   * With `lite` (the data saver) the one source is the lighter WebP when the page has it; `url`
   * stays the fallback, for a browser without WebP.
   */
  function pageImage(page: StoredPage, isFree: boolean, lite: boolean): PageImage {
    const urlOf = isFree ? media.publicUrl : media.signedUrl;
    const variants: [PageSource['type'], string | null][] =
      lite && page.lite_key
        ? [['image/webp', page.lite_key]]
        : [
            ['image/avif', page.avif_key],
            ['image/webp', page.webp_key],
          ];
    const sources = variants.flatMap(([type, key]) => (key ? [{ type, url: urlOf(key) }] : []));
    return {
      url: urlOf(page.media_key),
      width: page.width,
      height: page.height,
      ...(sources.length > 0 ? { sources } : {}),
      // Issue 45: a page wider than tall is a double-page spread (double mode shows it alone).
      // Only where true, so the answers of ordinary chapters do not grow.
      ...(page.width > page.height ? { spread: true as const } : {}),
    };
  }

  async function like(user: AuthUser, bookUuid: string, chapterUuid: string): Promise<{ already_favor: true; total_likes: number }> {
    const chapter = await repo.findChapterOfBook(db, bookUuid, chapterUuid);
    if (!chapter) throw chapterNotFound();
    const totalLikes = await deps.domainEvents.transact(async (trx) => {
      await refuseLeftReader(trx, user.id);
      if (await repo.insertLikeOnce(trx, user.id, chapter.chapter_id, now())) {
        await repo.incrementLikeCounters(trx, chapter.book_id, chapter.chapter_id);
      }
      // This process serves the new like at once; the others when the change feed names it.
      await deps.domainEvents.raise(trx, { type: 'chapter-like-changed', userId: user.id, chapterId: chapter.chapter_id });
      return repo.chapterLikes(trx, chapter.chapter_id);
    });
    return { already_favor: true, total_likes: totalLikes };
  }

  /** Takes the caller's like back (issue 40: a like could not be undone); none there: no change. */
  async function unlike(user: AuthUser, bookUuid: string, chapterUuid: string): Promise<{ already_favor: false; total_likes: number }> {
    const chapter = await repo.findChapterOfBook(db, bookUuid, chapterUuid);
    if (!chapter) throw chapterNotFound();
    const totalLikes = await deps.domainEvents.transact(async (trx) => {
      if (await repo.deleteLike(trx, user.id, chapter.chapter_id)) {
        await repo.decrementLikeCounters(trx, chapter.book_id, chapter.chapter_id);
      }
      await deps.domainEvents.raise(trx, { type: 'chapter-like-changed', userId: user.id, chapterId: chapter.chapter_id });
      return repo.chapterLikes(trx, chapter.chapter_id);
    });
    return { already_favor: false, total_likes: totalLikes };
  }

  return {
    chapterContent,
    like,
    unlike,
    close: () => {
      chapters.close();
      states?.close();
    },
  };
}

export type ReadingService = ReturnType<typeof createReadingService>;
