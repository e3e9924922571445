import { LRUCache } from 'lru-cache';
import type { CatalogueVersion } from '../catalogue/catalogue-version.js';
import { sharedChapterBytes, type SharedChapter } from './shared-chapter.js';

export interface ChapterCacheOptions {
  versions: CatalogueVersion;
  /** Reads a chapter's shared part from the database (undefined: not readable, never cached). */
  load(chapterUuid: string, language: string): Promise<SharedChapter | undefined>;
  maxEntries?: number;
  maxBytes?: number;
  /** Hits and misses, when metrics are on (modules/metrics/cache-metrics.ts). */
  counter?: { hit(): void; miss(): void } | null;
}

/**
 * Shared parts of chapters (shared-chapter.ts) in process memory, keyed by chapter and resolved
 * language, bounded by count and bytes (least recently used go first).
 *
 * Every change that can alter a shared part (titles, pages, texts, publication, order, free
 * chapters) raises book-changed or chapter-changed, which moves the catalogue version
 * (catalogue-changes.ts), and the cache is emptied when this process learns of a new one: at once
 * for a change made here, within the poll interval (1 s) or a broadcast for one made elsewhere. Whether the chapter is still readable, and everything per reader, is read on every
 * request (reading.repository findReaderState), so that lag can never serve an unpublished chapter.
 */
export function createChapterCache(options: ChapterCacheOptions) {
  const store = new LRUCache<string, SharedChapter>({
    max: options.maxEntries ?? 5000,
    maxSize: options.maxBytes ?? 32 * 1024 * 1024,
    sizeCalculation: sharedChapterBytes,
  });
  // Concurrent misses of one chapter share one read (a popular chapter after a publish).
  const loading = new Map<string, Promise<SharedChapter | undefined>>();
  const unsubscribe = options.versions.subscribe(() => {
    store.clear();
    loading.clear();
  });

  async function get(chapterUuid: string, language: string): Promise<SharedChapter | undefined> {
    const key = `${chapterUuid}\n${language}`;
    const cached = store.get(key);
    if (cached) {
      options.counter?.hit();
      return cached;
    }
    options.counter?.miss();
    const joined = loading.get(key);
    if (joined) return joined;
    const pending = fill(key, chapterUuid, language).finally(() => {
      // A version change may have replaced this read with a newer one: leave that one alone.
      if (loading.get(key) === pending) loading.delete(key);
    });
    loading.set(key, pending);
    return pending;
  }

  async function fill(key: string, chapterUuid: string, language: string): Promise<SharedChapter | undefined> {
    // The version before the read: a read that a change overtook is answered but not kept.
    const version = await options.versions.get();
    const chapter = await options.load(chapterUuid, language);
    if (chapter && options.versions.peek() === version) store.set(key, chapter);
    return chapter;
  }

  return {
    get,
    clear: () => store.clear(),
    stats: () => ({ entries: store.size, bytes: store.calculatedSize }),
    close: () => void unsubscribe(),
  };
}

export type ChapterCache = ReturnType<typeof createChapterCache>;
