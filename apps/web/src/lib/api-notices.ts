import type { EmailPreferences } from '@inkstream/contracts';
import { request } from './api-client';

/** The reader's choices about the site's own e-mails (the profile's Messages section). */
export const noticesApi = {
  preferences: () => request<{ result: EmailPreferences }>('GET', '/user/email/preferences').then((d) => d.result),
  updatePreferences: (body: Partial<EmailPreferences>) =>
    request<{ result: EmailPreferences }>('PUT', '/user/email/preferences', { body }).then((d) => d.result),
};
