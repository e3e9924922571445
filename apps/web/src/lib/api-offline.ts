import type { OfflineCheckResult } from '@inkstream/contracts';
import { client, result } from './api-fetch';

/**
 * The access rule's per-reader answer (issue 47): what it says of each chapter now, and until when.
 * Offline reading re-checks its saved chapters with it; the book page's chapter list marks and
 * offers saving from it (issue 56: features/chapters/use-chapter-access.ts).
 */
export const offlineApi = {
  /** At most OFFLINE_CHECK_MAX chapters a call; one entry per chapter, in the order asked. */
  check: (chapters: string[]): Promise<OfflineCheckResult> => result(client.POST('/api/v1/reader/offline/check', { body: { chapters } })),
};
