import { ReadingPreferencesBody, ReadingPreferencesResponse } from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorResponses } from '../../lib/route-schema.js';
import { requireUser } from '../../http/guards.js';
import { LIMITS } from '../../http/rate-limits.js';
import type { ReadingPreferencesService } from './reading-preferences.service.js';

/** A reader's own settings: never kept by a shared cache or the browser's. */
const privateAnswer = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

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
          summary:
            "Ext: the reader's reading defaults (comic mode, direction, fit; novel font, spacing, margins, theme) and per-book choices",
          response: { 200: ReadingPreferencesResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const result = await preferences.get(requireUser(request).id);
        privateAnswer(reply);
        return { data: { result } };
      },
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
      async (request, reply) => {
        const result = await preferences.put(requireUser(request).id, request.body);
        privateAnswer(reply);
        return { data: { result } };
      },
    );
  };
}
