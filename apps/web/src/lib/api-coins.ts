import type {
  AutoUnlockResult,
  AutoUnlockSettings,
  AutoUnlockUndoResult,
  BookUnlocks,
  FreeUnlockResult,
  RentResult,
  UnlockAllPreview,
  UnlockAllResult,
  UnlockResult,
  Wallet,
} from '@inkstream/contracts';
import { client, result } from './api-fetch';

/**
 * Coins (issue 42): the wallet, unlocking chapters and wait-for-free. Signed-in readers only; the
 * screens ask only while the public config says coins are on (or a locked chapter offers them).
 */
export const coinsApi = {
  wallet: (): Promise<Wallet> => result(client.GET('/api/v1/user/wallet')),
  bookUnlocks: (bookUuid: string): Promise<BookUnlocks> =>
    result(client.GET('/api/v1/user/book/unlocks', { params: { query: { book_uuid: bookUuid } } })),
  /** This chapter and, with `count`, the next locked ones after it: all or none. */
  unlock: (chapterUuid: string, count = 1): Promise<UnlockResult> =>
    result(
      client.POST('/api/v1/comics/chapter/unlock', {
        body: count === 1 ? { chapter_uuid: chapterUuid } : { chapter_uuid: chapterUuid, count },
      }),
    ),
  /** Wait-for-free; with `chapterUuid`, that chapter or nothing (409 FREE_UNLOCK_OTHER_CHAPTER). */
  unlockFree: (bookUuid: string, chapterUuid?: string): Promise<FreeUnlockResult> =>
    result(
      client.POST('/api/v1/comics/chapter/unlock_free', {
        body: chapterUuid ? { book_uuid: bookUuid, chapter_uuid: chapterUuid } : { book_uuid: bookUuid },
      }),
    ),
  // Issue 59: rentals, auto-unlock and its undo, unlock all remaining.
  rent: (chapterUuid: string): Promise<RentResult> =>
    result(client.POST('/api/v1/comics/chapter/rent', { body: { chapter_uuid: chapterUuid } })),
  setAutoUnlock: (bookUuid: string, enabled: boolean, cap?: number): Promise<AutoUnlockSettings> =>
    result(
      client.PUT('/api/v1/user/book/auto_unlock', {
        body: cap === undefined ? { book_uuid: bookUuid, enabled } : { book_uuid: bookUuid, enabled, cap },
      }),
    ),
  /** The reader reached the end of this chapter. */
  autoUnlock: (chapterUuid: string): Promise<AutoUnlockResult> =>
    result(client.POST('/api/v1/comics/chapter/auto_unlock', { body: { chapter_uuid: chapterUuid } })),
  undoAutoUnlock: (chapterUuid: string): Promise<AutoUnlockUndoResult> =>
    result(client.POST('/api/v1/comics/chapter/auto_unlock/undo', { body: { chapter_uuid: chapterUuid } })),
  unlockAllPreview: (bookUuid: string): Promise<UnlockAllPreview> =>
    result(client.GET('/api/v1/user/book/unlock_all', { params: { query: { book_uuid: bookUuid } } })),
  unlockAll: (bookUuid: string, total: number): Promise<UnlockAllResult> =>
    result(client.POST('/api/v1/comics/book/unlock_all', { body: { book_uuid: bookUuid, total } })),
};
