import type { BookOrder } from '@inkstream/contracts';
import type { Db } from '../../db/database.js';
import { readCatalogueVersion } from './catalogue-write.repository.js';
import { findAllBookTags, findAllBookTitles, findAllTags, findPublishedBookOrderKeys } from './catalogue.repository.js';

/**
 * An in-memory ordering of all published books, so a page of the catalogue is an array slice:
 * the cost of page 5,000 is the cost of page 0 (no OFFSET scan), and tag counts are free.
 *
 * It is rebuilt when the catalogue version in `app_state` changes (any process that adds books,
 * chapters or tags bumps it; checked on every read, a primary-key lookup) and refreshed in the
 * background every `maxAgeMs` so popularity order follows reading activity.
 */
interface Snapshot {
  version: string;
  builtAt: number;
  order: Record<BookOrder, Int32Array>;
  tagIdByName: Map<string, number>;
  tagNamesByBook: Map<number, string[]>;
  /** Tag names of published books, most used first. */
  tagsByUse: string[];
  byTag: Map<string, Int32Array>;
  /** Lower-cased titles of every language, built on the first title search. */
  titles?: Map<number, string>;
}

export interface RankedPage {
  ids: number[];
  /** Tag names of each book in `ids`, in the book's own tag order. */
  tags: string[][];
  total: number;
}

export function createRankingSnapshot(db: Db, options: { maxAgeMs?: number; now?: () => number } = {}) {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const now = options.now ?? Date.now;
  let current: Snapshot | undefined;
  let building: Promise<Snapshot> | undefined;

  async function build(): Promise<Snapshot> {
    const version = await readCatalogueVersion(db);
    const [books, bookTags, tags] = await Promise.all([findPublishedBookOrderKeys(db), findAllBookTags(db), findAllTags(db)]);
    const byUpdated = books.map((b) => b);
    byUpdated.sort((a, b) => b.updated_at - a.updated_at || b.id - a.id);
    const byPopularity = books.map((b) => b);
    byPopularity.sort((a, b) => b.popularity - a.popularity || b.updated_at - a.updated_at || b.id - a.id);

    const published = new Set(books.map((b) => b.id));
    const tagName = new Map(tags.map((t) => [t.id, t.name]));
    const tagNamesByBook = new Map<number, string[]>();
    const useCount = new Map<string, number>();
    bookTags.sort((a, b) => a.book_id - b.book_id || a.position - b.position);
    for (const row of bookTags) {
      const name = tagName.get(row.tag_id);
      if (!name || !published.has(row.book_id)) continue;
      const list = tagNamesByBook.get(row.book_id) ?? [];
      list.push(name);
      tagNamesByBook.set(row.book_id, list);
      useCount.set(name, (useCount.get(name) ?? 0) + 1);
    }
    return {
      version,
      builtAt: now(),
      order: { updated_at: Int32Array.from(byUpdated, (b) => b.id), popularity: Int32Array.from(byPopularity, (b) => b.id) },
      tagIdByName: new Map(tags.map((t) => [t.name, t.id])),
      tagNamesByBook,
      tagsByUse: [...useCount.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name),
      byTag: new Map(),
    };
  }

  function rebuild(): Promise<Snapshot> {
    building ??= build()
      .then((snapshot) => (current = snapshot))
      .finally(() => (building = undefined));
    return building;
  }

  async function fresh(): Promise<Snapshot> {
    if (!current) return rebuild();
    if ((await readCatalogueVersion(db)) !== current.version) return rebuild();
    // Stale only in popularity order: answer from the current one and refresh behind it.
    if (now() - current.builtAt > maxAgeMs) void rebuild().catch(() => undefined);
    return current;
  }

  function filtered(snapshot: Snapshot, order: BookOrder, tag: string): Int32Array {
    const cacheKey = `${order}\u0000${tag}`;
    let ids = snapshot.byTag.get(cacheKey);
    if (!ids) {
      ids = snapshot.order[order].filter((id) => snapshot.tagNamesByBook.get(id)?.includes(tag) ?? false);
      snapshot.byTag.set(cacheKey, ids);
    }
    return ids;
  }

  async function titles(snapshot: Snapshot): Promise<Map<number, string>> {
    if (!snapshot.titles) {
      const map = new Map<number, string>();
      for (const row of await findAllBookTitles(db)) {
        map.set(row.book_id, `${map.get(row.book_id) ?? ''}\u0000${row.title.toLowerCase()}`);
      }
      snapshot.titles = map;
    }
    return snapshot.titles;
  }

  return {
    async page(query: { order: BookOrder; tag?: string | undefined; q?: string | undefined; page: number; pageSize: number }): Promise<RankedPage> {
      const snapshot = await fresh();
      let ids = query.tag ? filtered(snapshot, query.order, query.tag) : snapshot.order[query.order];
      const needle = query.q?.trim().toLowerCase();
      if (needle) {
        const titleOf = await titles(snapshot);
        ids = ids.filter((id) => titleOf.get(id)?.includes(needle) ?? false);
      }
      const start = query.page * query.pageSize;
      const pageIds = Array.from(ids.subarray(start, start + query.pageSize));
      return { ids: pageIds, tags: pageIds.map((id) => snapshot.tagNamesByBook.get(id) ?? []), total: ids.length };
    },
    async tagsByUse(): Promise<string[]> {
      return (await fresh()).tagsByUse;
    },
    /** Forces the next read to rebuild (used after writes in this process). */
    invalidate(): void {
      current = undefined;
    },
  };
}

export type RankingSnapshot = ReturnType<typeof createRankingSnapshot>;
