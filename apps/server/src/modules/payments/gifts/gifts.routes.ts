import { BoughtGiftsResponse } from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../../lib/route-schema.js';
import { requireUser } from '../../../http/guards.js';
import type { GiftsService } from './gifts.service.js';

/** Issue 59: the gifts a reader bought (redeeming goes through POST /user/coupon/redeem). */
export function giftsRoutes(gifts: GiftsService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    app.get(
      '/user/gifts',
      {
        schema: {
          tags: ['membership'],
          summary: 'Gift memberships the reader bought, with their state (the code only right after the payment)',
          response: { 200: BoughtGiftsResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await gifts.listBought(requireUser(request).id) } }),
    );
  };
}
