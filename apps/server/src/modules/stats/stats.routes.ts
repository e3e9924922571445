import { StatsQuery, StatsResponse } from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/route-schema.js';
import type { StatsService } from './stats.service.js';

/** GET /admin/stats: the dashboard (registered inside the admin scope). */
export function statsAdminRoutes(stats: StatsService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    app.get(
      '/stats',
      {
        schema: {
          tags: ['admin'],
          summary: 'Dashboard: revenue, new members and reading per UTC day, members now, expiring soon, top books',
          querystring: StatsQuery,
          response: { 200: StatsResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await stats.stats(request.query.days ?? 30, request.query.language) }),
    );
  };
}
