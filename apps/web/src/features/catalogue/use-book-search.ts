import type { BookSummary } from '@inkstream/contracts';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { api } from '../../lib/api-client';
import { useLanguage } from '../../i18n/use-language';
import { BOOK_PAGE_SIZE, mergeBookPages, nextBookPage, type BookListFilters } from './book-list-rules';

/** Spec section 8: book list failures are only logged; the screen stays as it is. */
function useLogFailure(error: unknown, what: string) {
  useEffect(() => {
    if (error) console.error(`${what} failed to load`, error);
  }, [error, what]);
}

/**
 * The infinite book list. Each filter combination is its own query starting at page 0, so a
 * change of tag, order or search shows an empty list that fills from the first page again.
 */
export function useBookSearch({ order, tag, q, type }: BookListFilters) {
  const language = useLanguage();
  const queryKey = useMemo(() => ['books', language, order, tag ?? null, q ?? null, type ?? null], [language, order, tag, q, type]);
  const client = useQueryClient();
  // Only the open list stays cached: coming back from a book finds its loaded pages, while any
  // change of tag, order or search (here or from the header) starts again from an empty page 0.
  useEffect(() => {
    const current = JSON.stringify(queryKey);
    client.removeQueries({ queryKey: ['books'], predicate: (query) => JSON.stringify(query.queryKey) !== current });
  }, [client, queryKey]);
  const query = useInfiniteQuery({
    queryKey,
    initialPageParam: 0,
    queryFn: ({ pageParam }): Promise<BookSummary[] | null> =>
      api
        .searchBooks({ language, page: pageParam, page_size: BOOK_PAGE_SIZE, order_by: order, tag, q, book_type: type })
        .then((data) => data.result ?? null),
    getNextPageParam: (lastPage, _pages, lastPageParam) => nextBookPage(lastPage, lastPageParam),
  });
  useLogFailure(query.error, 'Book list');
  const books = useMemo(() => mergeBookPages(query.data?.pages ?? []), [query.data]);
  return { ...query, books };
}

export function useRecommendations() {
  const language = useLanguage();
  const query = useQuery({ queryKey: ['recommendations', language], queryFn: () => api.recommendations(language) });
  useLogFailure(query.error, 'Recommendations');
  return query;
}

export function useTags() {
  const query = useQuery({ queryKey: ['tags'], queryFn: api.tags, staleTime: 10 * 60_000 });
  useLogFailure(query.error, 'Tags');
  return query;
}
