import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLanguage } from '../../i18n/use-language';
import { useAuth } from '../auth';
import { followKey } from './follow-key';
import { bookProgressQuery } from './use-book-progress';

export { setFollowState } from './follow-key';

/**
 * Whether the reader follows a book: one cache entry per book, the one source every screen reads
 * (the book page, the reader's end card, the library). Any answer that tells the state fills it
 * (the book's progress, the library's list, a follow or unfollow), so no screen can show a state
 * another screen has since changed. Unknown (`undefined`) until an answer came: never shown as
 * "Follow" meanwhile.
 *
 * The follow state of a book for the logged-in reader (asked when `isEnabled`); undefined while unknown. */
export function useFollowState(bookUuid: string, isEnabled = true): boolean | undefined {
  const { userUuid } = useAuth();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: followKey(bookUuid),
    // The book's progress answer carries the state; a progress request already under way is joined.
    queryFn: async () => (await queryClient.fetchQuery(bookProgressQuery(queryClient, bookUuid, language))).following,
    enabled: !!userUuid && isEnabled,
  });
  return query.data;
}
