import type { ReplyAlert } from '@inkstream/contracts';
import { client, data, result } from '../../lib/api-fetch';

/** The library's Alerts tab: replies to the reader's comments (docs/COMMUNITY.md "Reply alerts"). */
export const alertsApi = {
  list: (language: string, page: number, pageSize: number): Promise<{ result: ReplyAlert[]; total: number; unread: number }> =>
    data(client.GET('/api/v1/user/alerts', { params: { query: { language, page, page_size: pageSize } } })),
  markRead: (alertIds: number[]): Promise<{ unread: number }> =>
    result(client.POST('/api/v1/user/alerts/read', { body: { alert_ids: alertIds } })),
};
