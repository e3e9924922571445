import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { noticeFromError, readingNotice, shouldRetryChapter } from './reading-notice';

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
