import { AdminStopRenewalBody, AdminSubscriptionParams, AdminSubscriptionsResponse, AdminUserParams } from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../../lib/route-schema.js';
import { actorOf } from '../../audit/admin-actor.js';
import type { SubscriptionsAdminService } from './subscriptions-admin.service.js';

/** `/admin/users/{userUuid}/subscriptions…`: a reader's renewing memberships (inside the admin scope). */
export function subscriptionsAdminRoutes(subscriptions: SubscriptionsAdminService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    app.get(
      '/users/:userUuid/subscriptions',
      {
        schema: {
          tags: ['admin'],
          summary: "A reader's renewing memberships, newest first, with their invoices and the orders that paid them",
          params: AdminUserParams,
          response: { 200: AdminSubscriptionsResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await subscriptions.ofReader(request.params.userUuid) }),
    );
    app.post(
      '/users/:userUuid/subscriptions/:subscriptionId/stop-renewal',
      {
        schema: {
          tags: ['admin'],
          summary: 'Stop a renewing membership at the end of its paid period (Stripe first), with a reason (audited)',
          params: AdminSubscriptionParams,
          body: AdminStopRenewalBody,
          response: { 200: AdminSubscriptionsResponse, ...errorResponses },
        },
      },
      async (request) => ({
        data: await subscriptions.stopRenewal(
          actorOf(request),
          request.params.userUuid,
          request.params.subscriptionId,
          request.body.reason,
        ),
      }),
    );
  };
}
