import {
  AlsoReadParams,
  AlsoReadQuery,
  AlsoReadResponse,
  BecauseYouReadQuery,
  BecauseYouReadResponse,
  RankingParams,
  RankingQuery,
  RankingResponse,
} from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_CACHE } from '../../http/cache-rules.js';
import { requireUser } from '../../http/guards.js';
import { errorResponses } from '../../lib/route-schema.js';
import type { DiscoveryService } from './discovery.service.js';
import type { Audiences } from '../access/audiences.js';

/** Rankings and "readers also read" (docs/DISCOVERY.md, docs/API.md): public reads from memory. */
export function discoveryRoutes(discovery: DiscoveryService, audiences: Audiences) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['discovery'];

    app.get(
      '/comics/rankings/:kind',
      {
        config: { publicCache: PUBLIC_CACHE.discoveryLists },
        schema: {
          tags,
          summary: 'Ext: a ranking (popular, top rated, rising, new, completed), at most 100 books, with each rank a period earlier',
          params: RankingParams,
          querystring: RankingQuery,
          response: { 200: RankingResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await discovery.ranking(request.params.kind, request.query, await audiences.of(request.user)) }),
    );

    app.get(
      '/comics/book/:book_uuid/also_read',
      {
        // Visitors share one copy; with a token the list leaves out the reader's finished books: private.
        config: { publicCache: PUBLIC_CACHE.discoveryPersonal },
        schema: {
          tags,
          summary: "Ext: books this book's readers also read (never the book itself; with a token, never a book the reader finished)",
          params: AlsoReadParams,
          querystring: AlsoReadQuery,
          response: { 200: AlsoReadResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        if (request.user) reply.header('cache-control', 'private, no-store');
        return {
          data: {
            result: await discovery.alsoRead(
              request.params.book_uuid,
              request.query.language,
              request.user,
              await audiences.of(request.user),
            ),
          },
        };
      },
    );

    app.get(
      '/user/because_you_read',
      {
        schema: {
          tags,
          summary: 'Ext: "because you read X": the also-read row of one of your recent books',
          querystring: BecauseYouReadQuery,
          response: { 200: BecauseYouReadResponse, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireUser(request);
        return { data: await discovery.becauseYouRead(user, request.query.language, await audiences.of(user)) };
      },
    );
  };
}
