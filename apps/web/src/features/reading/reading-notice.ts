import type { BookType, ChapterOpener, LockedChapterPlace, Membership } from '@inkstream/contracts';
import { CHAPTER_CONTENT_ERROR_CODES, ErrorCode, type ChapterContentErrorCode } from '@inkstream/contracts/error-codes';
import { ApiError } from '../../lib/api-client';
import { OFFLINE_ERROR } from '../offline';

/**
 * What the reader shows instead of a chapter it could not load ('offline': no connection and no
 * saved copy, issue 47; 'earlyAccess': open now only to an unlock, or to members where the book
 * says so, issue 56).
 */
export type ReadingNotice = 'membersOnly' | 'expired' | 'earlyAccess' | 'notFound' | 'error' | 'offline' | 'ageConfirmation';

/**
 * Issue 56: each code the chapter answer can refuse with has its own notice. The contract lists
 * them (CHAPTER_CONTENT_ERROR_CODES): a code added there stops this from compiling until it has one.
 */
const NOTICE_OF_CODE = {
  [ErrorCode.MEMBERSHIP_REQUIRED]: 'membersOnly',
  [ErrorCode.MEMBERSHIP_EXPIRED]: 'expired',
  [ErrorCode.EARLY_ACCESS]: 'earlyAccess',
  [ErrorCode.CHAPTER_NOT_FOUND]: 'notFound',
  // Issue 61: an adult book the site shows this reader blurred: confirm your age first.
  [ErrorCode.AGE_CONFIRMATION_REQUIRED]: 'ageConfirmation',
} as const satisfies Record<ChapterContentErrorCode, ReadingNotice>;

const isChapterContentCode = (code: string): code is ChapterContentErrorCode =>
  (CHAPTER_CONTENT_ERROR_CODES as readonly string[]).includes(code);

/** Where a locked chapter sits in its book: the ext fields of its 403 (docs/API.md). */
export type LockedPlace = LockedChapterPlace;

const isUuidOrNull = (value: unknown) => value === null || typeof value === 'string';

/**
 * The place a members-only or expired answer gives for a chapter, when it gives one for this very
 * chapter: the reader then moves on from it as from any other chapter.
 */
export function lockedPlace(error: unknown, chapterUuid: string): LockedPlace | undefined {
  if (!(error instanceof ApiError) || error.status !== 403 || !error.body) return undefined;
  const body = error.body;
  const ok =
    typeof body.book_uuid === 'string' &&
    (body.book_type === 'comic' || body.book_type === 'novel') &&
    typeof body.chapter_uuid === 'string' &&
    body.chapter_uuid.toLowerCase() === chapterUuid.toLowerCase() &&
    typeof body.chapter_number === 'number' &&
    isUuidOrNull(body.prev_chapter_uuid) &&
    isUuidOrNull(body.next_chapter_uuid);
  if (!ok) return undefined;
  return {
    book_uuid: body.book_uuid as string,
    book_type: body.book_type as BookType,
    chapter_uuid: body.chapter_uuid as string,
    chapter_number: body.chapter_number as number,
    chapter_title: typeof body.chapter_title === 'string' ? body.chapter_title : '',
    title: typeof body.title === 'string' ? body.title : '',
    prev_chapter_uuid: (body.prev_chapter_uuid as string | null) ?? null,
    next_chapter_uuid: (body.next_chapter_uuid as string | null) ?? null,
  };
}

/** The server's own answer decides when it gives one; undefined means the membership must be asked. */
export function noticeFromError(error: unknown): ReadingNotice | undefined {
  // Issue 47: a saved copy past its end is the membership's end, said the same way; no copy and no connection is its own notice.
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === OFFLINE_ERROR.notSaved) return 'offline';
  if (error.code === OFFLINE_ERROR.expired) return 'expired';
  if (isChapterContentCode(error.code)) return NOTICE_OF_CODE[error.code];
  // A chapter (or book) that does not exist is not a reason to buy anything.
  if (error.status === 404) return 'notFound';
  return undefined;
}

/**
 * Spec sections 6 and 8: a chapter that cannot be loaded shows the members-only notice, or the
 * expired notice when the membership is expired. Only a current member, for whom membership
 * cannot be the reason, sees a plain error with a retry instead.
 */
export function readingNotice(error: unknown, membership: Membership | null | undefined): ReadingNotice {
  const fromServer = noticeFromError(error);
  if (fromServer) return fromServer;
  if (!membership) return 'membersOnly';
  return membership.is_expired ? 'expired' : 'error';
}

/** 4xx answers will not change on a second try; only network and server failures are retried. */
export function shouldRetryChapter(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** What opens a locked chapter, as its 403 said (`opened_by`, issue 56). */
export interface LockOpeners {
  membership: boolean;
  coins: boolean;
}

/**
 * The server's word on what opens the chapter; without one (an older answer, a saved copy past its
 * end) a membership does, and coins where the refusal offers them.
 */
export function lockOpeners(error: unknown, hasCoinOffer: boolean): LockOpeners {
  const said = error instanceof ApiError ? error.body?.opened_by : undefined;
  if (!Array.isArray(said)) return { membership: true, coins: hasCoinOffer };
  const openers = said as ChapterOpener[];
  return { membership: openers.includes('membership'), coins: openers.includes('coins') };
}

/** Until when the chapter is in early access (epoch ms), when its 403 says. */
export function earlyAccessUntil(error: unknown): number | undefined {
  const until = error instanceof ApiError ? error.body?.early_access_until : undefined;
  const at = typeof until === 'string' ? Date.parse(until) : NaN;
  return Number.isNaN(at) ? undefined : at;
}

/**
 * The end card's words for a locked next chapter (keys of `reader`): "early access" first where it
 * is, then what opens it ("members only", "unlock with coins", "members or coins", "not open yet").
 */
export function lockNoteKeys(error: unknown): string[] {
  const opens = lockOpeners(error, error instanceof ApiError && typeof error.body?.unlock === 'object' && error.body.unlock !== null);
  const opener = opens.membership ? (opens.coins ? 'both' : 'membership') : opens.coins ? 'coins' : 'none';
  const early = error instanceof ApiError && error.code === ErrorCode.EARLY_ACCESS;
  return [...(early ? ['end.earlyAccess'] : []), `end.opens.${opener}`];
}
