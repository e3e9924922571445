import type { OfflineCheckResult } from '@inkstream/contracts';
import { client, result } from './api-fetch';

/**
 * The one call of offline reading (issue 47): what the access rule says of each saved chapter now,
 * and until when. Loaded only with the saving code and the re-check, never with a first page.
 */
export const offlineApi = {
  /** At most OFFLINE_CHECK_MAX chapters a call; one entry per chapter, in the order asked. */
  check: (chapters: string[]): Promise<OfflineCheckResult> => result(client.POST('/api/v1/reader/offline/check', { body: { chapters } })),
};
