import type { AdminOrder, AdminOrderDetail, PaymentIncident, RefundOrderResult } from '@inkstream/contracts';
import { adminRequest, type CursorPage, type Page } from '../shell/admin-api';

export interface OrderQuery {
  page_size: number;
  cursor?: string | undefined;
  provider?: string | undefined;
  status?: string | undefined;
  user?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const path = (orderId: string) => `/orders/${encodeURIComponent(orderId)}`;

export const ordersApi = {
  list: (query: OrderQuery) => adminRequest<CursorPage<AdminOrder>>('GET', '/orders', { query: { ...query } }),
  detail: (orderId: string) => adminRequest<AdminOrderDetail>('GET', path(orderId)),
  refund: (orderId: string, reason: string) => adminRequest<RefundOrderResult>('POST', `${path(orderId)}/refund`, { body: { reason } }),
  incidents: (query: { page: number; page_size: number; state: string }) =>
    adminRequest<Page<PaymentIncident>>('GET', '/incidents', { query: { ...query } }),
  resolve: (id: number, body: { username: string; plan?: 'month' | 'season' }) =>
    adminRequest<PaymentIncident>('POST', `/incidents/${id}/resolve`, { body }),
  dismiss: (id: number, note: string) => adminRequest<PaymentIncident>('POST', `/incidents/${id}/dismiss`, { body: { note } }),
};

export const PROVIDERS = ['wechat', 'stripe', 'sandbox'] as const;
export const STATUSES = ['pending', 'paid', 'expired', 'failed', 'refunded'] as const;
