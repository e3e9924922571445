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

/** The meta keys of the last request for persistence: its answer (1 or 0) and when. */
export const PERSIST_ANSWER = 'persist-granted';
export const PERSIST_ASKED_AT = 'persist-asked-at';

/**
 * Asks the browser to keep this site's storage (on the first save, and from the Offline screen's
 * button); the answer is kept for the screen. Null when the browser has no such request.
 */
export async function askPersistence(store: OfflineStore, now = Date.now()): Promise<boolean | null> {
  const manager = storageManager();
  if (!manager?.persist) return null;
  const granted = (await manager.persisted?.().catch(() => false)) || (await manager.persist().catch(() => false));
  await store.writeMeta(PERSIST_ANSWER, granted ? 1 : 0);
  await store.writeMeta(PERSIST_ASKED_AT, now);
  return granted;
}
