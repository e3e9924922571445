import { useQuery } from '@tanstack/react-query';
import { publicConfigQuery } from '../../lib/public-config';

/**
 * Whether the community (comments, ratings) is on: the public config's `community`. Until the
 * config is known nothing community-related shows, so COMMUNITY=off never flashes a widget.
 */
export function useCommunityEnabled(): boolean {
  const { data } = useQuery({ ...publicConfigQuery(), staleTime: 5 * 60_000 });
  return data?.community === true;
}
