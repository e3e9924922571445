/**
 * "Readers also read" as arithmetic (docs/DISCOVERY.md, "Readers also read"), apart from any
 * database: discovery-refresh.ts streams each signed-in reader's books into these functions.
 *
 * Two books are co-read when one reader started both within the window; a pair counts once per
 * reader. The score of `other` for `book` is the cosine
 *
 *   co(book, other) / sqrt(readers(book) × readers(other))
 *
 * so a book everyone reads does not top every list: its co-reading with anything is large, but so
 * is its own reader count.
 */

/** The longest list kept per book (contracts ALSO_READ_MAX). */
export const ALSO_READ_KEPT = 12;
/** A pair two readers share, at least: one reader's pair says nothing about the books. */
export const MIN_CO_READERS = 2;
/** A reader's books taken into account: the most recent ones (a reader of 5,000 books would make 12.5 million pairs). */
export const BOOKS_PER_READER = 100;

/**
 * Counts of (book, other) pairs for the books of one partition, in typed arrays (an open-addressing
 * hash): a JavaScript Map of two million entries would take ten times the memory. Keys are
 * `(book - from) × span + other`, below 2^53 for any realistic catalogue.
 */
export class PairCounts {
  private keys: Float64Array;
  private counts: Int32Array;
  private used = 0;
  /** The most entries held at once (what the memory bound is stated in). */
  peak = 0;

  constructor(
    private readonly from: number,
    private readonly span: number,
    capacity = 1024,
  ) {
    const size = nextPowerOfTwo(Math.max(16, capacity * 2));
    this.keys = new Float64Array(size).fill(-1);
    this.counts = new Int32Array(size);
  }

  get size(): number {
    return this.used;
  }

  add(book: number, other: number): void {
    if ((this.used + 1) * 2 > this.keys.length) this.grow();
    const key = (book - this.from) * this.span + other;
    const slot = this.find(this.keys, key);
    if (this.keys[slot] === -1) {
      this.keys[slot] = key;
      this.used += 1;
      if (this.used > this.peak) this.peak = this.used;
    }
    this.counts[slot]! += 1;
  }

  /** Every pair with its count, in no particular order. */
  *entries(): Generator<[book: number, other: number, co: number]> {
    for (let slot = 0; slot < this.keys.length; slot += 1) {
      const key = this.keys[slot]!;
      if (key === -1) continue;
      const offset = Math.floor(key / this.span);
      yield [this.from + offset, key - offset * this.span, this.counts[slot]!];
    }
  }

  private find(keys: Float64Array, key: number): number {
    const mask = keys.length - 1;
    // Multiplicative hashing of the key's low and high halves; linear probing.
    let slot = (Math.imul(key | 0, 0x9e3779b1) ^ Math.imul(Math.floor(key / 4294967296) | 0, 0x85ebca6b)) & mask;
    while (keys[slot] !== -1 && keys[slot] !== key) slot = (slot + 1) & mask;
    return slot;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldCounts = this.counts;
    this.keys = new Float64Array(oldKeys.length * 2).fill(-1);
    this.counts = new Int32Array(oldKeys.length * 2);
    for (let slot = 0; slot < oldKeys.length; slot += 1) {
      const key = oldKeys[slot]!;
      if (key === -1) continue;
      const to = this.find(this.keys, key);
      this.keys[to] = key;
      this.counts[to] = oldCounts[slot]!;
    }
  }
}

function nextPowerOfTwo(n: number): number {
  let size = 1;
  while (size < n) size *= 2;
  return size;
}

/**
 * One reader's books, most recent first, cut to BOOKS_PER_READER: `books` with when each was last
 * started (any order in, distinct books).
 */
export function readerBooks(rows: readonly { book: number; at: number }[], limit = BOOKS_PER_READER): number[] {
  const sorted = [...rows].sort((a, b) => b.at - a.at || a.book - b.book);
  return sorted.slice(0, limit).map((row) => row.book);
}

/**
 * Adds one reader's pairs to `counts` for the books of the partition `[from, to)` (each pair
 * once: the reader's books are distinct).
 */
export function addReaderPairs(books: readonly number[], from: number, to: number, counts: PairCounts): void {
  for (const book of books) {
    if (book < from || book >= to) continue;
    for (const other of books) if (other !== book) counts.add(book, other);
  }
}

/**
 * Book-id ranges `[from, to)` whose pair entries stay within `budget`: `load[id]` is the most
 * entries book `id` can bring (the sum over its readers of their other books), so a partition's
 * map never holds more than the sum of its loads. A single book above the budget makes a partition
 * of its own (it can hold no more entries than there are books).
 */
export function planPartitions(load: ArrayLike<number>, budget: number): [from: number, to: number][] {
  const partitions: [number, number][] = [];
  let from = 0;
  let sum = 0;
  for (let id = 0; id < load.length; id += 1) {
    const weight = load[id]!;
    if (sum > 0 && sum + weight > budget) {
      partitions.push([from, id]);
      from = id;
      sum = 0;
    }
    sum += weight;
  }
  if (sum > 0 || partitions.length === 0) partitions.push([from, load.length]);
  return partitions;
}

export interface AlsoReadEntry {
  book: number;
  other: number;
  co: number;
  score: number;
}

/**
 * Each book's list from its pair counts: pairs of at least MIN_CO_READERS readers, by cosine, then
 * by shared readers, then by id (a stable order); at most `keep` per book; never the book itself.
 * `readers[id]` is the book's reader count over the same readers and window; `eligible` says which
 * books may be listed (published now).
 */
export function topAlsoRead(
  counts: PairCounts,
  readers: ArrayLike<number>,
  eligible: (id: number) => boolean,
  keep = ALSO_READ_KEPT,
  minCo = MIN_CO_READERS,
): Map<number, AlsoReadEntry[]> {
  const byBook = new Map<number, AlsoReadEntry[]>();
  for (const [book, other, co] of counts.entries()) {
    if (co < minCo || book === other || !eligible(book) || !eligible(other)) continue;
    const score = co / Math.sqrt(readers[book]! * readers[other]!);
    let list = byBook.get(book);
    if (!list) byBook.set(book, (list = []));
    list.push({ book, other, co, score });
  }
  for (const [book, list] of byBook) {
    list.sort((a, b) => b.score - a.score || b.co - a.co || a.other - b.other);
    byBook.set(book, list.slice(0, keep));
  }
  return byBook;
}

/**
 * The readers' book lists kept between passes while they fit in `maxBooks` entries (4 bytes each):
 * a pass over memory instead of the database. Past the bound the copy is dropped and every pass
 * reads the database again, so memory stays bounded whatever the amount of reading.
 */
export class ReaderLists {
  private books: Int32Array<ArrayBuffer> = new Int32Array(1024);
  private ends: Int32Array<ArrayBuffer> = new Int32Array(256);
  private length = 0;
  private readers = 0;
  /** False once the lists outgrew the bound (nothing is kept then). */
  fits = true;

  constructor(private readonly maxBooks: number) {}

  add(list: readonly number[]): void {
    if (!this.fits) return;
    if (this.length + list.length > this.maxBooks) {
      this.fits = false;
      this.books = new Int32Array(0);
      this.ends = new Int32Array(0);
      return;
    }
    if (this.length + list.length > this.books.length) this.books = grown(this.books, this.length + list.length);
    if (this.readers + 1 > this.ends.length) this.ends = grown(this.ends, this.readers + 1);
    this.books.set(list, this.length);
    this.length += list.length;
    this.ends[this.readers++] = this.length;
  }

  forEach(visit: (books: number[]) => void): void {
    let start = 0;
    for (let reader = 0; reader < this.readers; reader += 1) {
      const end = this.ends[reader]!;
      visit(Array.from(this.books.subarray(start, end)));
      start = end;
    }
  }
}

function grown(array: Int32Array<ArrayBuffer>, atLeast: number): Int32Array<ArrayBuffer> {
  const next = new Int32Array(Math.max(atLeast, array.length * 2));
  next.set(array);
  return next;
}
