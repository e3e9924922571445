import { GENRE_TAG_NAMES, type GenreTag } from '@inkstream/contracts';
import { letOthersRun } from '../../lib/concurrency.js';
import { startBookSearchIndex, type BookSearchIndex } from './book-search-index.js';
import { termsOfName, type AnalysedBook } from './book-terms.js';
import type { RankedMatch } from './match-kinds.js';
import { QUERY_LIMITS } from './search-query.js';
import { startNameIndex, type NameIndex } from './name-index.js';

/**
 * The index is searched in two layers: a large base built from the whole catalogue now and then
 * (seconds at 100,000 books), and a small delta of the books changed since (search-delta.ts),
 * which hides the base's copy of each of them. A search asks both and merges their lists in the
 * order one index built from the whole catalogue would give (see mergeRanked).
 */
export interface SearchLayer {
  index: BookSearchIndex;
  /** Popularity by book id as the layer read it: its order of ties, which the merge must follow. */
  popularity: Float64Array;
  /** 1 for each unpublished book, by id: what the public search leaves out. */
  drafts: Uint8Array;
  /** The authors and tags of the layer's published books: what the header suggests besides books (name-index.ts). */
  authors: NameIndex;
  tags: NameIndex;
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
  // Let go at finish: the builder holds every posting as a plain array until then.
  let index: ReturnType<typeof startBookSearchIndex> | null = startBookSearchIndex();
  let popularity = new Float64Array(1024);
  let drafts = new Uint8Array(1024);
  let count = 0;
  // Authors weigh what their books do (popularity); a tag, the books that have it.
  const authors = startNameIndex();
  const tags = startNameIndex();
  return {
    /** A book read and analysed (analyseBook), published or not. */
    add(book: AnalysedBook, isPublished: boolean): void {
      if (book.id >= popularity.length) {
        const size = Math.max(book.id + 1, popularity.length * 2);
        const grownPopularity = new Float64Array(size);
        grownPopularity.set(popularity);
        const grownDrafts = new Uint8Array(size);
        grownDrafts.set(drafts);
        [popularity, drafts] = [grownPopularity, grownDrafts];
      }
      popularity[book.id] = book.popularity;
      drafts[book.id] = isPublished ? 0 : 1;
      count += 1;
      index!.addAnalysed(book);
      if (!isPublished) return;
      const author = book.author;
      if (book.authorName && author) authors.add(book.authorName, () => [author], Math.max(book.popularity, 0) + 1);
      for (const slug of book.tagSlugs) {
        const names = [slug, ...(GENRE_TAG_NAMES[slug as GenreTag] ?? [])];
        tags.add(slug, () => names.map((name) => termsOfName(name, false)), 1);
      }
    },
    /** Finishes the layer in slices of a few milliseconds, letting requests run between them. */
    async finish(): Promise<SearchLayer> {
      const built = await index!.finishInTurns(letOthersRun);
      const layer = { index: built, popularity, drafts, authors: authors.finish(), tags: tags.finish(), size: count };
      index = null;
      return layer;
    },
  };
}

/** A layer of books analysed already (the delta's), letting requests run every few thousand books. */
export async function buildSearchLayer(books: Iterable<{ analysed: AnalysedBook; isPublished: boolean }>): Promise<SearchLayer> {
  const layer = startSearchLayer();
  let added = 0;
  for (const book of [...books].sort((a, b) => a.analysed.id - b.analysed.id)) {
    layer.add(book.analysed, book.isPublished);
    if (++added % (10 * BOOKS_PER_TURN) === 0) await letOthersRun();
  }
  return layer.finish();
}

/** The place of a match's bucket: every exact kind before every fuzzy one (match-buckets.ts). */
const bucketOf = (match: RankedMatch) => (match.isFuzzy ? 100 : 0) + match.kind;

/** A base and a delta as searches read them, with the base's books to leave out made once per pair. */
export interface LayeredSearch {
  base: SearchLayer;
  /** Books changed since the base was built; null while there are none. */
  delta: SearchLayer | null;
  /** By id, 1 for the base's books the delta replaced (the console's search leaves these out of the base). */
  replaced: Uint8Array;
  /** By id, 1 for the base's books the public search leaves out: replaced ones and drafts. */
  hidden: Uint8Array;
}

/** Pairs a base with a delta (the ids it holds and their layer). */
export function layered(base: SearchLayer, delta: { layer: SearchLayer | null; ids: ReadonlySet<number> }): LayeredSearch {
  const replaced = new Uint8Array(base.drafts.length);
  for (const id of delta.ids) if (id < replaced.length) replaced[id] = 1;
  const hidden = base.drafts.map((draft, id) => draft | replaced[id]!);
  return { base, delta: delta.layer, replaced, hidden };
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
  const { base, delta } = layers;
  const fromBase = base.index.search(query, drafts ? layers.replaced : layers.hidden);
  if (!delta) return fromBase;
  const fromDelta = delta.index.search(query, drafts ? undefined : delta.drafts);
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
      const order = bucketOf(x) - bucketOf(y) || layerB.popularity[y.id]! - layerA.popularity[x.id]! || x.id - y.id;
      if (order <= 0) merged.push(a[i++]!);
      else merged.push(b[j++]!);
    }
  }
  return merged;
}

/**
 * Authors and tags matching the query, at most `limit` of each: the base's first, then names only
 * the delta's books have. A name whose books all left the catalogue since the base was built is
 * still offered until the next base build (its search then finds nothing); documented in SEARCH.md.
 */
export function findNames(layers: LayeredSearch, query: string, limit: number): { authors: string[]; tags: string[] } {
  const { base, delta } = layers;
  const both = (pick: (layer: SearchLayer) => NameIndex) => {
    const found = pick(base).find(query, limit);
    if (delta && found.length < limit) for (const name of pick(delta).find(query, limit)) if (!found.includes(name)) found.push(name);
    return found.slice(0, limit);
  };
  return { authors: both((layer) => layer.authors), tags: both((layer) => layer.tags) };
}
