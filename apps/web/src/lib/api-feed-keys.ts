import type { CreatedFeedKey, FeedKeySummary } from '@inkstream/contracts';
import { client, result } from './api-fetch';

/** The reader's OPDS feed keys (the profile's "Read in an app", docs/OPDS.md "Feed keys"). */
export const feedKeysApi = {
  list: (): Promise<FeedKeySummary[]> => result(client.GET('/api/v1/user/feed_keys')),
  create: (name: string): Promise<CreatedFeedKey> => result(client.POST('/api/v1/user/feed_keys', { body: { name } })),
  revoke: (keyId: number): Promise<{ revoked: true }> =>
    result(client.DELETE('/api/v1/user/feed_keys/{key_id}', { params: { path: { key_id: keyId } } })),
};
