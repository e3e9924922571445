import { ScheduleQuery, ScheduleResponse } from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_CACHE } from '../../http/cache-rules.js';
import { errorResponses } from '../../lib/route-schema.js';
import type { ScheduleService } from './schedule.service.js';
import type { Audiences } from '../access/audiences.js';

export function scheduleRoutes(schedule: ScheduleService, audiences: Audiences) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    app.get(
      '/comics/schedule',
      {
        config: { publicCache: PUBLIC_CACHE.calendar },
        schema: {
          tags: ['discovery'],
          summary:
            "Ext (issue 46): the release calendar of a week in the reader's zone: books released, scheduled or publishing regularly each day, completed books apart",
          querystring: ScheduleQuery,
          response: { 200: ScheduleResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await schedule.week(request.query, await audiences.of(request.user)) }),
    );
  };
}
