import type { ReadingPreferences, ReadingPreferencesBody } from '@inkstream/contracts';
import { client, result } from './api-fetch';

/**
 * A reader's reading preferences (issue 45, docs/API.md "Reading preferences (ext)"): comic modes
 * per book and by default, the novel reader's settings. Loaded with the reading screen.
 */
export const preferencesApi = {
  get: (): Promise<ReadingPreferences> => result(client.GET('/api/v1/user/reading_preferences')),
  /** Sets what the body names (null unsets a field); answers the whole new state. Keepalive: a change made as the tab closes still arrives. */
  put: (body: ReadingPreferencesBody): Promise<ReadingPreferences> =>
    result(client.PUT('/api/v1/user/reading_preferences', { body, keepalive: true })),
};
