import type { LockedChapterPlace } from '@inkstream/contracts';
import { ApiError } from '../../lib/api-client';

/**
 * What the reader is told when a chapter comes from this browser instead of the server (issue 47).
 * Client-side codes, never sent by the server, carried by ApiError so the reader's notices choose
 * from them as from the server's.
 */
export const OFFLINE_ERROR = {
  /** The saved copy's end has passed: its pages were deleted; the membership-expired notice. */
  expired: 'OFFLINE_EXPIRED',
  /** No connection and no saved copy of this chapter. */
  notSaved: 'OFFLINE_NOT_SAVED',
} as const;

/** A saved copy past its end, told as a locked chapter's 403 (its place in the book too): the reader moves on from it. */
export const savedCopyExpired = (place: LockedChapterPlace) =>
  new ApiError(403, OFFLINE_ERROR.expired, 'The saved copy ended with the membership it was saved under', [], {
    code: OFFLINE_ERROR.expired,
    ...place,
  });

export const notSavedOffline = () => new ApiError(0, OFFLINE_ERROR.notSaved, 'Offline, and this chapter is not saved');

export const isOfflineError = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === OFFLINE_ERROR.expired || error.code === OFFLINE_ERROR.notSaved);
