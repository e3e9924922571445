import { AdminFeedKeyParams, AdminUserParams, FeedKeysResponse, RevokeFeedKeyResponse } from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../http/guards.js';
import { errorResponses } from '../../lib/route-schema.js';
import type { FeedKeysService } from './feed-keys.service.js';

/** The console's reader page: a reader's feed keys, revocable (audited). Inside the admin scope. */
export function feedKeysAdminRoutes(feedKeys: FeedKeysService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    app.get(
      '/users/:userUuid/feed_keys',
      {
        schema: {
          tags: ['admin'],
          summary: "A reader's live feed keys (name, created, last used)",
          params: AdminUserParams,
          response: { 200: FeedKeysResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await feedKeys.listForReader(request.params.userUuid) } }),
    );
    app.delete(
      '/users/:userUuid/feed_keys/:key_id',
      {
        schema: {
          tags: ['admin'],
          summary: "Revoke a reader's feed key (audited)",
          params: AdminFeedKeyParams,
          response: { 200: RevokeFeedKeyResponse, ...errorResponses },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        await feedKeys.revokeForReader({ userId: admin.id, name: admin.username }, request.params.userUuid, request.params.key_id);
        return { data: { result: { revoked: true as const } } };
      },
    );
  };
}
