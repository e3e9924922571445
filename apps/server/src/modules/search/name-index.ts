import type { NameTerms } from './book-terms.js';
import { AS_TYPED } from './match-kinds.js';
import { matchPiece } from './piece-matching.js';
import { parseQuery } from './search-query.js';
import { TermIndexBuilder } from './term-index.js';

/**
 * A small index of names the header's suggestions offer besides books: the authors of published
 * books and their tags (by their names in every language). Built with the book index from the
 * same rows (book-search.ts), so a keystroke reads no database; searched with the book search's
 * own reading of a query (folding, prefixes while typing, typos, pinyin), in work bounded as a
 * book query's is.
 *
 * A name is read (folded, put in pinyin) only the first time its spelling is added, inside the
 * book index's build loop, which lets requests run between books (an author, already read by the
 * book index, is not read again); a name seen again only adds its weight.
 */
export function startNameIndex() {
  const builder = new TermIndexBuilder(1);
  /** The number of each name by its spelling as given, and by its folded form (one entry for "Élise" and "elise"). */
  const numberBySpelling = new Map<string, number>();
  const numberByKey = new Map<string, number>();
  const names: string[] = [];
  const weights: number[] = [];
  /** Each name's folded texts, with and without spaces: what "starts with the query" compares. */
  const forms: string[][] = [];

  function numberOf(name: string, read: () => readonly NameTerms[]): number | undefined {
    const known = numberBySpelling.get(name);
    if (known !== undefined) return known;
    const texts = read();
    const key = texts[0]?.folded ?? '';
    if (key === '') return undefined;
    let number = numberByKey.get(key);
    if (number === undefined) {
      number = names.length;
      builder.add(
        0,
        number,
        texts.flatMap((text) => text.terms),
      );
      forms.push(texts.flatMap((text) => [text.folded, text.folded.replaceAll(' ', '')]));
      names.push(name);
      weights.push(0);
      numberByKey.set(key, number);
    }
    numberBySpelling.set(name, number);
    return number;
  }

  /**
   * A name as shown, how to read it and its translations (the first is the name itself; called
   * only for a spelling not seen yet), and what it weighs (more first).
   */
  function add(name: string, read: () => readonly NameTerms[], weight: number): void {
    const number = numberOf(name, read);
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
