import {
  ErrorCode,
  SandboxSubscriptionSimulateBody,
  SubscriptionCancelBody,
  SubscriptionPortalResponse,
  SubscriptionResponse,
  RenewalOfferResponse,
} from '@inkstream/contracts';
import { notFound } from '../../../lib/app-error.js';
import type { SandboxSubscriptions } from './sandbox-subscriptions.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../../http/guards.js';
import { LIMITS } from '../../../http/rate-limits.js';
import { errorResponses } from '../../../lib/route-schema.js';
import type { SubscriptionsService } from './subscriptions.service.js';

/** Issue 59: the reader's renewing membership (docs/API.md "Renewing memberships"). */
export function subscriptionsRoutes(subscriptions: SubscriptionsService, sandbox: SandboxSubscriptions | null) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['membership'];
    app.get(
      '/user/membership/subscription',
      {
        schema: {
          tags,
          summary: "The reader's renewing membership; null when none",
          response: { 200: SubscriptionResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await subscriptions.view(requireUser(request).id) } }),
    );
    app.get(
      '/user/membership/renewal_offer',
      {
        schema: {
          tags,
          summary: 'The same plan again in one tap, offered to a one-time member whose membership ends within 7 days; null otherwise',
          response: { 200: RenewalOfferResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await subscriptions.renewalOffer(requireUser(request).id) } }),
    );
    app.post(
      '/user/membership/subscription/cancel',
      {
        config: { rateLimit: LIMITS.subscriptionChanges },
        schema: {
          tags,
          summary: 'Stop the renewal: the membership runs to the end of the paid time, nothing more is charged',
          body: SubscriptionCancelBody,
          response: { 200: SubscriptionResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await subscriptions.cancel(requireUser(request).id, request.body.reason?.trim() || null) } }),
    );
    app.post(
      '/user/membership/subscription/resume',
      {
        config: { rateLimit: LIMITS.subscriptionChanges },
        schema: { tags, summary: 'Resume a stopped renewal before its end', response: { 200: SubscriptionResponse, ...errorResponses } },
      },
      async (request) => ({ data: { result: await subscriptions.resume(requireUser(request).id) } }),
    );
    app.post(
      '/user/membership/subscription/portal',
      {
        config: { rateLimit: LIMITS.subscriptionChanges },
        schema: {
          tags,
          summary: "A link to Stripe's customer portal (change the card)",
          response: { 200: SubscriptionPortalResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: { url: await subscriptions.portalUrl(requireUser(request).id) } } }),
    );
    app.post(
      '/payment/sandbox/subscription/simulate',
      {
        config: { rateLimit: LIMITS.subscriptionChanges },
        schema: {
          tags: ['payments'],
          summary: "Sandbox only: the simulated provider renews, fails or ends the reader's sandbox subscription",
          body: SandboxSubscriptionSimulateBody,
          response: { 200: SubscriptionResponse, ...errorResponses },
        },
      },
      async (request) => {
        if (!sandbox) throw notFound(ErrorCode.NOT_FOUND, 'The sandbox payment provider is not active');
        const userId = requireUser(request).id;
        await sandbox.simulate(userId, request.body.event);
        return { data: { result: await subscriptions.view(userId) } };
      },
    );
  };
}
