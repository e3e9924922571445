import type { BookSummary } from '@inkstream/contracts';
import { describe, expect, it } from 'vitest';
import {
  BOOK_PAGE_SIZE,
  hasMoreBooks,
  mergeBookPages,
  nextBookPage,
  readBookListFilters,
  sortOptions,
  toggleTag,
  writeBookListFilter,
} from './book-list-rules';

const book = (uuid: string) => ({ book_uuid: uuid }) as BookSummary;
const page = (count: number, from = 0) => Array.from({ length: count }, (_, i) => book(`b${from + i}`));

describe('book list paging (spec section 4)', () => {
  it('uses a page size of 10', () => {
    expect(BOOK_PAGE_SIZE).toBe(10);
  });

  it('stops when the result is null or missing', () => {
    expect(hasMoreBooks(null)).toBe(false);
    expect(hasMoreBooks(undefined)).toBe(false);
    expect(nextBookPage(null, 0)).toBeUndefined();
  });

  it('stops when a page returns fewer than the page size', () => {
    expect(hasMoreBooks([])).toBe(false);
    expect(hasMoreBooks(page(9))).toBe(false);
    expect(nextBookPage(page(4), 2)).toBeUndefined();
  });

  it('asks for the next page after a full page', () => {
    expect(hasMoreBooks(page(10))).toBe(true);
    expect(nextBookPage(page(10), 0)).toBe(1);
    expect(nextBookPage(page(10), 1)).toBe(2);
    expect(nextBookPage(page(3), 0, 3)).toBe(1);
  });

  it('pages 24 demo books as 10, 10, 4 and then stops', () => {
    const pages = [page(10), page(10, 10), page(4, 20)];
    expect(pages.map((p, i) => nextBookPage(p, i))).toEqual([1, 2, undefined]);
    expect(mergeBookPages(pages)).toHaveLength(24);
  });

  it('shows a book that came back on a later page only once, and skips null pages', () => {
    const merged = mergeBookPages([page(3), null, [book('b2'), book('x')]]);
    expect(merged.map((b) => b.book_uuid)).toEqual(['b0', 'b1', 'b2', 'x']);
  });
});

describe('book list filters in the URL', () => {
  const NO_FILTERS = { order: 'updated_at', tag: undefined, q: undefined, freeOnly: false, hidden: [], included: [], leaveOut: [] };

  it('defaults to updated_at with no tag and no query', () => {
    expect(readBookListFilters(new URLSearchParams())).toEqual(NO_FILTERS);
  });

  it('reads order, tag and a trimmed query, ignoring unknown orders and blanks', () => {
    expect(readBookListFilters(new URLSearchParams('order=popularity&tag=悬疑推理&q=%20moon%20'))).toEqual({
      ...NO_FILTERS,
      order: 'popularity',
      tag: '悬疑推理',
      q: 'moon',
    });
    expect(readBookListFilters(new URLSearchParams('order=stars&tag=&q=%20'))).toEqual(NO_FILTERS);
  });

  it('sorts a search by best match unless a sort is picked; best match means nothing without a search', () => {
    expect(readBookListFilters(new URLSearchParams('q=storm')).order).toBe('relevance');
    expect(readBookListFilters(new URLSearchParams('q=storm&order=popularity')).order).toBe('popularity');
    expect(readBookListFilters(new URLSearchParams('order=relevance')).order).toBe('updated_at');
    // While searching, "latest updates" is a choice the URL keeps, and best match the default it drops.
    expect(writeBookListFilter(new URLSearchParams('q=storm'), { order: 'updated_at' }).toString()).toBe('q=storm&order=updated_at');
    expect(writeBookListFilter(new URLSearchParams('q=storm&order=popularity'), { order: 'relevance' }).toString()).toBe('q=storm');
    expect(writeBookListFilter(new URLSearchParams('q=storm&order=relevance'), { q: undefined }).toString()).toBe('');
    expect(sortOptions('storm')).toEqual(['relevance', 'updated_at', 'popularity', 'rating']);
    expect(sortOptions(undefined)).toEqual(['updated_at', 'popularity', 'rating']);
    expect(readBookListFilters(new URLSearchParams('order=rating')).order).toBe('rating');
    // "Top rated" is a community sort: not offered with COMMUNITY=off.
    expect(sortOptions(undefined, false)).toEqual(['updated_at', 'popularity']);
    expect(sortOptions('storm', false)).toEqual(['relevance', 'updated_at', 'popularity']);
  });

  it('reads the tags to include and leave out as the app writes them and as a form sends them, and writes them back', () => {
    const read = readBookListFilters(new URLSearchParams('tags=mystery&tags=classical-wuxia&hide=a,b&hide=c'));
    expect(read).toMatchObject({ included: ['悬疑推理', '古典武侠'], hidden: ['a', 'b', 'c'] });
    expect(writeBookListFilter(new URLSearchParams('q=moon'), { included: ['悬疑推理', 'indie'] }).toString()).toBe(
      'q=moon&tags=mystery%2Cindie',
    );
    expect(writeBookListFilter(new URLSearchParams('q=moon&tags=mystery'), { included: [] }).toString()).toBe('q=moon');
    // Any change shows the results from their first page.
    expect(writeBookListFilter(new URLSearchParams('q=moon&page=3'), { status: 'ongoing' }).toString()).toBe('q=moon&status=ongoing');
  });

  it('reads and writes status, free chapters only and the tags left out (by their slugs)', () => {
    const read = readBookListFilters(new URLSearchParams('status=completed&free=1&hide=mystery,%20mystery,other'));
    expect(read).toMatchObject({ status: 'completed', freeOnly: true, hidden: ['悬疑推理', 'other'] });
    expect(readBookListFilters(new URLSearchParams('status=paused&free=yes'))).toMatchObject({ status: undefined, freeOnly: false });
    const hideMany = Array.from({ length: 12 }, (_, i) => `t${i}`).join(',');
    expect(readBookListFilters(new URLSearchParams(`hide=${hideMany}`)).hidden).toHaveLength(10);
    const written = writeBookListFilter(new URLSearchParams('q=moon'), {
      status: 'ongoing',
      freeOnly: true,
      hidden: ['悬疑推理', 'other'],
    });
    expect(written.toString()).toBe('q=moon&status=ongoing&free=1&hide=mystery%2Cother');
    expect(writeBookListFilter(written, { status: undefined, freeOnly: false, hidden: [] }).toString()).toBe('q=moon');
  });

  it('writes one change and keeps the others; the default order and cleared values leave the URL', () => {
    const params = new URLSearchParams('q=moon&tag=a');
    expect(writeBookListFilter(params, { order: 'popularity' }).toString()).toBe('q=moon&tag=a&order=popularity');
    expect(writeBookListFilter(new URLSearchParams('order=popularity'), { order: 'updated_at' }).toString()).toBe('');
    expect(writeBookListFilter(params, { tag: undefined }).toString()).toBe('q=moon');
    expect(params.toString()).toBe('q=moon&tag=a');
  });

  it('clears the filter when the active tag is clicked again (spec section 2)', () => {
    expect(toggleTag(undefined, 'a')).toBe('a');
    expect(toggleTag('a', 'b')).toBe('b');
    expect(toggleTag('a', 'a')).toBeUndefined();
    expect(toggleTag('a', undefined)).toBeUndefined();
  });
});

describe('readable book list addresses', () => {
  it('writes genre tags as slugs and reads them back, keeping other tags as they are', () => {
    const params = writeBookListFilter(new URLSearchParams(), { tag: '悬疑推理' });
    expect(params.toString()).toBe('tag=mystery');
    expect(readBookListFilters(params).tag).toBe('悬疑推理');
    expect(readBookListFilters(new URLSearchParams('tag=%E6%82%AC%E7%96%91%E6%8E%A8%E7%90%86')).tag).toBe('悬疑推理');
    expect(readBookListFilters(new URLSearchParams('tag=indie')).tag).toBe('indie');
  });

  it('reads the comics / novels filter, ignoring anything else', () => {
    expect(readBookListFilters(new URLSearchParams('type=novel')).type).toBe('novel');
    expect(readBookListFilters(new URLSearchParams('type=comic')).type).toBe('comic');
    expect(readBookListFilters(new URLSearchParams('type=manga')).type).toBeUndefined();
  });
});

describe('content descriptors to leave out (issue 61)', () => {
  it('reads ?leave_out= as known descriptors only, in the contract order, and writes it back', () => {
    expect(readBookListFilters(new URLSearchParams('leave_out=horror,spiders,gore&leave_out=violence')).leaveOut).toEqual([
      'violence',
      'gore',
      'horror',
    ]);
    expect(writeBookListFilter(new URLSearchParams('tag=mystery'), { leaveOut: ['gore', 'horror'] }).toString()).toBe(
      'tag=mystery&leave_out=gore%2Chorror',
    );
    expect(writeBookListFilter(new URLSearchParams('leave_out=gore'), { leaveOut: [] }).toString()).toBe('');
  });
});
