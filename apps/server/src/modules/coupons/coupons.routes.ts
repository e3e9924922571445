import { CouponRedeemBody, CouponRedeemResponse } from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/route-schema.js';
import { requireUser } from '../../http/guards.js';
import { LIMITS } from '../../http/rate-limits.js';
import type { CouponsService } from './coupons.service.js';

export function couponsRoutes(coupons: CouponsService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    app.post(
      '/user/coupon/redeem',
      {
        config: { rateLimit: LIMITS.couponRedeem },
        schema: {
          tags: ['membership'],
          summary: 'Redeem a coupon for membership time',
          body: CouponRedeemBody,
          response: { 200: CouponRedeemResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await coupons.redeem(requireUser(request).id, request.body.code) } }),
    );
  };
}
