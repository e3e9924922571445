import { LRUCache } from 'lru-cache';
import type { AccountState } from '../users/auth-user.js';
import type { CatalogueVersion } from '../catalogue/catalogue-version.js';
import type { ReaderChangeFeed, ReaderChanges } from './reader-change-feed.js';

/** A token holder's account as a member's read checks it, with what entitles them and what they liked. */
export interface CachedAccount {
  account: AccountState;
  /** End of the latest unrevoked grant (epoch ms), null without one; compared with the clock per request. */
  membershipEnd: number | null;
  /** Ids of every chapter this user liked. */
  liked: ReadonlySet<number>;
  loadedAt: number;
}

/** What a read needs of a readable chapter besides its shared part: order, the book's free chapters, early access, likes. */
export interface CachedChapter {
  chapterId: number;
  number: number;
  publicFreeChapters: number;
  /** Early access (issue 42): a member's read is allowed from memory only as the rule says at that moment. */
  earlyAccessUntil: number | null;
  earlyAccessMembers: number;
  totalLikes: number;
}

export interface ReaderStateCacheOptions {
  feed: ReaderChangeFeed;
  versions: CatalogueVersion;
  now?: () => number;
  maxAccounts?: number;
  maxChapters?: number;
}

/**
 * A backstop only: the feed drops an entry within a poll of any change. This bounds an entry whose
 * change the feed could not see (a transaction that committed more than its late-commit window
 * after writing its row).
 */
const ACCOUNT_MAX_AGE_MS = 5 * 60_000;
const ACCOUNT_CACHE_BYTES = 32 * 1024 * 1024;
/** An estimate of the bytes an account's entry holds: its fields and its liked chapter ids. */
const accountBytes = (entry: CachedAccount) => 400 + 16 * entry.liked.size;

/**
 * Member reads without a database statement (issue 12): each process keeps the accounts of the
 * readers it served (account columns, membership end, liked chapters) and the per-chapter numbers a
 * read needs, and drops them
 * - for a user or a chapter's like count: when the reader change feed names them (every change to
 *   an account, a membership or a like writes a row by trigger; polled every second, at once for a
 *   change made in this process);
 * - for chapters: when the catalogue version moves (publication, order, free chapters);
 * - all of it: when the feed is not current (then nothing is served from here at all).
 * The reader service serves from here only a read it would allow; a refusal (no membership,
 * expired, a token that no longer holds) is always checked against the database first.
 */
export function createReaderStateCache(options: ReaderStateCacheOptions) {
  const now = options.now ?? (() => Date.now());
  // The feed names ids; the caches are keyed by the uuids requests carry. Each reverse map holds
  // exactly the entries of its cache: an entry that leaves (evicted, replaced, deleted) leaves it too.
  const accountKeyById = new Map<number, string>();
  const chapterKeyById = new Map<number, string>();
  // dispose runs for every entry that leaves (evicted, replaced, deleted, cleared): its id leaves the index too.
  const accounts = new LRUCache<string, CachedAccount>({
    max: options.maxAccounts ?? 50_000,
    maxSize: ACCOUNT_CACHE_BYTES,
    sizeCalculation: accountBytes,
    dispose: (entry) => accountKeyById.delete(entry.account.id),
  });
  const chapters = new LRUCache<string, CachedChapter>({
    max: options.maxChapters ?? 20_000,
    maxSize: 8 * 1024 * 1024,
    sizeCalculation: () => 200,
    dispose: (entry) => chapterKeyById.delete(entry.chapterId),
  });
  /** Moves on every invalidation: a load that began before one is answered but not kept. */
  let generation = 0;

  function clear(): void {
    accounts.clear();
    chapters.clear();
    accountKeyById.clear();
    chapterKeyById.clear();
    generation++;
  }

  function forget(changes: ReaderChanges): void {
    if (changes.all) return clear();
    generation++;
    for (const userId of changes.userIds) {
      const key = accountKeyById.get(userId);
      if (key !== undefined) accounts.delete(key);
    }
    for (const chapterId of changes.chapterIds) {
      const key = chapterKeyById.get(chapterId);
      if (key !== undefined) chapters.delete(key);
    }
  }

  const unsubscribeFeed = options.feed.subscribe(forget);
  const unsubscribeVersions = options.versions.subscribe(() => {
    chapters.clear();
    chapterKeyById.clear();
    generation++;
  });

  return {
    /** Whether anything may be served from here now. */
    usable: () => options.feed.isCurrent(),
    generation: () => generation,
    account(userUuid: string): CachedAccount | undefined {
      const entry = accounts.get(userUuid);
      if (!entry || now() - entry.loadedAt > ACCOUNT_MAX_AGE_MS) return undefined;
      return entry;
    },
    chapter: (chapterUuid: string): CachedChapter | undefined => chapters.get(chapterUuid),
    /** Keeps what a load read, unless an invalidation came in since `since` (a generation()). */
    keepAccount(since: number, entry: CachedAccount): void {
      // Too large to keep (the cache would refuse it): nothing to map either.
      if (since !== generation || !options.feed.isCurrent() || accountBytes(entry) > ACCOUNT_CACHE_BYTES) return;
      accounts.set(entry.account.uuid, entry);
      accountKeyById.set(entry.account.id, entry.account.uuid);
    },
    keepChapter(since: number, chapterUuid: string, entry: CachedChapter): void {
      if (since !== generation || !options.feed.isCurrent()) return;
      chapters.set(chapterUuid, entry);
      chapterKeyById.set(entry.chapterId, chapterUuid);
    },
    /** After a change this process made (a like): drop at once rather than at the next poll. */
    forget,
    close(): void {
      unsubscribeFeed();
      unsubscribeVersions();
    },
  };
}

export type ReaderStateCache = ReturnType<typeof createReaderStateCache>;
