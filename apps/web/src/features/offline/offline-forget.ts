import { markSavedChapters, notifyOfflineChanged } from './offline-changes';
import { browserStorage, canSaveOffline } from './offline-db';
import { forgetPaidChapters as forgetPaid } from './offline-maintenance';

/** At logout (issue 47): every saved chapter but the free ones goes; the flag stays while free ones are left. */
export async function forgetPaidChapters(): Promise<void> {
  if (!canSaveOffline()) return;
  await forgetPaid(browserStorage);
  markSavedChapters((await browserStorage.store.all()).length > 0);
  notifyOfflineChanged();
}
