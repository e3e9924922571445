import type { EndedCopy, OfflineStorage, OfflineStore, PageStore, SavedChapter } from './saved-chapter';

// The names of the storage, shared with the service worker: offline-storage-names.ts.
import {
  BOOK_INDEX,
  CHAPTERS_STORE,
  CLOCK_KEY,
  ENDED_PREFIX,
  META_STORE,
  OFFLINE_DB_NAME,
  OFFLINE_DB_VERSION,
  PAGES_CACHE,
  offlinePageUrl,
} from './offline-storage-names';
import { clockAfter } from './offline-clock';

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

const completed = (transaction: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new DOMException('IndexedDB transaction aborted', 'AbortError'));
  });

let opening: Promise<IDBDatabase> | undefined;

/** Opens (and on first use creates) the database; one connection per page. */
export function openOfflineDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(OFFLINE_DB_NAME, OFFLINE_DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(CHAPTERS_STORE)) {
        db.createObjectStore(CHAPTERS_STORE, { keyPath: 'chapter_uuid' }).createIndex(BOOK_INDEX, 'book_uuid');
      }
      if (!db.objectStoreNames.contains(META_STORE)) db.createObjectStore(META_STORE, { keyPath: 'key' });
    };
    request.onsuccess = () => {
      const db = request.result;
      // A later version (a newer app in another tab, or the service worker migrating) asks this one to let go.
      db.onversionchange = () => {
        db.close();
        opening = undefined;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = undefined;
      reject(request.error ?? new Error('IndexedDB open failed'));
    };
  });
  return opening;
}

async function run<T>(
  storeName: string,
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T> | Promise<T>,
): Promise<T> {
  const db = await openOfflineDb();
  const transaction = db.transaction(storeName, mode);
  const finished = completed(transaction);
  const outcome = work(transaction.objectStore(storeName));
  const value = outcome instanceof IDBRequest ? await done(outcome) : await outcome;
  await finished;
  return value;
}

const idbStore: OfflineStore = {
  get: (chapterUuid) => run(CHAPTERS_STORE, 'readonly', (store) => store.get(chapterUuid) as IDBRequest<SavedChapter | undefined>),
  put: async (chapter) => {
    await run(CHAPTERS_STORE, 'readwrite', (store) => store.put(chapter));
  },
  remove: async (chapterUuid) => {
    await run(CHAPTERS_STORE, 'readwrite', (store) => store.delete(chapterUuid));
  },
  all: () => run(CHAPTERS_STORE, 'readonly', (store) => store.getAll() as IDBRequest<SavedChapter[]>),
  ofBook: (bookUuid) => run(CHAPTERS_STORE, 'readonly', (store) => store.index(BOOK_INDEX).getAll(bookUuid) as IDBRequest<SavedChapter[]>),
  // Read and written in one transaction, so two tabs never lower it.
  advanceClock: (now) =>
    run(META_STORE, 'readwrite', async (store) => {
      const stored = (await done(store.get(CLOCK_KEY))) as { latest?: unknown } | undefined;
      const latest = clockAfter(stored?.latest, now);
      if (latest !== stored?.latest) store.put({ key: CLOCK_KEY, latest });
      return latest;
    }),
  readMeta: async (key) => {
    const stored = (await run(META_STORE, 'readonly', (store) => store.get(key))) as { value?: unknown } | undefined;
    return typeof stored?.value === 'number' ? stored.value : undefined;
  },
  writeMeta: async (key, value) => {
    await run(META_STORE, 'readwrite', (store) => store.put({ key, value }));
  },
  noteEnded: async (copies) => {
    if (copies.length === 0) return;
    await run(META_STORE, 'readwrite', async (store) => {
      for (const copy of copies) store.put({ key: `${ENDED_PREFIX}${copy.chapter_uuid}`, ...copy });
    });
  },
  endedCopy: async (chapterUuid) => {
    const stored = (await run(META_STORE, 'readonly', (store) => store.get(`${ENDED_PREFIX}${chapterUuid}`))) as
      (EndedCopy & { key: string }) | undefined;
    if (!stored) return undefined;
    const { key: _key, ...copy } = stored;
    return copy;
  },
  forgetEnded: async (which) => {
    await run(META_STORE, 'readwrite', async (store) => {
      if ('chapterUuid' in which) return store.delete(`${ENDED_PREFIX}${which.chapterUuid}`);
      const notes = (await done(store.getAll(IDBKeyRange.bound(ENDED_PREFIX, `${ENDED_PREFIX}\uffff`)))) as (EndedCopy & { key: string })[];
      for (const note of notes) if (!(note.ended_at >= which.before)) store.delete(note.key);
    });
  },
};

const cachePages: PageStore = {
  put: async (chapterUuid, index, image) => {
    const cache = await caches.open(PAGES_CACHE);
    const headers = { 'Content-Type': image.type || 'application/octet-stream', 'Content-Length': String(image.size) };
    await cache.put(offlinePageUrl(chapterUuid, index), new Response(image, { headers }));
  },
  removeChapter: async (chapterUuid, pageCount) => {
    if (typeof caches === 'undefined' || !(await caches.has(PAGES_CACHE))) return;
    const cache = await caches.open(PAGES_CACHE);
    await Promise.all(Array.from({ length: pageCount }, (_, index) => cache.delete(offlinePageUrl(chapterUuid, index))));
  },
  stored: async () => {
    const found = new Map<string, number>();
    if (typeof caches === 'undefined' || !(await caches.has(PAGES_CACHE))) return found;
    for (const request of await (await caches.open(PAGES_CACHE)).keys()) {
      const [, chapterUuid, index] = /\/offline-pages\/([^/]+)\/(\d+)$/.exec(new URL(request.url).pathname) ?? [];
      if (chapterUuid) found.set(chapterUuid, Math.max(found.get(chapterUuid) ?? 0, Number(index) + 1));
    }
    return found;
  },
};

/** The browser's storage of saved chapters. */
export const browserStorage: OfflineStorage = { store: idbStore, pages: cachePages };

/** Whether this browser can save chapters at all (IndexedDB and Cache Storage; Cache Storage needs a secure origin). */
export const canSaveOffline = () => typeof indexedDB !== 'undefined' && typeof caches !== 'undefined';
