import type { Membership } from '@inkstream/contracts';
import { ErrorCode } from '@inkstream/contracts/error-codes';
import { ApiError } from '../../lib/api-client';

/** What the reader shows instead of a chapter it could not load. */
export type ReaderNotice = 'membersOnly' | 'expired' | 'notFound' | 'error';

/** The server's own answer decides when it gives one; undefined means the membership must be asked. */
export function noticeFromError(error: unknown): ReaderNotice | undefined {
  if (error instanceof ApiError && error.code === ErrorCode.MEMBERSHIP_EXPIRED) return 'expired';
  if (error instanceof ApiError && error.code === ErrorCode.MEMBERSHIP_REQUIRED) return 'membersOnly';
  // A chapter (or book) that does not exist is not a reason to buy anything.
  if (error instanceof ApiError && error.status === 404) return 'notFound';
  return undefined;
}

/**
 * Spec sections 6 and 8: a chapter that cannot be loaded shows the members-only notice, or the
 * expired notice when the membership is expired. Only a current member, for whom membership
 * cannot be the reason, sees a plain error with a retry instead.
 */
export function readerNotice(error: unknown, membership: Membership | null | undefined): ReaderNotice {
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
