import { describe, expect, it } from 'vitest';
import { searchPath } from '../../lib/search-path';
import { highlightParts } from './highlight-parts';
import { searchPageLink, searchStartPage } from './search-page-rules';

describe('highlightParts', () => {
  it('cuts a title into plain and matched stretches', () => {
    expect(highlightParts('The Storm Gate', [[4, 9]])).toEqual([
      { text: 'The ', isMatch: false },
      { text: 'Storm', isMatch: true },
      { text: ' Gate', isMatch: false },
    ]);
    expect(highlightParts('风暴之门', [[0, 4]])).toEqual([{ text: '风暴之门', isMatch: true }]);
  });

  it('keeps markup as text: the parts are never HTML', () => {
    const parts = highlightParts('<img src=x onerror=alert(1)> Storm', [[29, 34]]);
    expect(parts.map((part) => part.text).join('')).toBe('<img src=x onerror=alert(1)> Storm');
    expect(parts[1]).toEqual({ text: 'Storm', isMatch: true });
  });

  it('skips or clamps ranges that are out of order, overlapping, out of bounds or not numbers', () => {
    expect(
      highlightParts('abcdef', [
        [4, 99],
        [1, 3],
      ]),
    ).toEqual([
      { text: 'abcd', isMatch: false },
      { text: 'ef', isMatch: true },
    ]);
    expect(
      highlightParts('abcdef', [
        [0, 2],
        [1, 4],
      ]),
    ).toEqual([
      { text: 'ab', isMatch: true },
      { text: 'cd', isMatch: true },
      { text: 'ef', isMatch: false },
    ]);
    expect(
      highlightParts('abc', [
        [-5, 1],
        [2, 2],
        [Number.NaN, 3],
        [1.5, 2],
      ]),
    ).toEqual([
      { text: 'a', isMatch: true },
      { text: 'bc', isMatch: false },
    ]);
    expect(highlightParts('', [[0, 1]])).toEqual([{ text: '', isMatch: false }]);
    expect(highlightParts('abc', null)).toEqual([{ text: 'abc', isMatch: false }]);
  });
});

describe('search page addresses', () => {
  it('leads a query to the results page, encoded', () => {
    expect(searchPath(' storm gate ')).toBe('/search?q=storm%20gate');
    expect(searchPath('风暴&x=1')).toBe('/search?q=%E9%A3%8E%E6%9A%B4%26x%3D1');
  });

  it('reads ?page= from 1 and links the pages with the same query and filters', () => {
    expect(searchStartPage(new URLSearchParams('q=storm&page=3'))).toBe(2);
    for (const odd of ['page=0', 'page=-1', 'page=1.5', 'page=x', 'page=999999', ''])
      expect(searchStartPage(new URLSearchParams(odd))).toBe(0);
    const params = new URLSearchParams('q=storm&status=ongoing&page=2');
    expect(searchPageLink(params, 2)).toBe('/search?q=storm&status=ongoing&page=3');
    expect(searchPageLink(params, 0)).toBe('/search?q=storm&status=ongoing');
  });
});
