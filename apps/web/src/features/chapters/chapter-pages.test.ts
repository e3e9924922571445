import { describe, expect, it } from 'vitest';
import { CHAPTER_PAGE_SIZE, hasMoreChapters, pageCount, pageRanges, showsPageJump } from './chapter-pages';

const items = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('hasMoreChapters', () => {
  it('is true when a page returned at least the page size', () => {
    expect(hasMoreChapters(items(10))).toBe(true);
    expect(hasMoreChapters(items(11))).toBe(true);
  });

  it('is false when the result is null or undefined', () => {
    expect(hasMoreChapters(null)).toBe(false);
    expect(hasMoreChapters(undefined)).toBe(false);
  });

  it('is false for a short or empty page', () => {
    expect(hasMoreChapters(items(9))).toBe(false);
    expect(hasMoreChapters([])).toBe(false);
  });

  it('uses the spec page size of 10', () => {
    expect(CHAPTER_PAGE_SIZE).toBe(10);
    expect(hasMoreChapters(items(5), 5)).toBe(true);
  });
});

describe('page jump', () => {
  it('appears only above one page of chapters', () => {
    expect(showsPageJump(0)).toBe(false);
    expect(showsPageJump(10)).toBe(false);
    expect(showsPageJump(11)).toBe(true);
  });

  it('counts pages', () => {
    expect(pageCount(0)).toBe(0);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
    expect(pageCount(120)).toBe(12);
  });

  it('labels oldest-first pages (1 - 10), (11 - 20) and a short last page', () => {
    expect(pageRanges(25, 'asc')).toEqual([
      { page: 0, from: 1, to: 10 },
      { page: 1, from: 11, to: 20 },
      { page: 2, from: 21, to: 25 },
    ]);
  });

  it('labels newest-first pages counting down', () => {
    expect(pageRanges(25, 'desc')).toEqual([
      { page: 0, from: 25, to: 16 },
      { page: 1, from: 15, to: 6 },
      { page: 2, from: 5, to: 1 },
    ]);
  });

  it('has no ranges for an empty book', () => {
    expect(pageRanges(0, 'asc')).toEqual([]);
  });
});
