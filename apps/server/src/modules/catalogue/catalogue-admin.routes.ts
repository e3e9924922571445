import {
  AdminBookCreateBody,
  AdminBookListQuery,
  AdminBookListResponse,
  AdminBookParams,
  AdminBookReadingBody,
  AdminBookResponse,
  AdminBookUpdateBody,
  AdminTitleLanguageQuery,
  ErrorCode,
  RecommendationsBody,
  RecommendationsResponse,
} from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { errorResponses } from '../../lib/route-schema.js';
import { actorOf } from '../audit/admin-actor.js';
import type { CatalogueAdminService } from './catalogue-admin.service.js';

export const COVER_UPLOAD_LIMIT = 20 * 1024 * 1024;
const COVER_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'];

/** `/admin/books…` and `/admin/recommendations` (inside the admin scope, behind its guard). */
export function booksAdminRoutes(books: CatalogueAdminService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    // Raw image bodies, for the cover upload only: this parser exists inside this router's scope alone.
    app.addContentTypeParser(COVER_TYPES, { parseAs: 'buffer', bodyLimit: COVER_UPLOAD_LIMIT }, (_request, body, done) => done(null, body));
    const tags = ['admin'];

    app.get(
      '/books',
      {
        schema: {
          tags,
          summary: 'Books, published or not, newest update first',
          querystring: AdminBookListQuery,
          response: { 200: AdminBookListResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await books.list(request.query) }),
    );
    app.get(
      '/books/:bookUuid',
      {
        schema: {
          tags,
          summary: 'A book with everything the console may edit',
          params: AdminBookParams,
          querystring: AdminTitleLanguageQuery,
          response: { 200: AdminBookResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await books.detail(request.params.bookUuid, request.query.language) }),
    );
    app.post(
      '/books',
      {
        schema: {
          tags,
          summary: 'Create a book (unpublished)',
          body: AdminBookCreateBody,
          response: { 200: AdminBookResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await books.create(actorOf(request), request.body) }),
    );
    app.put(
      '/books/:bookUuid',
      {
        schema: {
          tags,
          summary: 'Edit a book (only the given fields)',
          params: AdminBookParams,
          body: AdminBookUpdateBody,
          response: { 200: AdminBookResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await books.update(actorOf(request), request.params.bookUuid, request.body) }),
    );
    app.put(
      '/books/:bookUuid/cover',
      {
        bodyLimit: COVER_UPLOAD_LIMIT,
        schema: {
          tags,
          summary: 'Replace the cover: the raw image as the body (image/jpeg, png, webp or avif, at most 20 MB)',
          params: AdminBookParams,
          response: { 200: AdminBookResponse, ...errorResponses },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
          throw new AppError(
            ErrorCode.UNSUPPORTED_MEDIA_TYPE,
            415,
            'Send the image itself as image/jpeg, image/png, image/webp or image/avif',
          );
        }
        return { data: await books.setCover(actorOf(request), request.params.bookUuid, request.body) };
      },
    );
    app.patch(
      '/books/:bookUuid/reading',
      {
        schema: {
          tags,
          summary:
            "Ext (issue 45): the book's reading direction (ltr, rtl) and default mode (strip, single, double); only the given fields",
          params: AdminBookParams,
          body: AdminBookReadingBody,
          response: { 200: AdminBookResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await books.setReading(actorOf(request), request.params.bookUuid, request.body) }),
    );
    app.post(
      '/books/:bookUuid/publish',
      { schema: { tags, summary: 'Publish a book', params: AdminBookParams, response: { 200: AdminBookResponse, ...errorResponses } } },
      async (request) => ({ data: await books.setPublished(actorOf(request), request.params.bookUuid, true) }),
    );
    app.post(
      '/books/:bookUuid/unpublish',
      {
        schema: {
          tags,
          summary: 'Take a book off the site',
          params: AdminBookParams,
          response: { 200: AdminBookResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await books.setPublished(actorOf(request), request.params.bookUuid, false) }),
    );
    app.get(
      '/recommendations',
      {
        schema: {
          tags,
          summary: 'The recommendation carousel, in order',
          querystring: AdminTitleLanguageQuery,
          response: { 200: RecommendationsResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { items: await books.recommendations(request.query.language) } }),
    );
    app.put(
      '/recommendations',
      {
        schema: {
          tags,
          summary: 'Set the carousel: ranks 1..n in this order, every other book out',
          body: RecommendationsBody,
          querystring: AdminTitleLanguageQuery,
          response: { 200: RecommendationsResponse, ...errorResponses },
        },
      },
      async (request) => ({
        data: { items: await books.setRecommendations(actorOf(request), request.body.book_uuids, request.query.language) },
      }),
    );
  };
}
