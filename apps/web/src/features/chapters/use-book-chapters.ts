import type { ChapterDirection } from '@inkstream/contracts/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { readingApi } from '../../lib/api-reading';
import { useLanguage } from '../../i18n/use-language';
import type { Language } from '../../lib/language';
import { CHAPTER_PAGE_SIZE, hasMoreChapters, pageCount } from './chapter-pages';

/**
 * The chapters of a book, page by page from `startPage` (0 unless the reader jumped). A new
 * direction or jump is a new query key, so the list starts over as spec section 4 asks.
 */
export function useBookChapters(bookId: string, direction: ChapterDirection, startPage: number) {
  return useInfiniteQuery(bookChaptersQuery(bookId, useLanguage(), direction, startPage));
}

/** The query behind useBookChapters (also the book page's loader: routes/page-loaders.ts). */
export function bookChaptersQuery(bookId: string, language: Language, direction: ChapterDirection, startPage: number) {
  return infiniteQueryOptions({
    queryKey: ['book-chapters', bookId, language, direction, startPage],
    queryFn: ({ pageParam }) => readingApi.chapters(bookId, language, direction, pageParam, CHAPTER_PAGE_SIZE),
    initialPageParam: startPage,
    // The spec's rule, plus the server's total so a full last page does not cost an empty request.
    getNextPageParam: (last, _pages, lastPage) =>
      hasMoreChapters(last.chapters) && lastPage + 1 < pageCount(last.total_chapters) ? lastPage + 1 : undefined,
    // An unknown book stays unknown; only network and server failures deserve a second try.
    retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1,
  });
}
