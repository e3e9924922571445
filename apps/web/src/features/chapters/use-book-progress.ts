import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { readingApi } from '../../lib/api-reading';
import { useLanguage } from '../../i18n/use-language';
import { flushProgress } from '../../lib/progress-sync';
import { setFollowState } from './follow-key';

/** The reader's place in a book, its finished chapters and the follow state (one request, shared). */
export function bookProgressQuery(queryClient: QueryClient, bookUuid: string, language: string) {
  return queryOptions({
    queryKey: ['reading-progress', bookUuid, language],
    // Places still waiting to be sent go first, so the answer includes them. Leaving the reader
    // marks these answers stale (Reader.tsx), so coming back shows the new place at once.
    queryFn: async () => {
      await flushProgress();
      const progress = await readingApi.bookProgress(bookUuid, language);
      // The follow state it carries goes to the one place every screen reads it from (follow-state.ts).
      setFollowState(queryClient, bookUuid, progress.following);
      return progress;
    },
  });
}

export function useBookProgress(bookUuid: string, isEnabled = true) {
  const language = useLanguage();
  const queryClient = useQueryClient();
  return useQuery({ ...bookProgressQuery(queryClient, bookUuid, language), enabled: isEnabled });
}

/** Whether a chapter number falls in the finished ranges ([[1, 12], [15, 15]]). */
export function isFinishedChapter(number: number, ranges: readonly (readonly [number, number])[] | undefined): boolean {
  return !!ranges?.some(([from, to]) => number >= from && number <= to);
}
