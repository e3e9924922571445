import type { AdminOutboxItem, AdminOutboxListQuery, AdminOutboxMessage } from '@inkstream/contracts';
import { client, data } from '../../../lib/api-fetch';
import type { CursorPage } from '../shell/admin-api';

const message = (uuid: string) => ({ params: { path: { uuid } } });

export const outboxApi = {
  list: (query: AdminOutboxListQuery): Promise<CursorPage<AdminOutboxItem>> =>
    data(client.GET('/api/v1/admin/outbox', { params: { query } })),
  item: (uuid: string): Promise<AdminOutboxItem> => data(client.GET('/api/v1/admin/outbox/{uuid}', message(uuid))),
  resend: (uuid: string): Promise<AdminOutboxItem> => data(client.POST('/api/v1/admin/outbox/{uuid}/resend', message(uuid))),
  message: (uuid: string): Promise<AdminOutboxMessage> => data(client.GET('/api/v1/admin/outbox/{uuid}/message', message(uuid))),
};

export { MAIL_KINDS, MAIL_STATES } from '@inkstream/contracts/constants';
