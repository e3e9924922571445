import type { PageName } from '@inkstream/contracts/routes';
import type { FetchInfiniteQueryOptions, FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { bookSearchQuery, recommendationsQuery, tagsQuery } from '../features/catalogue/use-book-search';
import { readBookListFilters } from '../features/catalogue/book-list-rules';
import { searchStartPage } from '../features/catalogue/search-page-rules';
import { searchResultsQuery } from '../features/catalogue/use-search-results';
import { chapterListState } from '../features/chapters/chapter-list-state';
import { bookChaptersQuery } from '../features/chapters/use-book-chapters';
import { chapterQueryOptions } from '../features/reading/use-chapter-content';
import type { Language } from '../lib/language';
import { publicConfigQuery } from '../lib/public-config';
import { legalPageQuery } from '../features/legal/legal-api';

/**
 * What each public page needs before the server renders it, declared once per route of the
 * contracts route table: the same query options (key and fetcher) its screens use, so the one
 * render finds every answer in the cache, and the browser takes them over (dehydrate / hydrate in
 * entry-server.tsx and main.tsx). Only data that is the same for every visitor belongs here.
 */
export interface PageRequestOf {
  /** The route's parameters (contracts `matchPage`). */
  params: Readonly<Record<string, string>>;
  search: URLSearchParams;
  language: Language;
  /** The data saver's lighter pages (the request's Save-Data header or the reader's cookie). */
  lighterImages: boolean;
}

/** One query a page needs, fetched into the render's cache. */
export type PageQuery = (client: QueryClient) => Promise<void>;

export type PageLoader = (page: PageRequestOf) => PageQuery[];

function query<T, E, D, K extends QueryKey>(options: FetchQueryOptions<T, E, D, K>): PageQuery {
  return (client) => client.prefetchQuery(options);
}
function pages<T, E, D, K extends QueryKey, P>(options: FetchInfiniteQueryOptions<T, E, D, K, P>): PageQuery {
  return (client) => client.prefetchInfiniteQuery(options);
}

/** The book list: recommendations, tags, the first page of the filtered list, and the footer's contact address. */
const bookList: PageLoader = ({ search, language }) => [
  query(recommendationsQuery(language)),
  query(tagsQuery()),
  pages(bookSearchQuery(language, readBookListFilters(search))),
  query(publicConfigQuery()),
];

export const PAGE_LOADERS: Partial<Record<PageName, PageLoader>> = {
  home: bookList,
  books: bookList,
  /** A book: its details, the chapter list at the order and page in the address, and the public config (ratings show only with the community on). */
  book: ({ params, search, language }) => {
    const { direction, startPage } = chapterListState(search);
    return [pages(bookChaptersQuery(params.id!, language, direction, startPage)), query(publicConfigQuery())];
  },
  /** A free chapter (the server renders no other): its content, and the public config (its comments show only with the community on). */
  reading: ({ params, language, lighterImages }) => [
    query(chapterQueryOptions(params.chapter_uuid!, language, lighterImages)),
    query(publicConfigQuery()),
  ],
  /** A search: the page of results in the address (`?page=`), the tags its filters offer, and the footer's address. */
  search: ({ search, language }) => {
    const filters = readBookListFilters(search);
    return [
      query(tagsQuery()),
      query(publicConfigQuery()),
      ...(filters.q ? [pages(searchResultsQuery(language, filters, searchStartPage(search)))] : []),
    ];
  },
  /** The contact page shows the logo only. */
  contact: () => [],
  /** The privacy policy and the terms (issue 43): the text in the page's language, and the footer's address. */
  privacy: ({ language }) => [query(legalPageQuery('privacy', language)), query(publicConfigQuery())],
  terms: ({ language }) => [query(legalPageQuery('terms', language)), query(publicConfigQuery())],
};

/** The queries that are the same for every visitor: the only ones the server fetches and hands to the browser. */
export const SHARED_QUERIES = new Set([
  'books',
  'book-chapters',
  'book-title',
  'chapter-content',
  'first-chapter',
  'legal-page',
  'public-config',
  'recommendations',
  'search',
  'tags',
]);
