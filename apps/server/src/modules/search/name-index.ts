import { AS_TYPED, matchPiece, parseQuery, termsOfName } from './book-search-index.js';
import { TermIndexBuilder } from './term-index.js';

/**
 * A small index of names the header's suggestions offer besides books: the authors of published
 * books and their tags (by their names in every language). Built with the book index from the
 * same rows (book-search.ts), so a keystroke reads no database; searched with the book search's
 * own reading of a query (folding, prefixes while typing, typos, pinyin), in work bounded as a
 * book query's is.
 */
export function startNameIndex(options: { withPinyin: boolean }) {
  /** By folded name: the name as first seen, what it is found by, and its weight (more first). */
  const entries = new Map<string, { name: string; texts: readonly string[]; weight: number }>();

  function add(name: string, texts: readonly string[], weight: number): void {
    const key = termsOfName(name, false).folded;
    if (key === '') return;
    const entry = entries.get(key);
    if (entry) entry.weight += weight;
    else entries.set(key, { name, texts, weight });
  }

  function finish() {
    const builder = new TermIndexBuilder(1);
    const names: string[] = [];
    const weights: number[] = [];
    const forms: string[][] = [];
    for (const { name, texts, weight } of entries.values()) {
      const read = texts.map((text) => termsOfName(text, options.withPinyin));
      builder.add(
        0,
        names.length,
        read.flatMap((text) => text.terms),
      );
      forms.push(read.flatMap((text) => [text.folded, text.folded.replaceAll(' ', '')]));
      names.push(name);
      weights.push(weight);
    }
    entries.clear();
    const index = builder.build();
    return {
      /**
       * Names matching every word of the query, best first: a name that starts with the query,
       * then one holding every word as typed, then one found through a typo; the weight breaks ties.
       */
      find(raw: string, limit: number): string[] {
        const query = names.length === 0 ? null : parseQuery(raw, index);
        if (!query) return [];
        const pieces = query.pieces.map((piece) => matchPiece(index, piece, 1));
        const smallest = pieces.reduce((a, b) => (b.books.length < a.books.length ? b : a));
        const found: { number: number; rank: number }[] = [];
        for (const number of smallest.books) {
          let isAsTyped = true;
          let isEvery = true;
          for (const { marks } of pieces) {
            const bits = marks[number]!;
            if (bits === 0) isEvery = false;
            if ((bits & AS_TYPED) === 0) isAsTyped = false;
          }
          if (!isEvery) continue;
          const isStart = forms[number]!.some((form) => form.startsWith(query.folded) || form.startsWith(query.compact));
          found.push({ number, rank: isStart ? 0 : isAsTyped ? 1 : 2 });
        }
        found.sort((a, b) => a.rank - b.rank || weights[b.number]! - weights[a.number]! || a.number - b.number);
        return found.slice(0, limit).map(({ number }) => names[number]!);
      },
    };
  }

  return { add, finish };
}

export type NameIndex = ReturnType<ReturnType<typeof startNameIndex>['finish']>;
