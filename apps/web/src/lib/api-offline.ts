import type { OfflineCheckBody, OfflineCheckResult } from '@inkstream/contracts';
import { client, result } from './api-fetch';

/**
 * The one call of offline reading (issue 47): what the access rule says of each saved chapter now,
 * and until when. Loaded only with the saving code and the re-check, never with a first page.
 *
 * NOTE: the server's route (POST /api/v1/reader/offline/check, contracts schemas/offline.ts) was
 * being built beside this file, so the generated api-schema.d.ts did not name its path yet: the call
 * is typed by hand from the contracts' body and answer. Once `npm run api:types` has the path, this
 * becomes a plain `client.POST('/api/v1/reader/offline/check', { body })` and the cast goes.
 */
type CheckCall = (
  path: '/api/v1/reader/offline/check',
  init: { body: OfflineCheckBody },
) => Promise<{ data?: { data: { result: OfflineCheckResult } }; error?: unknown; response: Response }>;

export const offlineApi = {
  /** At most OFFLINE_CHECK_MAX chapters a call; one entry per chapter, in the order asked. */
  check: (chapters: string[]): Promise<OfflineCheckResult> =>
    result((client.POST as unknown as CheckCall)('/api/v1/reader/offline/check', { body: { chapters } })),
};
