import { useQuery } from '@tanstack/react-query';
import { readingApi } from '../../lib/api-reading';
import { useLanguage } from '../../lib/use-language';
import { flushProgress } from '../reader/progress-sync';

/** The reader's place in a book, its finished chapters and the follow state (one request, shared). */
export function useBookProgress(bookUuid: string, isEnabled = true) {
  const language = useLanguage();
  return useQuery({
    queryKey: ['reading-progress', bookUuid, language],
    // Places still waiting to be sent go first, so the answer includes them. Leaving the reader
    // marks these answers stale (Reader.tsx), so coming back shows the new place at once.
    queryFn: async () => {
      await flushProgress();
      return readingApi.bookProgress(bookUuid, language);
    },
    enabled: isEnabled,
  });
}

/** Whether a chapter number falls in the finished ranges ([[1, 12], [15, 15]]). */
export function isFinishedChapter(number: number, ranges: readonly (readonly [number, number])[] | undefined): boolean {
  return !!ranges?.some(([from, to]) => number >= from && number <= to);
}
