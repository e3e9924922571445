import { AS_TYPED, matchPiece, parseQuery, termsOfName } from './book-search-index.js';
import { TermIndexBuilder } from './term-index.js';

/**
 * A small index of names the header's suggestions offer besides books: the authors of published
 * books and their tags (by their names in every language). Built with the book index from the
 * same rows (book-search.ts), so a keystroke reads no database; searched with the book search's
 * own reading of a query (folding, prefixes while typing, typos, pinyin), in work bounded as a
 * book query's is.
 *
 * A name is read (folded, put in pinyin) once, when first added, inside the book index's build
 * loop, which lets requests run between books; a name seen again only adds its weight.
 */
export function startNameIndex(options: { withPinyin: boolean }) {
  const builder = new TermIndexBuilder(1);
  /** The number of each name by its spelling as given, and by its folded form (one entry for "Élise" and "elise"). */
  const numberBySpelling = new Map<string, number>();
  const numberByKey = new Map<string, number>();
  const names: string[] = [];
  const weights: number[] = [];
  /** Each name's folded texts, with and without spaces: what "starts with the query" compares. */
  const forms: string[][] = [];

  function numberOf(name: string, texts: readonly string[]): number | undefined {
    const known = numberBySpelling.get(name);
    if (known !== undefined) return known;
    const key = termsOfName(name, false).folded;
    if (key === '') return undefined;
    let number = numberByKey.get(key);
    if (number === undefined) {
      number = names.length;
      const read = texts.map((text) => termsOfName(text, options.withPinyin));
      builder.add(
        0,
        number,
        read.flatMap((text) => text.terms),
      );
      forms.push(read.flatMap((text) => [text.folded, text.folded.replaceAll(' ', '')]));
      names.push(name);
      weights.push(0);
      numberByKey.set(key, number);
    }
    numberBySpelling.set(name, number);
    return number;
  }

  /** A name (as shown), what it is found by (itself, its translations), and what it weighs (more first). */
  function add(name: string, texts: readonly string[], weight: number): void {
    const number = numberOf(name, texts);
    if (number !== undefined) weights[number]! += weight;
  }

  function finish() {
    const index = builder.build();
    numberBySpelling.clear();
    numberByKey.clear();
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
