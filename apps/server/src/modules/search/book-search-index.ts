import { analyseBook, FIELD_COUNT, type AnalysedBook, type SearchableBook } from './book-terms.js';
import { searchableIndex, type BookSearchIndex } from './ranked-search.js';
import { sortTitlesInSteps } from './sorted-titles.js';
import { sortInSteps, TermIndexBuilder } from './term-index.js';

// What a builder hands the index and a search gets back.
export type { SearchableBook } from './book-terms.js';
export type { BookSearchIndex } from './ranked-search.js';
export type { RankedMatch } from './match-kinds.js';

/**
 * An in-memory index of the published catalogue (term-index.ts), ranked by kind of match
 * (ranked-search.ts). Built from the database a book at a time (`add`, so the caller can let
 * requests run between books: reading the terms of 100,000 books is seconds of work), then
 * searched without I/O, in bounded work per query. `finish` builds it at once; `finishInTurns` in
 * slices, awaiting `letOthersRun` whenever a slice has held the event loop for a few milliseconds.
 */
export function startBookSearchIndex() {
  const builder = new TermIndexBuilder(FIELD_COUNT);
  /** Folded titles of each book and, for Chinese ones, their whole pinyin and initials: what the two best kinds compare. */
  const titleForms = new Map<number, string[]>();
  const popularityOf = new Map<number, number>();

  /** A book already read (analyseBook): the delta keeps its books so, and indexes them again without reading them again. */
  function addAnalysed(book: AnalysedBook): void {
    book.terms.forEach((terms, field) => builder.add(field, book.id, terms));
    titleForms.set(book.id, book.titleForms);
    popularityOf.set(book.id, book.popularity);
  }

  /**
   * Books by popularity, most popular first (ties: lower id first): a book's place in that order
   * is its number in the index's postings, so every posting list is in popularity order.
   */
  function* finishInSteps(): Generator<void, BookSearchIndex> {
    const ids = Int32Array.from(popularityOf.keys());
    const popularity = Float64Array.from(popularityOf.values());
    const byPlace = yield* sortInSteps(
      Int32Array.from(ids, (_, i) => i),
      (a, b) => popularity[b]! - popularity[a]! || ids[a]! - ids[b]!,
    );
    const bookAt = Int32Array.from(byPlace, (i) => ids[i]!);
    const placeOf = new Int32Array(ids.reduce((max, id) => Math.max(max, id), 0) + 1);
    bookAt.forEach((book, place) => (placeOf[book] = place));
    const formsAt = Array.from(bookAt, (book) => titleForms.get(book) ?? []);
    titleForms.clear();
    popularityOf.clear();
    yield;
    const titles = yield* sortTitlesInSteps(formsAt);
    const index = yield* builder.buildInSteps(placeOf);
    return searchableIndex(index, bookAt, formsAt, titles);
  }

  return {
    add: (book: SearchableBook) => addAnalysed(analyseBook(book)),
    addAnalysed,
    finish(): BookSearchIndex {
      const steps = finishInSteps();
      for (;;) {
        const step = steps.next();
        if (step.done) return step.value;
      }
    },
    async finishInTurns(letOthersRun: () => Promise<void>, sliceMs = 10): Promise<BookSearchIndex> {
      const steps = finishInSteps();
      let sliceStart = performance.now();
      for (;;) {
        const step = steps.next();
        if (step.done) return step.value;
        if (performance.now() - sliceStart >= sliceMs) {
          await letOthersRun();
          sliceStart = performance.now();
        }
      }
    },
  };
}
