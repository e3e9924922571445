import {
  AdminCouponCreateBody,
  AdminCouponListQuery,
  AdminCouponListResponse,
  AdminCouponParams,
  AdminCouponResponse,
} from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromIsoOrNull } from '../../lib/time.js';
import { errorResponses } from '../../lib/route-schema.js';
import { requireAdmin } from '../../http/guards.js';
import type { Actor } from '../audit/audit.service.js';
import type { CouponsAdminService } from './coupons-admin.service.js';

const actorOf = (request: FastifyRequest): Actor => {
  const admin = requireAdmin(request);
  return { userId: admin.id, name: admin.username };
};

/** `/admin/coupons…`: list with redemption counts, create, disable (inside the admin scope). */
export function couponsAdminRoutes(coupons: CouponsAdminService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    app.get(
      '/coupons',
      {
        schema: {
          tags: ['admin'],
          summary: 'Coupons with their redemption counts and state',
          querystring: AdminCouponListQuery,
          response: { 200: AdminCouponListResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await coupons.list(request.query) }),
    );
    app.post(
      '/coupons',
      {
        schema: {
          tags: ['admin'],
          summary: 'Create a coupon that adds membership days or months',
          body: AdminCouponCreateBody,
          response: { 200: AdminCouponResponse, ...errorResponses },
        },
      },
      async (request) => {
        const body = request.body;
        const expiresAt = body.expires_at === undefined ? null : (fromIsoOrNull(body.expires_at) ?? Number.NaN);
        const coupon = await coupons.create(actorOf(request), {
          code: body.code,
          days: body.days ?? null,
          months: body.months ?? null,
          maxRedemptions: body.max_redemptions ?? null,
          expiresAt,
          note: body.note ?? null,
        });
        return { data: coupon };
      },
    );
    app.post(
      '/coupons/:code/disable',
      {
        schema: {
          tags: ['admin'],
          summary: 'Stop a coupon from being redeemed',
          params: AdminCouponParams,
          response: { 200: AdminCouponResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await coupons.disable(actorOf(request), request.params.code) }),
    );
  };
}
