import { request } from './api-client';

export type MailListName = 'reminders' | 'digest';

/** One-click unsubscribe from an e-mail's link (/unsubscribe?token=…): no login, the token is the credential. */
export const mailApi = {
  /** Which list the token leaves; changes nothing. */
  previewUnsubscribe: (token: string) => request<{ list: MailListName }>('GET', '/mail/unsubscribe', { query: { token }, auth: false }),
  unsubscribe: (token: string) =>
    request<{ list: MailListName; unsubscribed: true }>('POST', '/mail/unsubscribe', { query: { token }, auth: false }),
};
