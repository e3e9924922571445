import { CONTENT_DESCRIPTORS } from '@inkstream/contracts/constants';
import type { BookSummary } from '@inkstream/contracts';
import {
  BOOK_ORDERS,
  BOOK_PAGE_SIZE_DEFAULT,
  BOOK_SEARCH_ORDERS,
  type BookOrder,
  type BookSearchOrder,
} from '@inkstream/contracts/constants';

/** Book list page size (spec section 9); pages are numbered from 0. */
export const BOOK_PAGE_SIZE = BOOK_PAGE_SIZE_DEFAULT;
export const DEFAULT_ORDER: BookOrder = 'updated_at';

/**
 * Spec section 4: loading stops when the result is null (or missing) or a page returns fewer
 * than the page size. A full last page therefore costs one more, empty, request.
 */
export function hasMoreBooks(result: readonly unknown[] | null | undefined, pageSize: number = BOOK_PAGE_SIZE): boolean {
  return Array.isArray(result) && result.length >= pageSize;
}

/** The page to fetch after `page`, or undefined when the list is complete (TanStack's getNextPageParam). */
export function nextBookPage(
  result: readonly unknown[] | null | undefined,
  page: number,
  pageSize: number = BOOK_PAGE_SIZE,
): number | undefined {
  return hasMoreBooks(result, pageSize) ? page + 1 : undefined;
}

/**
 * Flattens the loaded pages. A book updated between two page loads can move to a later page of
 * the updated_at order and come back a second time; it is shown once (and React keys stay unique).
 */
export function mergeBookPages(pages: readonly (readonly BookSummary[] | null | undefined)[]): BookSummary[] {
  const seen = new Set<string>();
  const books: BookSummary[] = [];
  for (const page of pages)
    for (const book of page ?? []) {
      if (seen.has(book.book_uuid)) continue;
      seen.add(book.book_uuid);
      books.push(book);
    }
  return books;
}

export type BookKind = 'comic' | 'novel';

export interface BookListFilters {
  /** `relevance` only while searching (`q`): the default then, as the API's. */
  order: BookSearchOrder;
  tag: string | undefined;
  q: string | undefined;
  /** Only comics or only novels (`?type=`); undefined: both. */
  type: BookKind | undefined;
  /** Only ongoing or only completed books (`?status=`); undefined: both. */
  status: BookStatus | undefined;
  /** Only books with free chapters (`?free=1`). */
  freeOnly: boolean;
  /** Tags the listed books must not have (`?hide=`, their slugs comma-separated). */
  hidden: string[];
  /** Tags the listed books must all have (`?tags=`, as `hide`): the search page's "must have" filter. */
  included: string[];
  /** Issue 61: content descriptors the listed books must not have (`?leave_out=violence,gore`). */
  leaveOut: string[];
}

export type BookStatus = 'ongoing' | 'completed';
/** As many tags as the API takes in `exclude_tags`. */
export const HIDDEN_TAGS_MAX = 10;

/** Readable addresses for the genre tags (`?tag=mystery`), in the order of the API's canonical list. */
const TAG_SLUGS: Record<string, string> = {
  历史穿越: 'historical-transmigration',
  古典武侠: 'classical-wuxia',
  未来科幻: 'science-fiction',
  玄幻奇幻: 'xuanhuan-fantasy',
  现代都市: 'modern-urban',
  都市言情: 'urban-romance',
  古代言情: 'ancient-romance',
  末世危机: 'post-apocalyptic',
  架空历史: 'alternate-history',
  西方奇幻: 'western-fantasy',
  悬疑推理: 'mystery',
};
const TAG_BY_SLUG = new Map(Object.entries(TAG_SLUGS).map(([tag, slug]) => [slug, tag]));

/** The tag a `?tag=` value names: a slug of a genre, or any other tag as it is. */
export const tagFromParam = (value: string) => TAG_BY_SLUG.get(value) ?? value;
/** The `?tag=` value of a tag: its slug when it is a genre. */
export const tagParam = (tag: string) => TAG_SLUGS[tag] ?? tag;

/** Filters live in the URL (`?tag=&order=&q=`), so going back from a book restores them; unknown values fall back. */
export function readBookListFilters(params: URLSearchParams): BookListFilters {
  const order = params.get('order') as BookSearchOrder | null;
  const tag = params.get('tag')?.trim();
  const q = params.get('q')?.trim();
  const type = params.get('type');
  const status = params.get('status');
  const isKnown = order !== null && BOOK_SEARCH_ORDERS.includes(order) && (order !== 'relevance' || Boolean(q));
  return {
    order: isKnown ? order : defaultOrder(q),
    tag: tag ? tagFromParam(tag) : undefined,
    q: q || undefined,
    type: type === 'comic' || type === 'novel' ? type : undefined,
    status: status === 'ongoing' || status === 'completed' ? status : undefined,
    freeOnly: params.get('free') === '1',
    hidden: tagListParam(params, 'hide'),
    included: tagListParam(params, 'tags'),
    leaveOut: descriptorListParam(params),
  };
}

/** `?leave_out=`: content descriptors, comma-separated or repeated; words that are not descriptors are dropped. */
function descriptorListParam(params: URLSearchParams): string[] {
  const words = params
    .getAll('leave_out')
    .flatMap((value) => value.split(','))
    .map((word) => word.trim());
  return CONTENT_DESCRIPTORS.filter((descriptor) => words.includes(descriptor));
}

/**
 * A list of tags in the URL: slugs comma-separated (`?hide=a,b`, what the app writes), or the
 * parameter repeated (`?hide=a&hide=b`, what a form sends without JavaScript); at most as many as the API takes.
 */
function tagListParam(params: URLSearchParams, name: 'hide' | 'tags'): string[] {
  const slugs = params
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((slug) => slug.trim())
    .filter(Boolean);
  return [...new Set(slugs.map(tagFromParam))].slice(0, HIDDEN_TAGS_MAX);
}

/** A search is sorted by how well books match unless the reader picks a sort; the list by its latest updates. */
export const defaultOrder = (q: string | undefined): BookSearchOrder => (q ? 'relevance' : DEFAULT_ORDER);

/** The sorts a reader can pick: best match first while searching; "top rated" only with the community on. */
export const sortOptions = (q: string | undefined, community = true): readonly BookSearchOrder[] =>
  (q ? SEARCH_SORTS : BOOK_ORDERS).filter((order) => community || order !== 'rating');
const SEARCH_SORTS: readonly BookSearchOrder[] = ['relevance', ...BOOK_ORDERS];

/** The URL parameters after one filter change; the default order is left out to keep `/` clean. */
export function writeBookListFilter(params: URLSearchParams, change: Partial<BookListFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(change) as [keyof BookListFilters, BookListFilters[keyof BookListFilters]][]) {
    if (key === 'freeOnly') {
      if (value) next.set('free', '1');
      else next.delete('free');
    } else if (key === 'leaveOut') {
      const words = (value as string[]).join(',');
      if (words) next.set('leave_out', words);
      else next.delete('leave_out');
    } else if (key === 'hidden' || key === 'included') {
      const name = key === 'hidden' ? 'hide' : 'tags';
      const slugs = (value as string[]).map(tagParam).join(',');
      if (slugs) next.set(name, slugs);
      else next.delete(name);
    } else if (value === undefined || value === '' || (key === 'order' && value === defaultOrder(next.get('q')?.trim() || undefined))) {
      next.delete(key);
    } else {
      next.set(key, key === 'tag' ? tagParam(value as string) : (value as string));
    }
  }
  // Another filter or sort shows the results from their start (the search page's `?page=`).
  next.delete('page');
  // Best match means nothing once the search is cleared.
  if (next.get('order') === 'relevance' && !next.get('q')?.trim()) next.delete('order');
  return next;
}

/** Clicking the active tag clears the filter (spec section 2); any other tag becomes the filter. */
export function toggleTag(active: string | undefined, clicked: string | undefined): string | undefined {
  return clicked === undefined || clicked === active ? undefined : clicked;
}
