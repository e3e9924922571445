import { useQuery } from '@tanstack/react-query';
import { hasSavedChapters, useOfflineVersion } from './offline-changes';

/**
 * The chapters of a book saved in this browser (issue 47), for the chapter list's saved marks and
 * the book page without a connection. Nothing is opened or loaded while nothing was ever saved here
 * (the storage flag); the records' code comes with the first saved book.
 */
export function useSavedChapters(bookUuid: string | undefined) {
  const version = useOfflineVersion();
  return useQuery({
    queryKey: ['offline-saved', bookUuid, version],
    queryFn: async () => {
      if (!bookUuid || !hasSavedChapters()) return [];
      const { browserStorage, canSaveOffline } = await import('./offline-db');
      if (!canSaveOffline()) return [];
      return (await browserStorage.store.ofBook(bookUuid.toLowerCase())).filter((chapter) => chapter.state === 'saved');
    },
    enabled: !!bookUuid,
    networkMode: 'always',
    staleTime: Infinity,
  });
}
