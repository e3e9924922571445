import { describe, expect, it } from 'vitest';
import { effectiveMode, layoutViews, preloadPlan, viewOfPage } from './page-layout';

const pages = (count: number, spreads: number[] = []) => Array.from({ length: count }, (_, index) => ({ spread: spreads.includes(index) }));

describe('layoutViews', () => {
  it('single: one page a view', () => {
    expect(layoutViews(pages(3), 'single', false)).toEqual([[0], [1], [2]]);
    expect(layoutViews(pages(3, [1]), 'single', true)).toEqual([[0], [1], [2]]);
  });

  it('double: pairs in reading order, a lone last page alone', () => {
    expect(layoutViews(pages(4), 'double', false)).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(layoutViews(pages(5), 'double', false)).toEqual([[0, 1], [2, 3], [4]]);
  });

  it('double: a spread alone, the pairs starting again after it', () => {
    expect(layoutViews(pages(6, [2]), 'double', false)).toEqual([[0, 1], [2], [3, 4], [5]]);
    // A page before a spread has no partner: alone too.
    expect(layoutViews(pages(4, [1]), 'double', false)).toEqual([[0], [1], [2, 3]]);
    expect(layoutViews(pages(3, [0, 1]), 'double', false)).toEqual([[0], [1], [2]]);
  });

  it('double with the cover alone: page 0 alone, so the pairs after it fall right', () => {
    expect(layoutViews(pages(5), 'double', true)).toEqual([[0], [1, 2], [3, 4]]);
    expect(layoutViews(pages(4), 'double', true)).toEqual([[0], [1, 2], [3]]);
  });

  it('an empty chapter has no views', () => {
    expect(layoutViews([], 'double', true)).toEqual([]);
  });
});

describe('viewOfPage', () => {
  const views = layoutViews(pages(5), 'double', true); // [0] [1,2] [3,4]
  it('finds the view that shows a page, either page of a pair', () => {
    expect(viewOfPage(views, 0)).toBe(0);
    expect(viewOfPage(views, 2)).toBe(1);
    expect(viewOfPage(views, 3)).toBe(2);
  });
  it('an index out of range gives the nearest end', () => {
    expect(viewOfPage(views, 99)).toBe(2);
    expect(viewOfPage(views, -1)).toBe(0);
    expect(viewOfPage([], 3)).toBe(0);
  });
});

describe('effectiveMode', () => {
  it('double shows single pages on a narrow portrait screen only', () => {
    expect(effectiveMode('double', true)).toBe('single');
    expect(effectiveMode('double', false)).toBe('double');
    expect(effectiveMode('single', false)).toBe('single');
  });
});

describe('preloadPlan', () => {
  const views = layoutViews(pages(10), 'double', false); // [0,1] [2,3] [4,5] [6,7] [8,9]
  it('the next views first, then the previous one, within the budget', () => {
    expect(preloadPlan(views, 2, 2, 1, 6)).toEqual([6, 7, 8, 9, 2, 3]);
    expect(preloadPlan(views, 2, 2, 1, 3)).toEqual([6, 7, 8]);
  });
  it('nothing past either end', () => {
    expect(preloadPlan(views, 4, 2, 1, 6)).toEqual([6, 7]);
    expect(preloadPlan(views, 0, 2, 1, 6)).toEqual([2, 3, 4, 5]);
  });
});
