import { ErrorCode, StripeWebhookResponse } from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../lib/app-error.js';
import { errorResponses } from '../../../lib/route-schema.js';
import { acceptRawBody } from '../raw-body.js';
import type { StripeWebhook } from './stripe-webhook.js';

/** `webhook` is null when Stripe is not configured: the endpoint then does not exist. */
export function stripeRoutes(webhook: StripeWebhook | null) {
  return async (base: FastifyInstance) => {
    acceptRawBody(base);
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    app.post(
      '/payment/stripe/webhook',
      {
        schema: {
          tags: ['payments'],
          summary: 'Stripe webhook: paid Checkout sessions of the buy buttons, and refunds',
          description:
            'Called by Stripe, signed with the endpoint secret in the Stripe-Signature header. 200 once the event is ' +
            'applied or recorded for an admin; 400 WEBHOOK_SIGNATURE_INVALID for a missing, wrong or stale signature.',
          security: [],
          response: { 200: StripeWebhookResponse, ...errorResponses },
        },
      },
      async (request) => {
        if (!webhook) throw notFound(ErrorCode.NOT_FOUND, 'Stripe payments are not configured');
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        await webhook.handle(body, Array.isArray(signature) ? signature[0] : signature, request.log);
        return { data: { received: true as const } };
      },
    );
  };
}
