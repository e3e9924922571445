import { useQuery } from '@tanstack/react-query';
import { coinsApi } from '../../lib/api-coins';
import { publicConfigQuery } from '../../lib/public-config';
import { useAuth } from '../auth';

/**
 * The signed-in reader's unlocks of a book (issue 42): asked only while the site has coins on, so a
 * site without them sends no request and shows nothing new.
 */
export function useBookUnlocks(bookUuid: string | undefined) {
  const { userUuid } = useAuth();
  const config = useQuery({ ...publicConfigQuery(), staleTime: Infinity });
  const enabled = !!userUuid && !!bookUuid && config.data?.coins?.enabled === true;
  return useQuery({
    queryKey: ['book-unlocks', bookUuid, userUuid],
    queryFn: () => coinsApi.bookUnlocks(bookUuid!),
    enabled,
  });
}
