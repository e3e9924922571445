import { PushPublicKeyResponse, PushSubscriptionBody, PushSubscriptionResponse, PushUnsubscribeBody } from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/route-schema.js';
import { requireUser } from '../../http/guards.js';
import { LIMITS } from '../../http/rate-limits.js';
import type { PushService } from './push.service.js';

export function pushRoutes(push: PushService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['push'];

    app.get(
      '/push/public-key',
      { schema: { tags, summary: 'The VAPID public key for subscribing', response: { 200: PushPublicKeyResponse, ...errorResponses } } },
      async () => ({ data: { result: { public_key: push.publicKey() } } }),
    );

    app.post(
      '/user/push/subscriptions',
      {
        config: { rateLimit: LIMITS.pushSubscriptions },
        schema: {
          tags,
          summary: "Send new-chapter notices of followed books to this browser's push subscription",
          body: PushSubscriptionBody,
          response: { 200: PushSubscriptionResponse, ...errorResponses },
        },
      },
      async (request) => {
        await push.subscribe(requireUser(request).id, request.body);
        return { data: { result: { subscribed: true } } };
      },
    );

    app.delete(
      '/user/push/subscriptions',
      {
        config: { rateLimit: LIMITS.pushSubscriptions },
        schema: {
          tags,
          summary: 'Stop notices to this browser',
          body: PushUnsubscribeBody,
          response: { 200: PushSubscriptionResponse, ...errorResponses },
        },
      },
      async (request) => {
        await push.unsubscribe(requireUser(request).id, request.body.endpoint);
        return { data: { result: { subscribed: false } } };
      },
    );
  };
}
