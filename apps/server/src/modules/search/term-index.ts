/**
 * A compact inverted index: one sorted vocabulary, and per field one packed array of book ids per
 * term (a posting is 4 bytes). Built once from all books, then read only. What the search needs of
 * it: the books of a term, the terms that start with a prefix (a range of the sorted vocabulary),
 * and the terms within one or two typos of a word.
 *
 * Why not MiniSearch, which the search first used: at 100,000 books it held 236–337 MB of heap in
 * maps of maps and took 10 ms for a one-word query that matches thousands of books (it builds a
 * result object per book); docs/SEARCH.md has the figures.
 */
export class TermIndexBuilder {
  private readonly ids = new Map<string, number>();
  private readonly words: string[] = [];
  private readonly pairs: { terms: number[]; books: number[] }[];
  private maxBook = 0;

  constructor(private readonly fieldCount: number) {
    this.pairs = Array.from({ length: fieldCount }, () => ({ terms: [], books: [] }));
  }

  /** The terms of one book in one field (books must be added in increasing id order). */
  add(field: number, book: number, terms: Iterable<string>): void {
    const seen = new Set<number>();
    const target = this.pairs[field]!;
    for (const term of terms) {
      let id = this.ids.get(term);
      if (id === undefined) {
        id = this.words.length;
        this.ids.set(term, id);
        this.words.push(term);
      }
      if (seen.has(id)) continue;
      seen.add(id);
      target.terms.push(id);
      target.books.push(book);
    }
    if (book > this.maxBook) this.maxBook = book;
  }

  build(): TermIndex {
    const order = this.words.map((_, id) => id).sort((a, b) => (this.words[a]! < this.words[b]! ? -1 : 1));
    const rank = new Int32Array(order.length);
    order.forEach((id, position) => (rank[id] = position));
    const vocabulary = order.map((id) => this.words[id]!);
    const fields = this.pairs.map(({ terms, books }) => {
      // Counting sort by term; books stay in the order they were added (increasing).
      const start = new Int32Array(vocabulary.length + 1);
      for (const id of terms) start[rank[id]! + 1]! += 1;
      for (let i = 0; i < vocabulary.length; i += 1) start[i + 1]! += start[i]!;
      const fill = start.slice(0, vocabulary.length);
      const postings = new Int32Array(terms.length);
      for (let i = 0; i < terms.length; i += 1) postings[fill[rank[terms[i]!]!]!++] = books[i]!;
      return { start, postings };
    });
    return new TermIndex(vocabulary, fields, this.maxBook);
  }
}

const EMPTY = new Int32Array(0);

export class TermIndex {
  private readonly numbers: Map<string, number>;
  /** Term numbers by first character, for typo lookups (a typo in the first letter is not looked for). */
  private readonly byFirst = new Map<string, number[]>();

  constructor(
    readonly vocabulary: readonly string[],
    private readonly fields: readonly { start: Int32Array; postings: Int32Array }[],
    readonly maxBook: number,
  ) {
    this.numbers = new Map(vocabulary.map((term, number) => [term, number]));
    vocabulary.forEach((term, number) => {
      const first = term[0] ?? '';
      const list = this.byFirst.get(first);
      if (list) list.push(number);
      else this.byFirst.set(first, [number]);
    });
  }

  /** The number of a term, or undefined when no book has it. */
  numberOf(term: string): number | undefined {
    return this.numbers.get(term);
  }

  /** The books that have term number `number` in `field`, in increasing id order. */
  books(field: number, number: number): Int32Array {
    const { start, postings } = this.fields[field]!;
    return number < 0 || number >= this.vocabulary.length ? EMPTY : postings.subarray(start[number]!, start[number + 1]!);
  }

  /** The numbers of the terms that start with `prefix`: [from, to). */
  prefixRange(prefix: string): [number, number] {
    return [this.lowerBound(prefix), this.lowerBound(`${prefix}\uffff`)];
  }

  /** Terms within `edits` typos of `word` (insertions, deletions, substitutions, swapped neighbours), the word itself excluded. */
  nearTerms(word: string, edits: number): number[] {
    const found: number[] = [];
    for (const number of this.byFirst.get(word[0] ?? '') ?? []) {
      const term = this.vocabulary[number]!;
      if (term !== word && Math.abs(term.length - word.length) <= edits && withinEdits(word, term, edits)) found.push(number);
    }
    return found;
  }

  private lowerBound(value: string): number {
    let low = 0;
    let high = this.vocabulary.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.vocabulary[middle]! < value) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** Whether `a` becomes `b` in at most `limit` edits (optimal string alignment: a swap of neighbours is one). */
export function withinEdits(a: string, b: string, limit: number): boolean {
  const n = a.length;
  const m = b.length;
  let before = new Array<number>(m + 1).fill(0);
  let previous = Array.from({ length: m + 1 }, (_, j) => j);
  let current = new Array<number>(m + 1).fill(0);
  for (let i = 1; i <= n; i += 1) {
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j <= m; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return false;
    [before, previous, current] = [previous, current, before];
  }
  return previous[m]! <= limit;
}
