import {
  CreateOrderBody,
  CreateOrderResponse,
  OrderIdParams,
  PaymentStatusResponse,
  SandboxOrderResponse,
  SandboxCheckoutQuery,
  SandboxPayBody,
} from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorResponses } from '../../lib/route-schema.js';
import { requireUser } from '../../http/guards.js';
import { LIMITS } from '../../http/rate-limits.js';
import type { PaymentsService, SandboxAccess } from './payments.service.js';

const sandboxAccess = (request: FastifyRequest): SandboxAccess => ({
  userId: request.user?.id ?? null,
  checkoutToken: (request.query as { checkout_token?: string }).checkout_token,
});

export function paymentsRoutes(payments: PaymentsService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['payments'];

    app.post(
      '/payment/wechat/payment/china_book_membership/create',
      {
        config: { rateLimit: LIMITS.createOrder },
        schema: {
          tags,
          summary: 'Create a membership order; answers a QR code to pay',
          body: CreateOrderBody,
          response: { 200: CreateOrderResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await payments.createOrder(requireUser(request).id, request.body) }),
    );

    app.get(
      '/payment/wechat/payment/status/:order_id',
      {
        schema: {
          tags,
          summary: "Status of the user's order (polled every 3 s)",
          params: OrderIdParams,
          response: { 200: PaymentStatusResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await payments.status(requireUser(request).id, request.params.order_id) } }),
    );

    app.get(
      '/payment/sandbox/orders/:order_id',
      {
        schema: {
          tags,
          summary: 'Sandbox only: the order shown on the sandbox checkout page (its owner, or the checkout link)',
          params: OrderIdParams,
          querystring: SandboxCheckoutQuery,
          response: { 200: SandboxOrderResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await payments.sandboxOrder(request.params.order_id, sandboxAccess(request)) } }),
    );

    app.post(
      '/payment/sandbox/orders/:order_id/pay',
      {
        schema: {
          tags,
          summary: 'Sandbox only: pay or fail an order, as a payer would (its owner, or the checkout link)',
          params: OrderIdParams,
          querystring: SandboxCheckoutQuery,
          body: SandboxPayBody,
          response: { 200: PaymentStatusResponse, ...errorResponses },
        },
      },
      async (request) => ({
        data: { result: await payments.sandboxPay(request.params.order_id, request.body.outcome, sandboxAccess(request)) },
      }),
    );
  };
}
