import { membershipStateOf } from '../membership/membership.service.js';

/**
 * Who may read a chapter: the one rule (docs/ARCHITECTURE.md "Who may read what"). Every path that
 * serves or labels chapter content asks it, in memory here or as SQL (chapter-access.sql.ts): the
 * chapter answer, the chapter list's `is_free`, the server-rendered pages, `/media`, the OPDS feeds,
 * pages, texts, EPUB and Divina manifests, the data saver and comments. A new way to read a paid
 * chapter is one new case here (and its column in chapter-access.sql.ts), nowhere else.
 */

/** What the rule needs of a chapter: its number, its book's count of free chapters, its early access. */
export interface ChapterTerms {
  number: number;
  publicFreeChapters: number;
  /** Early access (issue 42): until then only unlocks (and members where the book says so) read it; null: none. */
  earlyAccessUntil: number | null;
  earlyAccessMembers: boolean;
}

/** What the rule needs of a signed-in reader (a visitor is null). */
export interface ReaderTerms {
  role: string;
  /** The end of the membership (latest standing grant), null when there never was one. */
  membershipEnd: number | null;
  /** The kind of a standing per-chapter grant of this chapter (chapter_grants), null when none. */
  chapterGrant: string | null;
  /** Issue 59: that grant's end (a rental); null or absent: for good. Past it the grant is absent. */
  chapterGrantUntil?: number | null;
}

/** Readable: why. */
export type Readable = 'free' | 'admin' | 'member' | 'granted';
/** Refused: which notice the reader gets (MEMBERSHIP_REQUIRED, MEMBERSHIP_EXPIRED or EARLY_ACCESS). */
export type Refusal = 'members_only' | 'expired' | 'early_access';
export type ChapterAccess = Readable | Refusal;

/**
 * Free to everyone, signed in or not: public page URLs, cacheable answers, `is_free`. A chapter
 * within the free count is free whatever its early access says (early access is a paid chapter's
 * state: the console and `startEarlyAccessWithin` never put a free chapter in it).
 */
export const isOpenToEveryone = (chapter: Pick<ChapterTerms, 'number' | 'publicFreeChapters'>): boolean =>
  chapter.number <= chapter.publicFreeChapters;

/**
 * In early access at `now`: the one early-access predicate (issue 57), for the rule below, the
 * chapter list's `early_access_until` and, as SQL, isInEarlyAccessSql (chapter-access.sql.ts). The
 * caller gives the clock, so one request reads one instant.
 */
export const isInEarlyAccess = (chapter: Pick<ChapterTerms, 'earlyAccessUntil'>, now: number): boolean =>
  chapter.earlyAccessUntil !== null && chapter.earlyAccessUntil > now;

/**
 * Issue 59: a grant stands at `now` while its end (a rental's) is ahead; one with no end stands for
 * good. The one grant-end predicate, for the rule below and the offline copy's `readable_until`.
 */
export const grantStands = (until: number | null | undefined, now: number): boolean => until == null || until > now;

/** The book lets everyone read something (the book list's "free to read" filter). */
export const hasChaptersOpenToEveryone = (book: { publicFreeChapters: number }): boolean => book.publicFreeChapters > 0;

/**
 * The decision. Administrators read everything so they can check content; a running membership
 * reads every chapter but those in early access (unless the book includes members); a per-chapter
 * grant (a coin unlock, a free unlock, a gift) reads its chapter, even after a membership ended.
 */
export function chapterAccessOf(reader: ReaderTerms | null, chapter: ChapterTerms, now: number): ChapterAccess {
  if (isOpenToEveryone(chapter)) return 'free';
  // Issue 56: a visitor is told of the early access too, not offered a membership that may not open it.
  if (!reader) return isInEarlyAccess(chapter, now) ? 'early_access' : 'members_only';
  if (reader.role === 'admin') return 'admin';
  const membership = membershipStateOf(reader.membershipEnd, now);
  const early = isInEarlyAccess(chapter, now);
  // In early access a membership reads only where the book includes members.
  if (membership === 'member' && (!early || chapter.earlyAccessMembers)) return 'member';
  if (reader.chapterGrant !== null && grantStands(reader.chapterGrantUntil, now)) return 'granted';
  if (early) return 'early_access';
  return membership === 'expired' ? 'expired' : 'members_only';
}

export const mayRead = (access: ChapterAccess): access is Readable =>
  access !== 'members_only' && access !== 'expired' && access !== 'early_access';

/**
 * Issue 56: whether a membership (bought or renewed now) opens the chapter: always, but in early
 * access only where the book includes members. The refusal says so (`opened_by`), so no screen
 * offers a membership that would not open what the reader asked for.
 */
export const membershipOpens = (chapter: ChapterTerms, now: number): boolean =>
  !isInEarlyAccess(chapter, now) || chapter.earlyAccessMembers;
