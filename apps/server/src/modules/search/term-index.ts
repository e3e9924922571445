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
  /** Per field: the term numbers of every add() in a row, and where each add() began in it. */
  private readonly pairs: { terms: number[]; books: number[]; starts: number[] }[];
  private maxBook = 0;

  constructor(private readonly fieldCount: number) {
    this.pairs = Array.from({ length: fieldCount }, () => ({ terms: [], books: [], starts: [] }));
  }

  /** The terms of one book in one field (once per book and field). */
  add(field: number, book: number, terms: Iterable<string>): void {
    const seen = new Set<number>();
    const target = this.pairs[field]!;
    target.books.push(book);
    target.starts.push(target.terms.length);
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
    }
    if (book > this.maxBook) this.maxBook = book;
  }

  /** The index at once (tests, small catalogues): postings are book ids. */
  build(): TermIndex {
    const steps = this.buildInSteps();
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /**
   * The same build in slices of bounded work: the caller may let other work run at each `yield`
   * (a few milliseconds apart at most). With `keyOf` (a distinct key per book, by book id), the
   * postings are the books' keys in increasing order instead of their ids: the search keeps them
   * in popularity order.
   */
  *buildInSteps(keyOf?: Int32Array): Generator<void, TermIndex> {
    const words = this.words;
    const order = yield* sortInSteps(
      Int32Array.from(words, (_, id) => id),
      (a, b) => (words[a]! < words[b]! ? -1 : 1),
    );
    const rank = new Int32Array(order.length);
    const vocabulary = new Array<string>(order.length);
    for (let position = 0; position < order.length; position += 1) {
      rank[order[position]!] = position;
      vocabulary[position] = words[order[position]!]!;
    }
    yield;
    let keyCount = this.maxBook + 1;
    if (keyOf) keyCount = keyOf.reduce((max, key) => Math.max(max, key + 1), 0);
    const fields: { start: Int32Array; postings: Int32Array }[] = [];
    for (const { terms, books, starts } of this.pairs) {
      // Counting sort by term, the books taken in increasing key order: each term's postings come out sorted.
      const start = new Int32Array(vocabulary.length + 1);
      for (let i = 0; i < terms.length; i += 1) {
        start[rank[terms[i]!]! + 1]! += 1;
        if ((i & 0xffff) === 0) yield;
      }
      for (let i = 0; i < vocabulary.length; i += 1) start[i + 1]! += start[i]!;
      const fill = start.slice(0, vocabulary.length);
      const callOfKey = new Int32Array(keyCount).fill(-1);
      books.forEach((book, call) => (callOfKey[keyOf ? keyOf[book]! : book] = call));
      const postings = new Int32Array(terms.length);
      let done = 0;
      for (let key = 0; key < keyCount; key += 1) {
        const call = callOfKey[key]!;
        if (call < 0) continue;
        const end = call + 1 < starts.length ? starts[call + 1]! : terms.length;
        for (let i = starts[call]!; i < end; i += 1) postings[fill[rank[terms[i]!]!]!++] = key;
        done += end - starts[call]!;
        if (done > 0xffff) {
          done = 0;
          yield;
        }
      }
      fields.push({ start, postings });
      yield;
    }
    const numbers = new Map<string, number>();
    const byFirst = new Map<string, number[]>();
    for (let number = 0; number < vocabulary.length; number += 1) {
      const term = vocabulary[number]!;
      numbers.set(term, number);
      const first = term[0] ?? '';
      const list = byFirst.get(first);
      if (list) list.push(number);
      else byFirst.set(first, [number]);
      if ((number & 0x3fff) === 0) yield;
    }
    return new TermIndex(vocabulary, fields, keyCount - 1, numbers, byFirst);
  }
}

/** Runs of this many are sorted at once, then merged a slice at a time. */
const RUN = 4_096;

/**
 * Sorts `items` by `compare` in slices of bounded work (a merge sort: sorted runs, then passes that
 * merge them), yielding between slices, so a large vocabulary or catalogue never holds the event
 * loop for long. Returns the sorted array (not necessarily `items`).
 */
export function* sortInSteps(items: Int32Array, compare: (a: number, b: number) => number): Generator<void, Int32Array> {
  for (let from = 0; from < items.length; from += RUN) {
    items.subarray(from, from + RUN).sort(compare);
    yield;
  }
  let source: Int32Array = items;
  let target: Int32Array = new Int32Array(items.length);
  for (let width = RUN; width < items.length; width *= 2) {
    let steps = 0;
    for (let from = 0; from < items.length; from += 2 * width) {
      const middle = Math.min(from + width, items.length);
      const end = Math.min(from + 2 * width, items.length);
      let i = from;
      let j = middle;
      let k = from;
      while (i < middle && j < end) target[k++] = compare(source[i]!, source[j]!) <= 0 ? source[i++]! : source[j++]!;
      while (i < middle) target[k++] = source[i++]!;
      while (j < end) target[k++] = source[j++]!;
      steps += end - from;
      if (steps >= 8 * RUN) {
        steps = 0;
        yield;
      }
    }
    [source, target] = [target, source];
    yield;
  }
  return source;
}

const EMPTY = new Int32Array(0);

export class TermIndex {
  constructor(
    readonly vocabulary: readonly string[],
    private readonly fields: readonly { start: Int32Array; postings: Int32Array }[],
    /** The largest posting: a book id, or the largest key the index was built with. */
    readonly maxBook: number,
    private readonly numbers: Map<string, number>,
    /** Term numbers by first character, for typo lookups (a typo in the first letter is not looked for). */
    private readonly byFirst: Map<string, number[]>,
  ) {}

  /** The number of a term, or undefined when no book has it. */
  numberOf(term: string): number | undefined {
    return this.numbers.get(term);
  }

  /** The books (or their keys) that have term number `number` in `field`, in increasing order. */
  books(field: number, number: number): Int32Array {
    const { start, postings } = this.fields[field]!;
    if (number < 0 || number >= this.vocabulary.length) return EMPTY;
    // No view made for a term the field does not have (most of a prefix's terms in most fields): less for the collector.
    const from = start[number]!;
    const to = start[number + 1]!;
    return from === to ? EMPTY : postings.subarray(from, to);
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

/** Rows of the edit-distance table, reused (the search runs one query at a time). */
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** Whether `a` becomes `b` in at most `limit` edits (optimal string alignment: a swap of neighbours is one). */
export function withinEdits(a: string, b: string, limit: number): boolean {
  const n = a.length;
  const m = b.length;
  if (rows[0]!.length <= m) rows = [new Int32Array(m + 1), new Int32Array(m + 1), new Int32Array(m + 1)];
  let [before, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= m; j += 1) previous[j] = j;
  for (let i = 1; i <= n; i += 1) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= m; j += 1) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1))
        value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return false;
    [before, previous, current] = [previous, current, before];
  }
  return previous[m]! <= limit;
}
