import type { AdminCoupon, AdminCouponCreateBody } from '@inkstream/contracts';
import { client, data, type ApiQuery } from '../../../lib/api-fetch';
import type { Page } from '../shell/admin-api';

export type CouponQuery = ApiQuery<'/api/v1/admin/coupons'>;

export const couponsApi = {
  list: (query: CouponQuery): Promise<Page<AdminCoupon>> => data(client.GET('/api/v1/admin/coupons', { params: { query } })),
  create: (body: AdminCouponCreateBody): Promise<AdminCoupon> => data(client.POST('/api/v1/admin/coupons', { body })),
  disable: (code: string): Promise<AdminCoupon> =>
    data(client.POST('/api/v1/admin/coupons/{code}/disable', { params: { path: { code } } })),
};
