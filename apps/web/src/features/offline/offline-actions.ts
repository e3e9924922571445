import { markSavedChapters, notifyOfflineChanged } from './offline-changes';
import { browserStorage, canSaveOffline } from './offline-db';
import { PAGES_CACHE } from './offline-storage-names';
import { isOffline } from '../../lib/online';
import { dropExpired, removeChapters, settleInterrupted } from './offline-maintenance';
import { offlineStart } from './offline-start';
import { withSaveLockIfFree } from './save-lock';
import type { SavedChapter } from './saved-chapter';

/**
 * What the Offline screen reads and changes (issue 47). Before it lists anything, copies past their
 * end go, and saves a closed tab left half done are dealt with (unless a save running in this or
 * another tab holds the lock): online, the app's upkeep finishes them while the screen shows them as
 * saving; offline they are deleted. The re-check itself is the app's start's and the `online` event's.
 */
export async function savedForScreen(): Promise<SavedChapter[]> {
  if (!canSaveOffline()) return [];
  const found = await browserStorage.store.all();
  // Records found with the flag gone (storage cleared by hand) are looked after again from now on.
  if (found.length > 0) markSavedChapters(true);
  if (isOffline()) await withSaveLockIfFree(() => settleInterrupted(browserStorage, false, async () => undefined));
  else if (found.some((chapter) => chapter.state === 'saving')) void offlineStart();
  await dropExpired(browserStorage, Date.now());
  const all = await browserStorage.store.all();
  markSavedChapters(all.length > 0);
  return all;
}

export async function deleteSaved(chapters: readonly SavedChapter[]): Promise<void> {
  await removeChapters(browserStorage, chapters);
  markSavedChapters((await browserStorage.store.all()).length > 0);
  notifyOfflineChanged();
}

/** Everything: the records, and the pages' cache as a whole (pages no record owns go with it). */
export async function deleteAllSaved(): Promise<void> {
  const all = await browserStorage.store.all();
  await removeChapters(browserStorage, all);
  await caches.delete(PAGES_CACHE);
  markSavedChapters(false);
  notifyOfflineChanged();
}
