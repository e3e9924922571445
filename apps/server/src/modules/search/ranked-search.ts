import { FIELD_COUNT } from './book-terms.js';
import { bestBuckets, bucketOf, emptyBuckets, rankedFrom } from './match-buckets.js';
import { KINDS, type RankedMatch, type Stream } from './match-kinds.js';
import { streamsOf } from './piece-matching.js';
import { postingSets, seek } from './posting-lists.js';
import { parseQuery, QUERY_LIMITS, type Conjunction } from './search-query.js';
import { lastTitlePlaces, type SortedTitles } from './sorted-titles.js';
import type { TermIndex } from './term-index.js';

/**
 * A finished index searched (book-search-index.ts builds it): `index` holds the postings as places
 * in the popularity order, `bookAt` the book id of each place, `formsAt` its title forms, `titles`
 * every title form sorted.
 */
export function searchableIndex(index: TermIndex, bookAt: Int32Array, formsAt: string[][], titles: SortedTitles) {
  const count = bookAt.length;
  const { meetAll } = postingSets(count);

  /** A piece of the query as the lists that match it, each with the bits it gives (piece-matching.ts). */
  const streamsIn = (alternatives: Conjunction[]) => streamsOf(index, alternatives, meetAll);

  /** Byte per book, reused by every query (searches run one at a time, each to its end): a piece's bits. */
  const markPool: Uint8Array[] = [];
  const marksFor = (slot: number) => (markPool[slot] ??= new Uint8Array(count));

  /** Marks every book of `streams` with its bits; returns the range of places touched and how many books. */
  function mark(marks: Uint8Array, streams: Stream[]): { low: number; high: number; books: number } {
    let low = count;
    let high = -1;
    let books = 0;
    for (const { bits, list } of streams) {
      if (list[0]! < low) low = list[0]!;
      if (list[list.length - 1]! > high) high = list[list.length - 1]!;
      for (let i = 0; i < list.length; i += 1) {
        const place = list[i]!;
        if (marks[place] === 0) books += 1;
        marks[place]! |= bits;
      }
    }
    return { low, high, books };
  }

  const costOf = (streams: Stream[]) => streams.reduce((sum, stream) => sum + stream.list.length, 0);

  return {
    /**
     * Matching books, best first (at most QUERY_LIMITS.candidates); [] for a query with nothing to search.
     *
     * Postings are places in the popularity order, so walking the books of the rarest piece from
     * place 0 meets each bucket's books in the order they are listed. The rarest piece's books are
     * marked; every other piece is either marked too (when it has few books) or only looked up
     * for the walk's books, by galloping through its sorted lists (a word every book has costs a
     * few steps per candidate instead of a visit of 100,000 postings). The walk stops once the best
     * bucket any book can reach holds QUERY_LIMITS.candidates books: no later book can rank before them.
     *
     * `hidden`: by book id, 1 for books left out as if they did not match (drafts for the public,
     * books a newer layer holds: search-layers.ts); they take no part in the stop rule either.
     */
    search(raw: string, hidden?: Uint8Array): RankedMatch[] {
      const query = parseQuery(raw, index);
      if (!query) return [];
      const pieces = query.pieces.map(streamsIn);
      const costs = pieces.map(costOf);
      if (costs.some((cost) => cost === 0)) return [];
      const order = pieces.map((_, p) => p).sort((a, b) => costs[a]! - costs[b]!);
      const driver = order[0]!;
      const others = order.slice(1);
      const marked: { marks: Uint8Array; low: number; high: number }[] = [];
      try {
        const driverMarks = marksFor(0);
        const { low, high, books } = mark(driverMarks, pieces[driver]!);
        marked.push({ marks: driverMarks, low, high });
        // Per other piece: its marks, or its streams and a cursor per stream for the lookups.
        const lookups = others.map((p) => {
          const streams = pieces[p]!;
          const galloping = streams.reduce(
            (sum, s) => sum + Math.min(s.list.length, books * (2 + Math.log2(1 + s.list.length / books))),
            0,
          );
          if (galloping >= costs[p]!) {
            const marks = marksFor(marked.length);
            marked.push({ marks, ...mark(marks, streams) });
            return { marks, streams, cursors: null };
          }
          return { marks: null, streams, cursors: new Int32Array(streams.length) };
        });
        const bits = new Uint8Array(pieces.length);
        const buckets = emptyBuckets();
        const bestAt = bestBuckets(pieces, lastTitlePlaces(titles, query));
        const sizes = new Int32Array(2 * KINDS + 1);
        for (let place = low; place <= high; place += 1) {
          const own = driverMarks[place]!;
          if (own === 0 || hidden?.[bookAt[place]!] === 1) continue;
          bits[driver] = own;
          let isEveryPiece = true;
          for (let o = 0; o < others.length && isEveryPiece; o += 1) {
            const lookup = lookups[o]!;
            let found = 0;
            if (lookup.marks) found = lookup.marks[place]!;
            else {
              const { streams, cursors } = lookup;
              for (let s = 0; s < streams.length; s += 1) {
                const { list, bits: streamBits } = streams[s]!;
                const at = seek(list, cursors![s]!, place);
                cursors![s] = at;
                if (at < list.length && list[at] === place) found |= streamBits;
              }
            }
            bits[others[o]!] = found;
            if (found === 0) isEveryPiece = false;
          }
          if (!isEveryPiece) continue;
          const bucket = bucketOf(formsAt[place]!, query, bits);
          buckets[bucket]!.push(place);
          sizes[bucket]! += 1;
          // Every later book is at best in bucket `best`: enough books in it and better ones end the walk.
          const best = bestAt(place + 1);
          if (bucket > best) continue;
          let ahead = 0;
          for (let b = 1; b <= best; b += 1) ahead += sizes[b]!;
          if (ahead >= QUERY_LIMITS.candidates) break;
        }
        return rankedFrom(buckets, bookAt);
      } finally {
        for (const { marks, low, high } of marked) if (high >= low) marks.fill(0, low, high + 1);
      }
    },

    /** The same ranking by looking at every book (no marks, no early stop): what the tests compare `search` with. */
    searchEveryBook(raw: string, hidden?: Uint8Array): RankedMatch[] {
      const query = parseQuery(raw, index);
      if (!query) return [];
      const pieces = query.pieces.map(streamsIn);
      const buckets = emptyBuckets();
      for (let place = 0; place < count; place += 1) {
        if (hidden?.[bookAt[place]!] === 1) continue;
        const bits = pieces.map((streams) =>
          streams.reduce((found, { list, bits }) => (list[seek(list, 0, place)] === place ? found | bits : found), 0),
        );
        const bucket = bucketOf(formsAt[place]!, query, bits);
        if (bucket > 0) buckets[bucket]!.push(place);
      }
      return rankedFrom(buckets, bookAt);
    },

    get size() {
      return count;
    },
    /** The vocabulary and its postings: "did you mean" looks for near terms in it (did-you-mean.ts). */
    terms: index,
    fieldCount: FIELD_COUNT,
  };
}

export type BookSearchIndex = ReturnType<typeof searchableIndex>;
