import type { AdminOutboxItem, AdminOutboxMessage } from '@inkstream/contracts';
import { adminRequest, type CursorPage } from '../shell/admin-api';

export interface OutboxQuery {
  page_size: number;
  cursor?: string | undefined;
  state?: string | undefined;
  kind?: string | undefined;
}

const path = (uuid: string) => `/outbox/${encodeURIComponent(uuid)}`;

export const outboxApi = {
  list: (query: OutboxQuery) => adminRequest<CursorPage<AdminOutboxItem>>('GET', '/outbox', { query: { ...query } }),
  item: (uuid: string) => adminRequest<AdminOutboxItem>('GET', path(uuid)),
  resend: (uuid: string) => adminRequest<AdminOutboxItem>('POST', `${path(uuid)}/resend`),
  message: (uuid: string) => adminRequest<AdminOutboxMessage>('GET', `${path(uuid)}/message`),
};

export { MAIL_KINDS, MAIL_STATES } from '@inkstream/contracts/constants';
