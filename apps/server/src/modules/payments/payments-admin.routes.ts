import {
  AdminOrderDetailResponse,
  AdminOrderIdParams,
  AdminOrderListQuery,
  AdminOrderListResponse,
  DismissIncidentBody,
  IncidentIdParams,
  IncidentListQuery,
  IncidentListResponse,
  IncidentResponse,
  RefundOrderBody,
  RefundOrderResponse,
  RefundPreviewResponse,
  ResolveIncidentBody,
} from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/route-schema.js';
import { requireAdmin } from '../../http/guards.js';
import type { PaymentIncidentsService } from './payment-incidents.service.js';
import type { PaymentsAdminService } from './payments-admin.service.js';

const actorOf = (request: Parameters<typeof requireAdmin>[0]) => {
  const admin = requireAdmin(request);
  return { userId: admin.id, name: admin.username };
};

/** Orders, refunds and payment incidents in the console (registered inside the admin scope). */
export function paymentsAdminRoutes(orders: PaymentsAdminService, incidents: PaymentIncidentsService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['admin'];
    app.get(
      '/orders',
      {
        schema: {
          tags,
          summary: 'Orders, newest first, filterable by provider, status, creation time and user',
          querystring: AdminOrderListQuery,
          response: { 200: AdminOrderListResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await orders.list(request.query) }),
    );
    app.get(
      '/orders/:orderId',
      {
        schema: {
          tags,
          summary: 'One order with its provider events and its membership grant',
          params: AdminOrderIdParams,
          response: { 200: AdminOrderDetailResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await orders.detail(request.params.orderId) }),
    );
    app.get(
      '/orders/:orderId/refund-preview',
      {
        schema: {
          tags,
          summary:
            'What refunding the order now would take back: for a paid coin pack, the balance before and after and the chapters locked again',
          params: AdminOrderIdParams,
          response: { 200: RefundPreviewResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await orders.refundPreview(request.params.orderId) }),
    );
    app.post(
      '/orders/:orderId/refund',
      {
        schema: {
          tags,
          summary: 'Refund a paid order in full through its provider and revoke its time (502 REFUND_FAILED when the provider refuses)',
          params: AdminOrderIdParams,
          body: RefundOrderBody,
          response: { 200: RefundOrderResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await orders.refund(actorOf(request), request.params.orderId, request.body.reason.trim()) }),
    );
    app.get(
      '/incidents',
      {
        schema: {
          tags,
          summary: 'Payment incidents: payments the server could not apply by itself',
          querystring: IncidentListQuery,
          response: { 200: IncidentListResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await incidents.list(request.query) }),
    );
    app.post(
      '/incidents/:id/resolve',
      {
        schema: {
          tags,
          summary: 'Grant a paid Stripe session to a user, as the webhook would have (once)',
          params: IncidentIdParams,
          body: ResolveIncidentBody,
          response: { 200: IncidentResponse, ...errorResponses },
        },
      },
      async (request) => ({
        data: (await incidents.resolve(actorOf(request), request.params.id, { username: request.body.username, plan: request.body.plan }))
          .incident,
      }),
    );
    app.post(
      '/incidents/:id/dismiss',
      {
        schema: {
          tags,
          summary: 'Close an incident without granting anything, with a note',
          params: IncidentIdParams,
          body: DismissIncidentBody,
          response: { 200: IncidentResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await incidents.dismiss(actorOf(request), request.params.id, request.body.note) }),
    );
  };
}
