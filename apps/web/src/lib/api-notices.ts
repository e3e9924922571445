import type { EmailPreferences } from '@inkstream/contracts';
import { client, result } from './api-fetch';

/** The reader's choices about the site's own e-mails (the profile's Messages section). */
export const noticesApi = {
  preferences: (): Promise<EmailPreferences> => result(client.GET('/api/v1/user/email/preferences')),
  updatePreferences: (body: Partial<EmailPreferences>): Promise<EmailPreferences> =>
    result(client.PUT('/api/v1/user/email/preferences', { body })),
};
