import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { CHAPTER_CONTENT_ERROR_CODES } from '@inkstream/contracts/error-codes';
import enReader from '../../i18n/locales/en-us/reader.json';
import { earlyAccessUntil, lockNoteKeys, lockOpeners, noticeFromError, readingNotice, shouldRetryChapter } from './reading-notice';

const required = new ApiError(403, 'MEMBERSHIP_REQUIRED', 'Membership required');
const expired = new ApiError(403, 'MEMBERSHIP_EXPIRED', 'Membership expired');
const notFound = new ApiError(404, 'CHAPTER_NOT_FOUND', 'Chapter not found');
const active = { expire_at: '2027-01-01T00:00:00.000Z', is_expired: false };
const lapsed = { expire_at: '2026-01-01T00:00:00.000Z', is_expired: true };

describe('readingNotice', () => {
  it('follows the server: members only, or expired', () => {
    expect(noticeFromError(required)).toBe('membersOnly');
    expect(noticeFromError(expired)).toBe('expired');
    expect(noticeFromError(new Error('offline'))).toBeUndefined();
    expect(readingNotice(required, active)).toBe('membersOnly');
    expect(readingNotice(expired, null)).toBe('expired');
  });

  it('says "not found" for a chapter or book that does not exist, whatever the membership', () => {
    for (const membership of [null, undefined, active, lapsed]) {
      expect(readingNotice(notFound, membership)).toBe('notFound');
      expect(readingNotice(new ApiError(404, 'BOOK_NOT_FOUND', 'Book not found'), membership)).toBe('notFound');
    }
  });

  it('shows the members-only notice for any other failure of a non-member', () => {
    expect(readingNotice(new Error('offline'), undefined)).toBe('membersOnly');
  });

  it('shows the expired notice for any other failure of an expired member', () => {
    expect(readingNotice(new Error('offline'), lapsed)).toBe('expired');
  });

  it('shows a plain error to a current member', () => {
    expect(readingNotice(new ApiError(500, 'INTERNAL', 'boom'), active)).toBe('error');
  });
});

describe('every refusal of the chapter answer has its own notice (issue 56)', () => {
  it('maps each code of the contract to a notice, never to the plain error or to a guess from the membership', () => {
    const notices = CHAPTER_CONTENT_ERROR_CODES.map((code) => noticeFromError(new ApiError(403, code, 'x')));
    expect(notices).toEqual(['membersOnly', 'expired', 'earlyAccess', 'notFound', 'ageConfirmation']);
  });

  it('reads an early-access refusal as its own notice, for a member too', () => {
    const early = new ApiError(403, 'EARLY_ACCESS', 'x', [], { opened_by: ['coins'], early_access_until: '2026-12-03T10:00:00.000Z' });
    expect(readingNotice(early, active)).toBe('earlyAccess');
    expect(earlyAccessUntil(early)).toBe(Date.parse('2026-12-03T10:00:00.000Z'));
  });

  it('takes what opens the chapter from the refusal, and guesses only without one', () => {
    const body = (opened_by: string[]) => new ApiError(403, 'EARLY_ACCESS', 'x', [], { opened_by });
    expect(lockOpeners(body(['coins']), true)).toEqual({ membership: false, coins: true });
    expect(lockOpeners(body(['membership', 'coins']), false)).toEqual({ membership: true, coins: true });
    expect(lockOpeners(body([]), true)).toEqual({ membership: false, coins: false });
    expect(lockOpeners(required, true)).toEqual({ membership: true, coins: true });
    expect(lockOpeners(required, false)).toEqual({ membership: true, coins: false });
  });

  it('words the end card’s lock from the refusal: early access, coins, membership or both', () => {
    const reader = enReader as unknown as { end: { earlyAccess: string; opens: Record<string, string> } };
    const words = (error: ApiError) =>
      lockNoteKeys(error).map((key) =>
        key === 'end.earlyAccess' ? reader.end.earlyAccess : reader.end.opens[key.slice('end.opens.'.length)],
      );
    expect(words(new ApiError(403, 'EARLY_ACCESS', 'x', [], { opened_by: ['coins'] }))).toEqual(['early access', 'unlock with coins']);
    expect(words(new ApiError(403, 'MEMBERSHIP_REQUIRED', 'x', [], { opened_by: ['membership', 'coins'] }))).toEqual(['members or coins']);
    expect(words(new ApiError(403, 'MEMBERSHIP_REQUIRED', 'x', [], { opened_by: ['membership'] }))).toEqual(['members only']);
  });
});

describe('shouldRetryChapter', () => {
  it('does not retry answers that will not change', () => {
    expect(shouldRetryChapter(0, required)).toBe(false);
    expect(shouldRetryChapter(0, notFound)).toBe(false);
  });

  it('retries a network or server failure once', () => {
    expect(shouldRetryChapter(0, new ApiError(503, 'NETWORK_ERROR', 'down'))).toBe(true);
    expect(shouldRetryChapter(1, new ApiError(503, 'NETWORK_ERROR', 'down'))).toBe(false);
  });
});
