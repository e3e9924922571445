import type { BookSearchResult, BookSummary } from '@inkstream/contracts';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { api } from '../../lib/api-client';
import { useLanguage } from '../../i18n/use-language';
import type { Language } from '../../lib/language';
import { BOOK_PAGE_SIZE, mergeBookPages, nextBookPage, type BookListFilters } from './book-list-rules';

/** Spec section 8: book list failures are only logged; the screen stays as it is. */
function useLogFailure(error: unknown, what: string) {
  useEffect(() => {
    if (error) console.error(`${what} failed to load`, error);
  }, [error, what]);
}

/** One page of the book search API for a filter combination (the book list's and the search page's). */
export function searchBooksPage(language: Language, filters: BookListFilters, page: number): Promise<BookSearchResult> {
  const { order, tag, q, type, status, freeOnly, hidden, included, leaveOut } = filters;
  return api.searchBooks({
    language,
    page,
    page_size: BOOK_PAGE_SIZE,
    order_by: order,
    tag,
    q,
    book_type: type,
    status,
    has_free: freeOnly || undefined,
    exclude_tags: hidden.join(',') || undefined,
    tags: included.join(',') || undefined,
    exclude_descriptors: leaveOut.join(',') || undefined,
  });
}

/** What identifies a filter combination in a query key. */
export const filtersKey = ({ order, tag, q, type, status, freeOnly, hidden, included, leaveOut }: BookListFilters) =>
  [
    order,
    tag ?? null,
    q ?? null,
    type ?? null,
    status ?? null,
    freeOnly,
    hidden.join(','),
    included.join(','),
    leaveOut.join(','),
  ] as const;

/** The book list of one filter combination, page by page (also the home page's loader: routes/page-loaders.ts). */
export function bookSearchQuery(language: Language, filters: BookListFilters) {
  return infiniteQueryOptions({
    queryKey: ['books', language, ...filtersKey(filters)],
    initialPageParam: 0,
    queryFn: ({ pageParam }): Promise<BookSummary[] | null> =>
      searchBooksPage(language, filters, pageParam).then((data) => data.result ?? null),
    getNextPageParam: (lastPage, _pages, lastPageParam) => nextBookPage(lastPage, lastPageParam),
  });
}

export const recommendationsQuery = (language: Language) =>
  queryOptions({ queryKey: ['recommendations', language], queryFn: () => api.recommendations(language) });

export const tagsQuery = () => queryOptions({ queryKey: ['tags'], queryFn: api.tags, staleTime: 10 * 60_000 });

/**
 * The infinite book list. Each filter combination is its own query starting at page 0, so a
 * change of tag, order or search shows an empty list that fills from the first page again.
 */
export function useBookSearch(filters: BookListFilters) {
  const language = useLanguage();
  const { order, tag, q, type, status, freeOnly } = filters;
  const hidden = filters.hidden.join(',');
  const included = filters.included.join(',');
  const leaveOut = filters.leaveOut.join(',');
  const options = useMemo(
    () =>
      bookSearchQuery(language, {
        order,
        tag,
        q,
        type,
        status,
        freeOnly,
        hidden: hidden ? hidden.split(',') : [],
        included: included ? included.split(',') : [],
        leaveOut: leaveOut ? leaveOut.split(',') : [],
      }),
    [language, order, tag, q, type, status, freeOnly, hidden, included, leaveOut],
  );
  const { queryKey } = options;
  const client = useQueryClient();
  // Only the open list stays cached: coming back from a book finds its loaded pages, while any
  // change of tag, order or search (here or from the header) starts again from an empty page 0.
  useEffect(() => {
    const current = JSON.stringify(queryKey);
    client.removeQueries({ queryKey: ['books'], predicate: (query) => JSON.stringify(query.queryKey) !== current });
  }, [client, queryKey]);
  const query = useInfiniteQuery(options);
  useLogFailure(query.error, 'Book list');
  const books = useMemo(() => mergeBookPages(query.data?.pages ?? []), [query.data]);
  return { ...query, books };
}

export function useRecommendations() {
  const language = useLanguage();
  const query = useQuery(recommendationsQuery(language));
  useLogFailure(query.error, 'Recommendations');
  return query;
}

export function useTags() {
  const query = useQuery(tagsQuery());
  useLogFailure(query.error, 'Tags');
  return query;
}
