import { READING_STATUSES, type BookReadingStatus, type ReadingStatus } from '@inkstream/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readingApi } from '../../lib/api-reading';

export { READING_STATUSES };
export type { ReadingStatus };

const statusKey = (bookUuid: string) => ['reading-status', bookUuid] as const;

/**
 * Issue 61: the reader's status of a book as the server keeps it, and the change of it: the book
 * page's picker and the end card's "Mark as completed" read and write the same entry; the
 * library's statuses tab asks again after a change.
 */
export function useReadingStatus(bookUuid: string, isEnabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: statusKey(bookUuid), queryFn: () => readingApi.status(bookUuid), enabled: isEnabled });
  const change = useMutation({
    mutationFn: (status: ReadingStatus | null) => (status ? readingApi.setStatus(bookUuid, status) : readingApi.clearStatus(bookUuid)),
    onSuccess: (answer: BookReadingStatus) => {
      queryClient.setQueryData(statusKey(bookUuid), answer);
      void queryClient.invalidateQueries({ queryKey: ['library', 'statuses'] });
    },
  });
  return { status: query.data, change };
}
