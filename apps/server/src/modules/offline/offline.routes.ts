import { OfflineCheckBody, OfflineCheckResponse } from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/route-schema.js';
import { LIMITS } from '../../http/rate-limits.js';
import type { OfflineService } from './offline.service.js';

/**
 * `POST /reader/offline/check` (issue 47): token optional (a visitor reads only free chapters).
 * The answer is the reader's own and only true at `checked_at`: `private, no-store`.
 */
export function offlineRoutes(offline: OfflineService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    app.post(
      '/reader/offline/check',
      {
        config: { rateLimit: LIMITS.offlineCheck },
        schema: {
          tags: ['reader'],
          summary:
            'Ext: what the access rule says now of each chapter saved for offline reading (1 to 200 ids, in the order asked); a membership gives its end',
          body: OfflineCheckBody,
          response: { 200: OfflineCheckResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const result = await offline.check(request.user, request.body.chapters);
        reply.header('cache-control', 'private, no-store');
        return { data: { result } };
      },
    );
  };
}
