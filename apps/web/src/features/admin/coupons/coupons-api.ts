import type { AdminCoupon, AdminCouponCreateBody } from '@inkstream/contracts';
import { adminRequest, type Page } from '../shell/admin-api';

export const couponsApi = {
  list: (query: { page: number; page_size: number; state?: string | undefined }) =>
    adminRequest<Page<AdminCoupon>>('GET', '/coupons', { query: { ...query } }),
  create: (body: AdminCouponCreateBody) => adminRequest<AdminCoupon>('POST', '/coupons', { body }),
  disable: (code: string) => adminRequest<AdminCoupon>('POST', `/coupons/${encodeURIComponent(code)}/disable`),
};
