import type { EndedCopy, OfflineStorage, OfflineStore, PageStore, SavedChapter } from '../features/offline/saved-chapter';

/**
 * The saved chapters' storage in memory, for tests (the browser's is IndexedDB and Cache Storage,
 * features/offline/offline-db.ts): the same interface, and what it holds open to assertions.
 */
export function memoryOfflineStorage(): OfflineStorage & {
  records: Map<string, SavedChapter>;
  images: Map<string, Blob>;
  meta: Map<string, number>;
  ended: Map<string, EndedCopy>;
  clock(): number;
  setClock(latest: number): void;
} {
  const records = new Map<string, SavedChapter>();
  const images = new Map<string, Blob>();
  const meta = new Map<string, number>();
  const ended = new Map<string, EndedCopy>();
  let latest = 0;
  const copy = (chapter: SavedChapter): SavedChapter => structuredClone(chapter);
  const store: OfflineStore = {
    get: async (chapterUuid) => {
      const chapter = records.get(chapterUuid);
      return chapter && copy(chapter);
    },
    put: async (chapter) => {
      records.set(chapter.chapter_uuid, copy(chapter));
    },
    remove: async (chapterUuid) => {
      records.delete(chapterUuid);
    },
    all: async () => [...records.values()].map(copy),
    ofBook: async (bookUuid) => [...records.values()].filter((chapter) => chapter.book_uuid === bookUuid).map(copy),
    advanceClock: async (now) => {
      latest = Math.max(latest, now);
      return latest;
    },
    readMeta: async (key) => meta.get(key),
    writeMeta: async (key, value) => {
      meta.set(key, value);
    },
    noteEnded: async (copies) => {
      for (const copy of copies) ended.set(copy.chapter_uuid, { ...copy });
    },
    endedCopy: async (chapterUuid) => ended.get(chapterUuid),
    forgetEnded: async (which) => {
      if ('chapterUuid' in which) ended.delete(which.chapterUuid);
      else for (const [uuid, copy] of ended) if (copy.ended_at < which.before) ended.delete(uuid);
    },
  };
  const pages: PageStore = {
    put: async (chapterUuid, index, image) => {
      images.set(`/offline-pages/${chapterUuid}/${index}`, image);
    },
    removeChapter: async (chapterUuid, pageCount) => {
      for (let index = 0; index < pageCount; index += 1) images.delete(`/offline-pages/${chapterUuid}/${index}`);
    },
    stored: async () => {
      const found = new Map<string, number>();
      for (const url of images.keys()) {
        const [, chapterUuid, index] = /^\/offline-pages\/([^/]+)\/(\d+)$/.exec(url) ?? [];
        if (chapterUuid) found.set(chapterUuid, Math.max(found.get(chapterUuid) ?? 0, Number(index) + 1));
      }
      return found;
    },
  };
  return {
    store,
    pages,
    records,
    images,
    meta,
    ended,
    clock: () => latest,
    setClock: (value) => {
      latest = value;
    },
  };
}
