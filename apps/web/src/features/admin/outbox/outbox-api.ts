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

export const MAIL_STATES = ['queued', 'sending', 'sent', 'failed', 'suppressed'] as const;
export const MAIL_KINDS = [
  'email-confirm',
  'email-changed',
  'password-reset',
  'password-changed',
  'payment-receipt',
  'coupon-receipt',
  'refund-notice',
  'membership-reminder',
  'chapter-digest',
  'two-step-changed',
] as const;
