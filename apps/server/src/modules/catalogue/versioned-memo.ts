import { LRUCache } from 'lru-cache';
import type { CatalogueVersion } from './catalogue-version.js';

export interface VersionedMemoOptions<T extends NonNullable<unknown>> {
  versions: Pick<CatalogueVersion, 'get' | 'peek' | 'subscribe'>;
  /** How long a value is kept while the version does not change (what moves without it). */
  ttlMs: number;
  /** The value's approximate size in bytes (the memo is bounded by bytes as well as entries). */
  sizeOf(value: T): number;
  maxEntries?: number;
  maxBytes?: number;
}

/**
 * Values derived from the catalogue (rendered feeds, a book's chapter page) kept in process memory
 * until the catalogue version changes (catalogue-version.ts: at once for a change made here, within
 * the poll interval or a broadcast for one made on another node) or `ttlMs` passes.
 *
 * Concurrent misses of one key share one load; a load that a version change overtook is answered
 * but not kept (the version is read before the load, as chapter-cache.ts does).
 */
export function createVersionedMemo<T extends NonNullable<unknown>>(options: VersionedMemoOptions<T>) {
  const store = new LRUCache<string, T>({
    max: options.maxEntries ?? 2000,
    maxSize: options.maxBytes ?? 16 * 1024 * 1024,
    sizeCalculation: (value) => Math.max(1, options.sizeOf(value)),
    ttl: options.ttlMs,
  });
  const loading = new Map<string, Promise<T>>();
  const unsubscribe = options.versions.subscribe(() => {
    store.clear();
    loading.clear();
  });

  async function fill(key: string, load: () => Promise<T>): Promise<T> {
    const version = await options.versions.get();
    const value = await load();
    if (options.versions.peek() === version) store.set(key, value);
    return value;
  }

  return {
    /** The kept value for `key`, else `load()`'s (kept for the next request). */
    get(key: string, load: () => Promise<T>): Promise<T> {
      const cached = store.get(key);
      if (cached !== undefined) return Promise.resolve(cached);
      const joined = loading.get(key);
      if (joined) return joined;
      const pending = fill(key, load).finally(() => {
        if (loading.get(key) === pending) loading.delete(key);
      });
      loading.set(key, pending);
      return pending;
    },
    clear: () => store.clear(),
    stop: unsubscribe,
  };
}

export type VersionedMemo<T extends NonNullable<unknown>> = ReturnType<typeof createVersionedMemo<T>>;
