import type { QueryClient } from '@tanstack/react-query';

/** The one cache entry of a book's follow state (follow-state.ts), by lower-case uuid. */
export const followKey = (bookUuid: string) => ['follow', bookUuid.toLowerCase()] as const;

/** Records a follow state an answer told (a progress answer, the library's list, a follow or unfollow). */
export function setFollowState(queryClient: QueryClient, bookUuid: string, following: boolean): void {
  queryClient.setQueryData(followKey(bookUuid), following);
}
