import { LOGOUT_EVENT } from '../../lib/api-client';
import { readStorage, STORAGE_KEYS } from '../../lib/storage-keys';

/** What, stored here, makes the app's start load the offline code: saved chapters, or anything waiting to be sent. */
const WAITING = [STORAGE_KEYS.offlineSaved, STORAGE_KEYS.progressQueue, STORAGE_KEYS.likeQueue, STORAGE_KEYS.eventQueue];

/**
 * Part of every first load, so a few lines only (issue 47): at the start and on each `online` event,
 * the offline upkeep (offline-start.ts) is loaded, and only when something saved or queued is there.
 * At logout (told before the storage is cleared) the saved chapters that were not free go: the next
 * account may have no right to them.
 */
export function startOfflineWork(): void {
  const work = () => {
    if (WAITING.some((key) => readStorage(key) !== null)) void import('./offline-start').then((start) => start.offlineStart());
  };
  window.addEventListener('online', work);
  window.addEventListener(LOGOUT_EVENT, () => {
    if (readStorage(STORAGE_KEYS.offlineSaved) !== null) void import('./offline-forget').then((forget) => forget.forgetPaidChapters());
  });
  work();
}
