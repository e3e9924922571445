import type { OfflineStore } from './saved-chapter';

/**
 * The browser's storage as the Offline screen explains it (issue 47). Without persistence the
 * browser may clear saved chapters when the device runs short of space (least recently used sites
 * first); with it, only the reader can. Browsers decide themselves (Chromium grants it to sites
 * installed, bookmarked or often used, Firefox asks the reader, Safari grants it to installed apps).
 */
export interface StorageFacts {
  /** Bytes this site uses (all of its storage, not only saved chapters), and may use in all; null when unknown. */
  usage: number | null;
  quota: number | null;
  /** null: the browser cannot say. */
  persisted: boolean | null;
}

const storageManager = (): StorageManager | undefined => (typeof navigator === 'undefined' ? undefined : navigator.storage);

export async function storageFacts(): Promise<StorageFacts> {
  const manager = storageManager();
  const [estimate, persisted] = await Promise.all([
    manager?.estimate ? manager.estimate().catch(() => undefined) : undefined,
    manager?.persisted ? manager.persisted().catch(() => null) : null,
  ]);
  return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted };
}

/**
 * The meta keys of the requests for persistence: when it was first asked (the first save asks on
 * its own), and the answer to the reader's own request from the Offline screen. Only that answer is
 * shown: a refusal the browser gave silently to the first save is no "no" to the reader, who asked
 * nothing (issue 56). A new key name, so answers kept by the older code (which recorded the silent
 * request's too) are not shown either.
 */
export const PERSIST_ANSWER = 'persist-reader-answer';
export const PERSIST_ASKED_AT = 'persist-asked-at';

/**
 * Asks the browser to keep this site's storage: silently on the first save, and when the reader
 * presses the Offline screen's button (`byReader`: the answer is then kept for the screen). Null
 * when the browser has no such request.
 */
export async function askPersistence(store: OfflineStore, { byReader }: { byReader: boolean }, now = Date.now()): Promise<boolean | null> {
  const manager = storageManager();
  if (!manager?.persist) return null;
  const granted = (await manager.persisted?.().catch(() => false)) || (await manager.persist().catch(() => false));
  if (byReader) await store.writeMeta(PERSIST_ANSWER, granted ? 1 : 0);
  await store.writeMeta(PERSIST_ASKED_AT, now);
  return granted;
}
