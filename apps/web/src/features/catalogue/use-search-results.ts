import type { BookSearchResult } from '@inkstream/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useLanguage } from '../../i18n/use-language';
import type { Language } from '../../lib/language';
import { mergeBookPages, nextBookPage, type BookListFilters } from './book-list-rules';
import { filtersKey, searchBooksPage } from './use-book-search';

/**
 * A search's results from page `startPage` on (the address's `?page=`, from 0), whole answers
 * kept: the first carries the count and "did you mean". Also the search page's loader
 * (routes/page-loaders.ts), so the server renders the same pages.
 */
export function searchResultsQuery(language: Language, filters: BookListFilters, startPage: number) {
  return infiniteQueryOptions({
    queryKey: ['search', language, ...filtersKey(filters), startPage],
    initialPageParam: startPage,
    queryFn: ({ pageParam }): Promise<BookSearchResult> => searchBooksPage(language, filters, pageParam),
    getNextPageParam: (lastPage, _pages, lastPageParam) => nextBookPage(lastPage.result, lastPageParam),
    enabled: Boolean(filters.q),
  });
}

/** The search page's results, page after page as the reader scrolls (the book list's infinite scroll). */
export function useSearchResults(filters: BookListFilters, startPage: number) {
  const language = useLanguage();
  // TanStack compares options by their key: a new object each render is the same query.
  const query = useInfiniteQuery(searchResultsQuery(language, filters, startPage));
  useEffect(() => {
    if (query.error) console.error('Search results failed to load', query.error);
  }, [query.error]);
  const pages = query.data?.pages;
  const books = useMemo(() => mergeBookPages((pages ?? []).map((page) => page.result)), [pages]);
  const first = pages?.[0];
  return { ...query, books, total: first?.total, didYouMean: first?.did_you_mean ?? null };
}
