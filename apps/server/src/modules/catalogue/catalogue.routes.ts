import {
  BookSearchQuery,
  BookSearchResponse,
  BookSuggestQuery,
  BookSuggestResponse,
  ChapterListParams,
  ChapterListResponse,
  RecommendationQuery,
  RecommendationResponse,
  TagsResponse,
} from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/route-schema.js';
import { PUBLIC_CACHE } from '../../http/cache-rules.js';
import { refuseUndecodableParams } from '../../lib/query-encoding.js';
import type { CatalogueService } from './catalogue.service.js';
import type { Audiences } from '../access/audiences.js';

export function catalogueRoutes(catalogue: CatalogueService, audiences: Audiences) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['catalogue'];

    app.get(
      '/comics/book/search',
      {
        config: { publicCache: PUBLIC_CACHE.bookLists },
        schema: {
          tags,
          summary: 'Search and page through books',
          querystring: BookSearchQuery,
          response: { 200: BookSearchResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await catalogue.searchBooks(request.query, await audiences.of(request.user)) }),
    );

    app.get(
      '/comics/book/suggest',
      {
        config: { publicCache: PUBLIC_CACHE.bookLists },
        schema: {
          tags,
          summary: 'Ext: books, authors and tags to suggest as the reader types a search',
          querystring: BookSuggestQuery,
          response: { 200: BookSuggestResponse, ...errorResponses },
        },
        // A lone surrogate is refused, not read as the escapes' text (lib/query-encoding.ts).
        preValidation: async (request) => refuseUndecodableParams(request.raw.url, ['q']),
      },
      async (request) => ({ data: await catalogue.suggest(request.query, await audiences.of(request.user)) }),
    );

    app.get(
      '/reader/book/tags',
      {
        config: { publicCache: PUBLIC_CACHE.catalogueFacts },
        schema: { tags, summary: 'Tags of published books, most used first', response: { 200: TagsResponse, ...errorResponses } },
      },
      async () => ({
        data: { result: await catalogue.tags() },
      }),
    );

    app.get(
      '/comics/book/recommendation/list',
      {
        config: { publicCache: PUBLIC_CACHE.catalogueFacts },
        schema: {
          tags,
          summary: 'Recommended books (at most 10)',
          querystring: RecommendationQuery,
          response: { 200: RecommendationResponse, ...errorResponses },
        },
      },
      async (request) => ({
        data: { result: await catalogue.recommendations(request.query.language, await audiences.of(request.user)) },
      }),
    );

    app.get(
      '/comics/chapters/:bookId/:language/:direction/:page/:pageSize',
      {
        config: { publicCache: PUBLIC_CACHE.bookLists },
        schema: {
          tags,
          summary: 'A book with a page of its chapter list',
          params: ChapterListParams,
          response: { 200: ChapterListResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await catalogue.chapterList(request.params, await audiences.of(request.user)) } }),
    );
  };
}
