import { describe, expect, it } from 'vitest';
import { addReaderPairs, PairCounts, planPartitions, ReaderLists, readerBooks, topAlsoRead } from './co-reading.js';

describe('co-reading arithmetic', () => {
  it('counts pairs in typed arrays as a Map would, through many growths', () => {
    const counts = new PairCounts(1000, 100_000);
    const expected = new Map<string, number>();
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let i = 0; i < 50_000; i += 1) {
      const book = 1000 + (next() % 300);
      const other = next() % 99_999;
      counts.add(book, other);
      expected.set(`${book}:${other}`, (expected.get(`${book}:${other}`) ?? 0) + 1);
    }
    const got = new Map([...counts.entries()].map(([book, other, co]) => [`${book}:${other}`, co]));
    expect(got).toEqual(expected);
    expect(counts.size).toBe(expected.size);
    expect(counts.peak).toBe(expected.size);
  });

  it("keeps a reader's 100 most recent books", () => {
    const rows = Array.from({ length: 150 }, (_, i) => ({ book: i + 1, at: i }));
    const books = readerBooks(rows);
    expect(books).toHaveLength(100);
    expect(books[0]).toBe(150);
    expect(books.at(-1)).toBe(51);
  });

  it('cuts book ids into partitions whose loads stay within the budget, a heavy book alone', () => {
    const load = [0, 3, 3, 3, 10, 1, 1];
    const partitions = planPartitions(load, 6);
    expect(partitions).toEqual([
      [0, 3],
      [3, 4],
      [4, 5],
      [5, 7],
    ]);
    for (const [from, to] of partitions) {
      const sum = load.slice(from, to).reduce((a, b) => a + b, 0);
      expect(sum <= 6 || to - from === 1).toBe(true);
    }
  });

  it('scores by cosine, keeps pairs of two readers or more, never the book itself', () => {
    const counts = new PairCounts(0, 10);
    // Readers: four read 1, 2 and 3; two read 1 and 4; one reads 1 and 5.
    const lists = [...Array.from({ length: 4 }, () => [1, 2, 3]), [1, 4], [1, 4], [1, 5]];
    const readers = new Int32Array(10);
    for (const books of lists) {
      for (const book of books) readers[book]! += 1;
      addReaderPairs(books, 0, 10, counts);
    }
    const top = topAlsoRead(counts, readers, () => true);
    // 2 and 3: 4 shared of 7 and 4 (0.76); 4: 2 shared of 7 and 2 (0.53); 5: one reader only.
    expect(top.get(1)!.map((entry) => entry.other)).toEqual([2, 3, 4]);
    expect(top.get(1)![0]!.score).toBeCloseTo(4 / Math.sqrt(28), 10);
    expect(top.get(5)).toBeUndefined();
  });

  it('keeps readers’ lists in memory only within the bound', () => {
    const kept = new ReaderLists(5);
    kept.add([1, 2]);
    kept.add([3, 4]);
    const seen: number[][] = [];
    kept.forEach((books) => seen.push(books));
    expect(seen).toEqual([
      [1, 2],
      [3, 4],
    ]);
    kept.add([5, 6]);
    expect(kept.fits).toBe(false);
  });
});
