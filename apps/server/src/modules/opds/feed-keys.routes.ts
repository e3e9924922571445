import { CreateFeedKeyBody, CreateFeedKeyResponse, FeedKeyIdParams, FeedKeysResponse, RevokeFeedKeyResponse } from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/guards.js';
import { LIMITS } from '../../http/rate-limits.js';
import { errorResponses } from '../../lib/route-schema.js';
import type { FeedKeysService } from './feed-keys.service.js';

/** `/user/feed_keys`: the reader's OPDS feed keys (ext calls, docs/API.md; docs/OPDS.md "Feed keys"). */
export function feedKeysRoutes(feedKeys: FeedKeysService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['users'];

    app.post(
      '/user/feed_keys',
      {
        config: { rateLimit: LIMITS.feedKeys },
        schema: {
          tags,
          summary: 'Create a feed key for a reading app; the key and its feed URLs are shown this once',
          body: CreateFeedKeyBody,
          response: { 201: CreateFeedKeyResponse, ...errorResponses },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: { result: await feedKeys.create(requireUser(request), request.body.name) } }),
    );

    app.get(
      '/user/feed_keys',
      {
        schema: { tags, summary: "The reader's live feed keys (without the keys)", response: { 200: FeedKeysResponse, ...errorResponses } },
      },
      async (request) => ({ data: { result: await feedKeys.list(requireUser(request).id) } }),
    );

    app.delete(
      '/user/feed_keys/:key_id',
      {
        config: { rateLimit: LIMITS.feedKeys },
        schema: {
          tags,
          summary: 'Revoke a feed key: feeds with it answer 401 at once',
          params: FeedKeyIdParams,
          response: { 200: RevokeFeedKeyResponse, ...errorResponses },
        },
      },
      async (request) => {
        await feedKeys.revoke(requireUser(request), request.params.key_id);
        return { data: { result: { revoked: true as const } } };
      },
    );
  };
}
