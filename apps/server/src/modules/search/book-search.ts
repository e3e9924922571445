import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/database.js';
import { analyseBook } from './book-terms.js';
import type { RankedMatch } from './match-kinds.js';
import { letOthersRun } from '../../lib/concurrency.js';
import { SearchDelta } from './search-delta.js';
import { suggestQuery } from './did-you-mean.js';
import {
  BOOKS_PER_TURN,
  findNames,
  layered,
  searchLayers,
  startSearchLayer,
  type LayeredSearch,
  type SearchLayer,
} from './search-layers.js';
import { readSearchableBooks } from './searchable-books.js';
import { findLastBookId, findLastSearchRevision } from './search.repository.js';

/**
 * The site's book search: what any search engine standing behind it (this in-process index
 * today; Meilisearch or PostgreSQL pg_trgm for a catalogue past one machine's memory) answers.
 */
export interface BookSearch {
  /**
   * Books matching the query, best first, at most QUERY_LIMITS.candidates: published ones only,
   * unless `drafts` (the console's search, which lists unpublished books too).
   */
  search(query: string, options?: { drafts?: boolean }): Promise<RankedMatch[]>;
  /**
   * The ids of what `search` finds, in its order. Kept per query until the index changes: the
   * pages of one search (infinite scroll), its other languages and its "did you mean" check ask
   * the same query again, and the answer is the same until a book changes. Read-only.
   */
  ids(query: string, options?: { drafts?: boolean }): Promise<Int32Array>;
  /** When a query finds nothing: a corrected one that finds published books (did-you-mean.ts), or null. */
  didYouMean(query: string): Promise<string | null>;
  /**
   * Authors and tags whose names match the query, best first, at most `limit` of each: what the
   * header suggests besides books (authors of published books only; tags by their names in every
   * language).
   */
  names(query: string, limit: number): Promise<{ authors: string[]; tags: string[] }>;
  /** Builds the index ahead of the first search (called when the server is ready). */
  warm(): Promise<void>;
}

/**
 * Queries whose ids are kept (ids()): at most QUERY_LIMITS.candidates ids each, 4 bytes an id, so
 * at most 4 MB in all.
 */
const KEPT_QUERIES = 1_000;

/** Rows per read, with a turn of the event loop between reads (SQLite reads run on the main thread). */
const CHUNK = 2_000;

/**
 * Books changed since the base was built past which the base is rebuilt in the background: the
 * delta's terms are indexed again on every change (at 2,000 books, under 0.1 s), the base only
 * once in a while.
 */
const REBUILD_AFTER = 2_000;

/** Builds the base index from the database, a range of books at a time, letting requests run in between. */
async function buildBase(db: Db): Promise<SearchLayer> {
  const layer = startSearchLayer();
  const maxId = await findLastBookId(db);
  for (let from = 0; from < maxId; from += CHUNK) {
    let added = 0;
    for (const book of await readSearchableBooks(db, { from, to: from + CHUNK })) {
      layer.add(analyseBook(book), book.isPublished);
      if (++added % BOOKS_PER_TURN === 0) await letOthersRun();
    }
    await letOthersRun();
  }
  return layer.finish();
}

/** The in-process search, with what tests and the bench look at besides. */
export interface InProcessBookSearch extends BookSearch {
  /** How many times the base was built, the delta's size, whether a rebuild is under way. */
  stats(): {
    baseBuilds: number;
    deltaBooks: number;
    rebuilding: boolean;
    /** The last base built (metrics): its books, when it was done (epoch ms) and how long it took; null before the first. */
    lastBase: { books: number; builtAt: number; seconds: number } | null;
  };
  /** Resolves once no base rebuild is under way. */
  settled(): Promise<void>;
}

/**
 * What tells the search that the catalogue changed: a version that moves with every change of it
 * (the catalogue's version, catalogue-version.ts, handed in by services.ts). Declared here so that
 * the search depends on nothing of the catalogue module, which calls the search.
 */
export interface CatalogueVersionSource {
  get(): Promise<string>;
}

export interface BookSearchOptions {
  /** Changed books past which the base is rebuilt in the background (REBUILD_AFTER). */
  rebuildAfter?: number;
}

/**
 * Keeps the index in step with the catalogue on every node: built whole when the server starts;
 * after that, when the catalogue version moves (a book published, renamed, retagged or
 * unpublished on any node moves it; catalogue-version.ts learns of it within a second), only the
 * books changed since are read again, into a small delta searched beside the base
 * (search-delta.ts, search-layers.ts). The first search after a change waits for that (tens of
 * milliseconds for a change of one book), as the catalogue list waits for its new snapshot; once the delta holds more than
 * `rebuildAfter` books the base is rebuilt in the background while the old base and the delta
 * keep answering. Only the very first build is ever waited for.
 */
export function createBookSearch(db: Db, versions: CatalogueVersionSource, options: BookSearchOptions = {}): InProcessBookSearch {
  const rebuildAfter = options.rebuildAfter ?? REBUILD_AFTER;
  let state: { version: string; layers: LayeredSearch; delta: SearchDelta } | undefined;
  let starting: Promise<void> | undefined;
  /** Catching up and swapping in a new base run one after the other: both change the delta. */
  let queue: Promise<unknown> = Promise.resolve();
  let rebuilding: Promise<void> | undefined;
  let baseBuilds = 0;
  let lastBase: { books: number; builtAt: number; seconds: number } | null = null;
  /** ids() answers, for the layers they were searched in (a change of the index makes new layers). */
  const kept = { layers: undefined as LayeredSearch | undefined, ids: new LRUCache<string, Int32Array>({ max: KEPT_QUERIES }) };

  /** Runs `work` after what is queued (whether that failed or not); its own failure reaches only its caller. */
  function serially<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  }

  /** The base, read with the revision every book of it is at least as new as. */
  async function readBase(): Promise<{ revision: number; base: SearchLayer }> {
    baseBuilds += 1;
    const startedAt = performance.now();
    const revision = await findLastSearchRevision(db);
    const base = await buildBase(db);
    lastBase = { books: base.size, builtAt: Date.now(), seconds: (performance.now() - startedAt) / 1000 };
    return { revision, base };
  }

  function start(): Promise<void> {
    starting ??= (async () => {
      const version = await versions.get();
      const { revision, base } = await readBase();
      state = { version, delta: new SearchDelta(revision), layers: layered(base, { layer: null, ids: new Set() }) };
    })().finally(() => (starting = undefined));
    return starting;
  }

  /** Reads the books changed since the last read; starts a new base once there are many. */
  function catchUp(version: string): Promise<void> {
    return serially(async () => {
      const current = state!;
      if (current.version === version) return;
      const view = await current.delta.catchUp(db);
      if (view) current.layers = layered(current.layers.base, view);
      current.version = version;
      if (current.delta.size > rebuildAfter) rebuildInBackground();
    });
  }

  function rebuildInBackground(): void {
    rebuilding ??= (async () => {
      const { revision, base } = await readBase();
      await serially(async () => {
        const current = state!;
        const view = await current.delta.rebase(revision);
        current.layers = layered(base, view);
      });
    })()
      // A failed rebuild leaves the old base and the delta answering; the next change tries again.
      .catch(() => undefined)
      .finally(() => (rebuilding = undefined));
  }

  async function fresh(): Promise<LayeredSearch> {
    if (!state) await start();
    // As the catalogue list does (ranking-snapshot.ts): a search right after a change sees it.
    const version = await versions.get();
    if (version !== state!.version) await catchUp(version);
    return state!.layers;
  }

  return {
    async search(query: string, searchOptions: { drafts?: boolean } = {}) {
      return searchLayers(await fresh(), query, searchOptions.drafts === true);
    },
    async ids(query: string, searchOptions: { drafts?: boolean } = {}) {
      const layers = await fresh();
      if (kept.layers !== layers) {
        kept.ids.clear();
        kept.layers = layers;
      }
      const drafts = searchOptions.drafts === true;
      const key = `${drafts ? 'd' : 'p'}${query}`;
      let ids = kept.ids.get(key);
      if (!ids) {
        ids = Int32Array.from(searchLayers(layers, query, drafts), (match) => match.id);
        kept.ids.set(key, ids);
      }
      return ids;
    },
    async didYouMean(query: string) {
      const layers = await fresh();
      const finds = (corrected: string) => searchLayers(layers, corrected, false).length > 0;
      // The base's vocabulary first, then the words of the books changed since it was built.
      const { index } = layers.base;
      const fromBase = suggestQuery(query, index.terms, index.fieldCount, finds);
      if (fromBase !== null || !layers.delta) return fromBase;
      return suggestQuery(query, layers.delta.index.terms, layers.delta.index.fieldCount, finds);
    },
    async names(query: string, limit: number) {
      return findNames(await fresh(), query, limit);
    },
    async warm() {
      await fresh();
    },
    stats() {
      return { baseBuilds, deltaBooks: state?.delta.size ?? 0, rebuilding: rebuilding !== undefined, lastBase };
    },
    async settled() {
      while (rebuilding) await rebuilding;
    },
  };
}
