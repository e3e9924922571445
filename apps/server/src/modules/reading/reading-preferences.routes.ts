import { ReadingPreferencesBody, ReadingPreferencesResponse } from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/route-schema.js';
import { requireUser } from '../../http/guards.js';
import { LIMITS } from '../../http/rate-limits.js';
import type { ReadingPreferencesService } from './reading-preferences.service.js';

/** `GET/PUT /user/reading_preferences` (issue 45): login required, answered `private, no-store`. */
export function readingPreferencesRoutes(preferences: ReadingPreferencesService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['reader'];
    app.get(
      '/user/reading_preferences',
      {
        schema: {
          tags,
          summary: "Ext: the reader's reading defaults (comic mode, direction, fit; novel font, spacing, margins, theme) and per-book choices",
          response: { 200: ReadingPreferencesResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await preferences.get(requireUser(request).id) } }),
    );
    app.put(
      '/user/reading_preferences',
      {
        config: { rateLimit: LIMITS.readingPreferences },
        schema: {
          tags,
          summary:
            'Ext: change reading defaults (null unsets a field) and per-book choices (at most 50 a call; clear: true removes one); answers the new state',
          body: ReadingPreferencesBody,
          response: { 200: ReadingPreferencesResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await preferences.put(requireUser(request).id, request.body) } }),
    );
  };
}
