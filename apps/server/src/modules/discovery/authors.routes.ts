import { AuthorParams, AuthorQuery, AuthorResponse } from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_CACHE } from '../../http/cache-rules.js';
import { errorResponses } from '../../lib/route-schema.js';
import type { AuthorsService } from './authors.service.js';
import type { Audiences } from '../access/audiences.js';

export function authorsRoutes(authors: AuthorsService, audiences: Audiences) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    app.get(
      '/comics/author/:slug',
      {
        config: { publicCache: PUBLIC_CACHE.authorPages },
        schema: {
          tags: ['discovery'],
          summary: "Ext (issue 46): a person's published books with their roles, most read first (404 AUTHOR_NOT_FOUND when none)",
          params: AuthorParams,
          querystring: AuthorQuery,
          response: { 200: AuthorResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await authors.page(request.params.slug, request.query.language, await audiences.of(request.user)) }),
    );
  };
}
