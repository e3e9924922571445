import type {
  AdminOrder,
  AdminOrderDetail,
  AdminOrderListQuery,
  PaymentIncident,
  RefundOrderResult,
  RefundPreview,
} from '@inkstream/contracts';
import { client, data, type ApiQuery } from '../../../lib/api-fetch';
import type { CursorPage, Page } from '../shell/admin-api';

const order = (orderId: string) => ({ params: { path: { orderId } } });
const incident = (id: number) => ({ params: { path: { id } } });

export const ordersApi = {
  list: (query: AdminOrderListQuery): Promise<CursorPage<AdminOrder>> => data(client.GET('/api/v1/admin/orders', { params: { query } })),
  detail: (orderId: string): Promise<AdminOrderDetail> => data(client.GET('/api/v1/admin/orders/{orderId}', order(orderId))),
  refundPreview: (orderId: string): Promise<RefundPreview> =>
    data(client.GET('/api/v1/admin/orders/{orderId}/refund-preview', order(orderId))),
  refund: (orderId: string, reason: string): Promise<RefundOrderResult> =>
    data(client.POST('/api/v1/admin/orders/{orderId}/refund', { ...order(orderId), body: { reason } })),
  incidents: (query: ApiQuery<'/api/v1/admin/incidents'>): Promise<Page<PaymentIncident>> =>
    data(client.GET('/api/v1/admin/incidents', { params: { query } })),
  resolve: (id: number, body: { username: string; plan?: 'month' | 'season' }): Promise<PaymentIncident> =>
    data(client.POST('/api/v1/admin/incidents/{id}/resolve', { ...incident(id), body })),
  dismiss: (id: number, note: string): Promise<PaymentIncident> =>
    data(client.POST('/api/v1/admin/incidents/{id}/dismiss', { ...incident(id), body: { note } })),
};

export const PROVIDERS = ['wechat', 'stripe', 'sandbox'] as const;
export const STATUSES = ['pending', 'paid', 'expired', 'failed', 'refunded'] as const;
