import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AgeConfirmationBody, AgeConfirmationResponse, type AgeConfirmation } from '@inkstream/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { requireUser } from '../../http/guards.js';
import { LIMITS } from '../../http/rate-limits.js';
import { errorResponses } from '../../lib/route-schema.js';
import { toIso } from '../../lib/time.js';
import type { RatingPolicy } from '../settings/site-settings.service.js';
import * as repo from './age-confirmation.repository.js';

/**
 * Issue 61: the reader says in the profile that they are of age (docs/CONTENT.md "Content
 * ratings"). Where the site shows adult books to confirmed readers, the content rating rule
 * (access/content-rating.ts) reads this moment on every request that can depend on it; withdrawing
 * it hides those books again at once. It is the reader's own word: nothing here checks an age.
 */
export function ageConfirmationRoutes(deps: { db: Db; ratingPolicy: () => Promise<RatingPolicy>; now?: () => number }) {
  const now = deps.now ?? Date.now;
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['users'];
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });

    async function stateOf(userId: number): Promise<AgeConfirmation> {
      const at = await repo.readAgeConfirmedAt(deps.db, userId);
      return { confirmed: at !== null, confirmed_at: at === null ? null : toIso(at), adult_books: (await deps.ratingPolicy()).adultBooks };
    }

    app.get(
      '/user/age_confirmation',
      {
        schema: {
          tags,
          summary: "Ext (issue 61): whether the reader confirmed they are of age, and the site's adult books setting",
          response: { 200: AgeConfirmationResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await stateOf(requireUser(request).id) } }),
    );

    app.post(
      '/user/age_confirmation',
      {
        config: { rateLimit: LIMITS.ageConfirmation },
        schema: {
          tags,
          summary: 'Ext (issue 61): the reader confirms they are of age (kept: the first moment stays)',
          body: AgeConfirmationBody,
          response: { 200: AgeConfirmationResponse, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireUser(request);
        await repo.confirmAge(deps.db, user.id, now());
        return { data: { result: await stateOf(user.id) } };
      },
    );

    app.delete(
      '/user/age_confirmation',
      {
        config: { rateLimit: LIMITS.ageConfirmation },
        schema: {
          tags,
          summary: 'Ext (issue 61): the reader withdraws their age confirmation',
          response: { 200: AgeConfirmationResponse, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireUser(request);
        await repo.withdrawAgeConfirmation(deps.db, user.id);
        return { data: { result: await stateOf(user.id) } };
      },
    );
  };
}
