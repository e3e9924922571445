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
import { alsoReadQuery, authorQuery, rankingQuery, scheduleQuery } from '../features/discovery/discovery-api';
import { readRankingState } from '../features/discovery/ranking-rules';
import { readWeekParam, SERVER_TIME_ZONE, weekStartOf } from '../features/discovery/week-start';

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
  /**
   * A book: its details, the chapter list at the order and page in the address, the public config
   * (ratings show only with the community on), and "readers also read" as a visitor sees it (issue
   * 46: rendered with the page, the row does not push the chapter list down when it arrives).
   */
  book: ({ params, search, language }) => {
    const { direction, startPage } = chapterListState(search);
    return [
      pages(bookChaptersQuery(params.id!, language, direction, startPage)),
      query(publicConfigQuery()),
      query(alsoReadQuery(params.id!, language, null)),
    ];
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
  /**
   * The release calendar (issue 46) in UTC and the page language's week: the server cannot know the
   * reader's zone; the browser takes this render over, then asks again in its own zone (SchedulePage).
   */
  schedule: ({ search, language }) => [
    query(scheduleQuery(language, { week: readWeekParam(search), timeZone: SERVER_TIME_ZONE, weekStart: weekStartOf(language) })),
    query(publicConfigQuery()),
  ],
  /** The rankings at the view in the address, and the tags the genre filter offers. */
  rankings: ({ search, language }) => [
    pages(rankingQuery(language, readRankingState(search))),
    query(tagsQuery()),
    query(publicConfigQuery()),
  ],
  /** A credited person's books (a slug the router could not decode is no page: the API's 404). */
  author: ({ params, language }) => [query(authorQuery(language, safeDecode(params.slug!))), query(publicConfigQuery())],
  /** The contact page shows the logo only. */
  contact: () => [],
  /** The privacy policy and the terms (issue 43): the text in the page's language, and the footer's address. */
  privacy: ({ language }) => [query(legalPageQuery('privacy', language)), query(publicConfigQuery())],
  terms: ({ language }) => [query(legalPageQuery('terms', language)), query(publicConfigQuery())],
};

/** A path segment as the router gives it to the screen (decoded); as it is when its encoding is broken. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The queries that are the same for every visitor: the only ones the server fetches and hands to the browser. */
export const SHARED_QUERIES = new Set([
  'books',
  'book-chapters',
  'book-title',
  'chapter-content',
  'first-chapter',
  'legal-page',
  'also-read',
  'author',
  'rankings',
  'schedule',
  'public-config',
  'recommendations',
  'search',
  'tags',
]);
