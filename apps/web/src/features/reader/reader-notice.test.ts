import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { noticeFromError, readerNotice, shouldRetryChapter } from './reader-notice';

const required = new ApiError(403, 'MEMBERSHIP_REQUIRED', 'Membership required');
const expired = new ApiError(403, 'MEMBERSHIP_EXPIRED', 'Membership expired');
const notFound = new ApiError(404, 'CHAPTER_NOT_FOUND', 'Chapter not found');
const active = { expire_at: '2027-01-01T00:00:00.000Z', is_expired: false };
const lapsed = { expire_at: '2026-01-01T00:00:00.000Z', is_expired: true };

describe('readerNotice', () => {
  it('follows the server: members only, or expired', () => {
    expect(noticeFromError(required)).toBe('membersOnly');
    expect(noticeFromError(expired)).toBe('expired');
    expect(noticeFromError(notFound)).toBeUndefined();
    expect(readerNotice(required, active)).toBe('membersOnly');
    expect(readerNotice(expired, null)).toBe('expired');
  });

  it('shows the members-only notice for any other failure of a non-member', () => {
    expect(readerNotice(notFound, null)).toBe('membersOnly');
    expect(readerNotice(new Error('offline'), undefined)).toBe('membersOnly');
  });

  it('shows the expired notice for any other failure of an expired member', () => {
    expect(readerNotice(notFound, lapsed)).toBe('expired');
  });

  it('shows a plain error to a current member', () => {
    expect(readerNotice(new ApiError(500, 'INTERNAL', 'boom'), active)).toBe('error');
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
