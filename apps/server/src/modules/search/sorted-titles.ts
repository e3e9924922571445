import type { ParsedQuery } from './search-query.js';
import { sortInSteps } from './term-index.js';

/** Title forms (book-terms.ts titleFormsOf) of every book, sorted, and the place of the book of each. */
export interface SortedTitles {
  texts: string[];
  places: Int32Array;
}

/** Every title form once, sorted, with its book's place: the books whose title is or starts with a query are a range. */
export function* sortTitlesInSteps(formsAt: readonly string[][]): Generator<void, SortedTitles> {
  const formTexts: string[] = [];
  const formOwners: number[] = [];
  formsAt.forEach((forms, place) => {
    for (const form of forms) {
      formTexts.push(form);
      formOwners.push(place);
    }
  });
  const formOrder = yield* sortInSteps(
    Int32Array.from(formTexts, (_, i) => i),
    (a, b) => (formTexts[a]! < formTexts[b]! ? -1 : formTexts[a]! > formTexts[b]! ? 1 : 0),
  );
  return {
    texts: Array.from(formOrder, (i) => formTexts[i]!),
    places: Int32Array.from(formOrder, (i) => formOwners[i]!),
  };
}

/** The first place in the sorted forms at or after `value`. */
function firstTitleFrom(titles: SortedTitles, value: string): number {
  let low = 0;
  let high = titles.texts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (titles.texts[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The last place of a book with a title form in [from, to), -1 for none. */
function lastPlaceIn(titles: SortedTitles, from: number, to: number): number {
  let last = -1;
  for (let i = from; i < to; i += 1) if (titles.places[i]! > last) last = titles.places[i]!;
  return last;
}

/**
 * The last place of a book whose title is the query (folded, or without spaces), and of one whose
 * title starts with it: past them no book can be of those two kinds.
 */
export function lastTitlePlaces(titles: SortedTitles, query: Pick<ParsedQuery, 'folded' | 'compact'>): { exact: number; prefix: number } {
  let exact = -1;
  let prefix = -1;
  for (const text of new Set([query.folded, query.compact])) {
    const from = firstTitleFrom(titles, text);
    exact = Math.max(exact, lastPlaceIn(titles, from, firstTitleFrom(titles, `${text}\u0000`)));
    prefix = Math.max(prefix, lastPlaceIn(titles, from, firstTitleFrom(titles, `${text}\uffff`)));
  }
  return { exact, prefix };
}
