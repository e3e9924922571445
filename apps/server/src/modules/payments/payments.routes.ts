import {
  CreateOrderBody,
  CreateOrderResponse,
  OrderIdParams,
  PaymentStatusResponse,
  SandboxOrderResponse,
  SandboxPayBody,
} from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/route-schema.js';
import { requireUser } from '../../plugins/auth.js';
import { LIMITS } from '../../plugins/rate-limit.js';
import type { PaymentsService } from './payments.service.js';

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
      async (request) => ({ data: await payments.createOrder(requireUser(request).id, request.body.months) }),
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
          summary: 'Sandbox only: the order shown on the sandbox checkout page',
          params: OrderIdParams,
          response: { 200: SandboxOrderResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await payments.sandboxOrder(request.params.order_id) } }),
    );

    app.post(
      '/payment/sandbox/orders/:order_id/pay',
      {
        schema: {
          tags,
          summary: 'Sandbox only: pay or fail an order, as a payer would',
          params: OrderIdParams,
          body: SandboxPayBody,
          response: { 200: PaymentStatusResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await payments.sandboxPay(request.params.order_id, request.body.outcome) } }),
    );
  };
}
