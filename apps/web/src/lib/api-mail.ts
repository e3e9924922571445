import { anonymousClient, data } from './api-fetch';

export type MailListName = 'reminders' | 'digest';

/** One-click unsubscribe from an e-mail's link (/unsubscribe?token=…): no login, the token is the credential. */
export const mailApi = {
  /** Which list the token leaves; changes nothing. */
  previewUnsubscribe: (token: string): Promise<{ list: MailListName }> =>
    data(anonymousClient.GET('/api/v1/mail/unsubscribe', { params: { query: { token } } })),
  unsubscribe: (token: string): Promise<{ list: MailListName; unsubscribed: true }> =>
    data(anonymousClient.POST('/api/v1/mail/unsubscribe', { params: { query: { token } } })),
};
