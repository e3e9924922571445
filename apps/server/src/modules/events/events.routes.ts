import { EventsBody, EventsResponse } from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/route-schema.js';
import { LIMITS } from '../../http/rate-limits.js';
import type { EventsService } from './events.service.js';

export function eventsRoutes(events: EventsService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    // sendBeacon posts text/plain; accept it as JSON so beacons are not refused by content type.
    app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 64 * 1024 }, app.getDefaultJsonParser('error', 'ignore'));
    app.post(
      '/events',
      {
        config: { rateLimit: LIMITS.events },
        schema: {
          tags: ['events'],
          summary: 'Reading events (at most 50 per call)',
          body: EventsBody,
          response: { 202: EventsResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const accepted = await events.record(request.body, {
          userId: request.user?.id ?? null,
          visitorId: request.visitorId,
          ip: request.ip,
        });
        return reply.status(202).send({ data: { accepted } });
      },
    );
  };
}
