import { useQuery } from '@tanstack/react-query';
import { readingApi } from '../../lib/api-reading';
import { currentLanguage } from '../../lib/language';

/** The reader's place in a book, its finished chapters and the follow state (one request, shared). */
export function useBookProgress(bookUuid: string) {
  const language = currentLanguage();
  return useQuery({
    queryKey: ['reading-progress', bookUuid, language],
    queryFn: () => readingApi.bookProgress(bookUuid, language),
    // Coming back from the reader must show the new place at once.
    staleTime: 0,
  });
}

/** Whether a chapter number falls in the finished ranges ([[1, 12], [15, 15]]). */
export function isFinishedChapter(number: number, ranges: readonly (readonly [number, number])[] | undefined): boolean {
  return !!ranges?.some(([from, to]) => number >= from && number <= to);
}
