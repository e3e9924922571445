import { queryOptions, useQuery } from '@tanstack/react-query';
import { readingApi } from '../../lib/api-reading';
import { useLighterImages } from '../../lib/data-saving';
import type { Language } from '../../lib/language';
import { shouldRetryChapter } from './reading-notice';

/**
 * One chapter's content. Shared by the reader and the next-chapter prefetch, so a prefetched
 * chapter opens from the cache with the same (signed) image URLs the browser already fetched.
 * `lighter`: with the data saver's lighter pages (a cache entry of its own).
 */
export function chapterQueryOptions(chapterUuid: string, language: Language, lighter: boolean) {
  return queryOptions({
    queryKey: lighter ? ['chapter-content', chapterUuid, language, 'lite'] : ['chapter-content', chapterUuid, language],
    queryFn: () => readingApi.chapterContent(chapterUuid, language, lighter),
    retry: shouldRetryChapter,
    // Signed page URLs last two hours; five minutes keeps prefetched chapters and their images fresh.
    staleTime: 5 * 60_000,
  });
}

export function useChapterContent(chapterUuid: string, language: Language) {
  return useQuery(chapterQueryOptions(chapterUuid, language, useLighterImages()));
}
