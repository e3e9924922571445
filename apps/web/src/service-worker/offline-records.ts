import { CHAPTERS_STORE, CLOCK_KEY, META_STORE, OFFLINE_DB_NAME } from '../features/offline/offline-storage-names';

/**
 * The saved chapters' records in IndexedDB, as the app writes them (features/offline/offline-db.ts):
 * the worker reads a chapter's record and the `meta` store's clock, and deletes an expired chapter's
 * record. It never creates the database or a store: where either is missing, nothing is saved.
 */
export function offlineRecords(indexedDB: IDBFactory) {
  return {
    async read(chapterUuid: string): Promise<{ record: unknown; latestSeen: unknown }> {
      return withOfflineDb(indexedDB, [CHAPTERS_STORE, META_STORE], 'readonly', async (stores) => {
        if (!stores) return { record: null, latestSeen: 0 };
        const [record, clock] = await Promise.all([
          settled(stores.get(CHAPTERS_STORE)!.get(chapterUuid)),
          stores.has(META_STORE) ? settled(stores.get(META_STORE)!.get(CLOCK_KEY)) : undefined,
        ]);
        const latest = (clock as { latest?: unknown } | undefined)?.latest;
        return { record: record || null, latestSeen: typeof latest === 'number' ? latest : 0 };
      });
    },
    async forget(chapterUuid: string): Promise<void> {
      await withOfflineDb(indexedDB, [CHAPTERS_STORE], 'readwrite', async (stores) => {
        if (stores) await settled(stores.get(CHAPTERS_STORE)!.delete(chapterUuid));
      });
    },
  };
}

/**
 * Runs `work` with the stores named that exist (a Map of name to object store; null when the
 * database or the chapters' store is missing), then closes the database, so the worker never
 * holds it open against the app's next version upgrade.
 */
async function withOfflineDb<T>(
  indexedDB: IDBFactory,
  storeNames: string[],
  mode: IDBTransactionMode,
  work: (stores: Map<string, IDBObjectStore> | null) => Promise<T>,
): Promise<T> {
  const db = await openOfflineDb(indexedDB);
  if (!db) return work(null);
  try {
    if (!db.objectStoreNames.contains(CHAPTERS_STORE)) return await work(null);
    const present = storeNames.filter((name) => db.objectStoreNames.contains(name));
    const transaction = db.transaction(present, mode);
    const done = new Promise((resolve, reject) => {
      transaction.oncomplete = resolve;
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
    const result = await work(new Map(present.map((name) => [name, transaction.objectStore(name)])));
    await done;
    return result;
  } finally {
    db.close();
  }
}

/**
 * The database as the app left it, or null. Opening a missing one would create it empty at version 1,
 * and the app's own open would then never create its stores: that upgrade is aborted.
 */
function openOfflineDb(indexedDB: IDBFactory): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(OFFLINE_DB_NAME);
    } catch {
      resolve(null);
      return;
    }
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => resolve(request.result);
    request.onerror = (event) => {
      event?.preventDefault?.();
      resolve(null);
    };
  });
}

function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}
