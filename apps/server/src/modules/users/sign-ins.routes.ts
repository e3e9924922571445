import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { SignInEventsResponse } from '@inkstream/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { requireUser } from '../../http/guards.js';
import { errorResponses } from '../../lib/route-schema.js';
import { toIso } from '../../lib/time.js';
import { recentSignIns } from './sign-in-events.repository.js';

/** How many sign-ins the security page lists. */
const SHOWN = 20;

/** Issue 60: the reader's recent sign-ins, each way (docs/ACCOUNTS.md "Ways to sign in"). */
export function signInsRoutes(db: Db) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    app.get(
      '/user/security/sign-ins',
      {
        schema: {
          tags: ['user'],
          summary: "The reader's latest sign-ins (method, provider, when), newest first",
          response: { 200: SignInEventsResponse, ...errorResponses },
        },
      },
      async (request) => {
        const rows = await recentSignIns(db, requireUser(request).id, SHOWN);
        return { data: { result: rows.map((row) => ({ method: row.method, provider: row.provider, at: toIso(row.created_at) })) } };
      },
    );
  };
}
