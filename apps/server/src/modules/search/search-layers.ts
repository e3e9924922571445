import { letOthersRun } from '../../lib/concurrency.js';
import { QUERY_LIMITS, startBookSearchIndex, type BookSearchIndex, type RankedMatch } from './book-search-index.js';
import type { IndexedBook } from './searchable-books.js';

/**
 * The index is searched in two layers: a large base built from the whole catalogue now and then
 * (seconds at 100,000 books), and a small delta of the books changed since (search-delta.ts),
 * which hides the base's copy of each of them. A search asks both and merges their lists in the
 * order one index built from the whole catalogue would give (see mergeRanked).
 */
export interface SearchLayer {
  index: BookSearchIndex;
  /** Popularity as the layer read it: its order of ties, which the merge must follow. */
  popularityOf(id: number): number;
  isPublished(id: number): boolean;
  readonly size: number;
}

/**
 * Books indexed between two turns of the event loop: reading a book's terms (folding, pinyin)
 * takes about 0.15 ms, so a request waits at most a few tens of milliseconds behind a build
 * (`npm run bench:search` reports the longest wait).
 */
export const BOOKS_PER_TURN = 200;

/** Builds a layer a book at a time (in increasing id order), with what the merge and the public filter need per book. */
export function startSearchLayer() {
  const index = startBookSearchIndex();
  let popularity = new Float64Array(1024);
  let published = new Uint8Array(1024);
  let count = 0;
  return {
    add(book: IndexedBook): void {
      if (book.id >= popularity.length) {
        const size = Math.max(book.id + 1, popularity.length * 2);
        const grownPopularity = new Float64Array(size);
        grownPopularity.set(popularity);
        const grownPublished = new Uint8Array(size);
        grownPublished.set(published);
        [popularity, published] = [grownPopularity, grownPublished];
      }
      popularity[book.id] = book.popularity;
      published[book.id] = book.isPublished ? 1 : 0;
      count += 1;
      index.add(book);
    },
    finish(): SearchLayer {
      return {
        index: index.finish(),
        popularityOf: (id) => popularity[id] ?? 0,
        isPublished: (id) => published[id] === 1,
        size: count,
      };
    },
  };
}

/** A layer of a few books at once (the delta), letting requests run every BOOKS_PER_TURN books. */
export async function buildSearchLayer(books: Iterable<IndexedBook>): Promise<SearchLayer> {
  const layer = startSearchLayer();
  let added = 0;
  for (const book of [...books].sort((a, b) => a.id - b.id)) {
    layer.add(book);
    if (++added % BOOKS_PER_TURN === 0) await letOthersRun();
  }
  return layer.finish();
}

/** The place of a match's bucket: every exact kind before every fuzzy one (book-search-index.ts). */
const bucketOf = (match: RankedMatch) => (match.isFuzzy ? 100 : 0) + match.kind;

export interface LayeredSearch {
  base: SearchLayer;
  /** Books changed since the base was built (null while there are none), and their ids. */
  delta: { layer: SearchLayer | null; ids: ReadonlySet<number> };
}

/**
 * Searches the base (less the books the delta replaced) and the delta, and merges the two lists.
 * Each index lists its matches by bucket (kind of match, typo or not), then popularity (highest
 * first), then id: a book's bucket depends only on its own texts and the query, so merging the two
 * lists by the same three keys gives the order one index of all the books would give (checked by
 * search-delta.test.ts against a full rebuild). `drafts`: the console's search, which also finds
 * unpublished books; the public search never does.
 */
export function searchLayers(layers: LayeredSearch, query: string, drafts: boolean): RankedMatch[] {
  const { base } = layers;
  const { layer: delta, ids: replaced } = layers.delta;
  const fromBase = base.index.search(query, (id) => replaced.has(id) || (!drafts && !base.isPublished(id)));
  if (!delta) return fromBase;
  const fromDelta = delta.index.search(query, drafts ? undefined : (id) => !delta.isPublished(id));
  if (fromDelta.length === 0) return fromBase;
  return mergeRanked(fromBase, base, fromDelta, delta);
}

function mergeRanked(a: RankedMatch[], layerA: SearchLayer, b: RankedMatch[], layerB: SearchLayer): RankedMatch[] {
  const merged: RankedMatch[] = [];
  let i = 0;
  let j = 0;
  while (merged.length < QUERY_LIMITS.candidates && (i < a.length || j < b.length)) {
    if (j >= b.length) merged.push(a[i++]!);
    else if (i >= a.length) merged.push(b[j++]!);
    else {
      const x = a[i]!;
      const y = b[j]!;
      const order =
        bucketOf(x) - bucketOf(y) || layerB.popularityOf(y.id) - layerA.popularityOf(x.id) || x.id - y.id;
      if (order <= 0) merged.push(a[i++]!);
      else merged.push(b[j++]!);
    }
  }
  return merged;
}
