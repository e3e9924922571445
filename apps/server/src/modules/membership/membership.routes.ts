import { MembershipResponse } from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/route-schema.js';
import type { MembershipService } from './membership.service.js';

export function membershipRoutes(membership: MembershipService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    app.get(
      '/user/book/membership',
      {
        schema: {
          tags: ['membership'],
          summary: 'Membership expiry; null for visitors and non-members',
          response: { 200: MembershipResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await membership.getMembership(request.user?.id ?? null) } }),
    );
  };
}
