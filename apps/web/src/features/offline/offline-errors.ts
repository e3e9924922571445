import type { BookType } from '@inkstream/contracts';
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

/** The place of a saved chapter in its book, as a locked chapter's 403 gives it: the reader moves on from it. */
interface Place {
  book_uuid: string;
  book_type: BookType;
  chapter_uuid: string;
  chapter_number: number;
  chapter_title: string;
  title: string;
  prev_chapter_uuid: string | null;
  next_chapter_uuid: string | null;
}

export const savedCopyExpired = (place: Place) =>
  new ApiError(403, OFFLINE_ERROR.expired, 'The saved copy ended with the membership it was saved under', [], {
    code: OFFLINE_ERROR.expired,
    ...place,
  });

export const notSavedOffline = () => new ApiError(0, OFFLINE_ERROR.notSaved, 'Offline, and this chapter is not saved');

export const isOfflineError = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === OFFLINE_ERROR.expired || error.code === OFFLINE_ERROR.notSaved);
