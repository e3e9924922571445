import { useQuery } from '@tanstack/react-query';
import { publicConfigQuery } from '../../../lib/public-config';

/** Whether the site has the community on (public config `community`): with COMMUNITY=off the console shows none of it. */
export function useCommunityOn(): boolean | undefined {
  return useQuery(publicConfigQuery()).data?.community;
}
