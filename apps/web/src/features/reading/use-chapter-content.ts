import type { ChapterContent } from '@inkstream/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { readingApi } from '../../lib/api-reading';
import { useLighterImages } from '../../lib/data-saving';
import type { Language } from '../../lib/language';
import { isOffline } from '../../lib/online';
import { isOfflineError, readSavedChapter } from '../offline';
import { shouldRetryChapter } from './reading-notice';

/**
 * The chapter from the server; without a connection (the browser says so, or the call fails on the
 * network rather than with an answer) from its copy saved in this browser (issue 47). A copy past its
 * end is deleted and answered as the expired refusal; no copy, as "offline and not saved".
 */
export async function chapterOrSavedCopy(chapterUuid: string, language: Language, lighter: boolean): Promise<ChapterContent> {
  if (isOffline()) return readSavedChapter(chapterUuid);
  try {
    return await readingApi.chapterContent(chapterUuid, language, lighter);
  } catch (error) {
    // An answer is the server's word; only a request that never got one falls back to the saved copy.
    if (error instanceof ApiError) throw error;
    return readSavedChapter(chapterUuid);
  }
}

/**
 * One chapter's content. Shared by the reader and the next-chapter prefetch, so a prefetched
 * chapter opens from the cache with the same (signed) image URLs the browser already fetched.
 * `lighter`: with the data saver's lighter pages (a cache entry of its own). It runs without a
 * connection too (networkMode 'always'): the saved copy answers then.
 */
export function chapterQueryOptions(chapterUuid: string, language: Language, lighter: boolean) {
  return queryOptions({
    queryKey: lighter ? ['chapter-content', chapterUuid, language, 'lite'] : ['chapter-content', chapterUuid, language],
    queryFn: () => chapterOrSavedCopy(chapterUuid, language, lighter),
    retry: (failureCount: number, error: unknown) => !isOfflineError(error) && shouldRetryChapter(failureCount, error),
    networkMode: 'always',
    // Signed page URLs last two hours; five minutes keeps prefetched chapters and their images fresh.
    staleTime: 5 * 60_000,
  });
}

export function useChapterContent(chapterUuid: string, language: Language) {
  return useQuery(chapterQueryOptions(chapterUuid, language, useLighterImages()));
}
