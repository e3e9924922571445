import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  BookReadingStatusResponse,
  BookUuidParams,
  ImportStatusesBody,
  ImportStatusesResponse,
  SetReadingStatusBody,
  StatusCountsResponse,
  StatusesQuery,
  StatusesResponse,
} from '@inkstream/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/guards.js';
import { LIMITS } from '../../http/rate-limits.js';
import { errorResponses } from '../../lib/route-schema.js';
import type { StatusesService } from './statuses.service.js';

/** Issue 61: the reader's reading statuses (docs/API.md "Reading statuses"); all private to the reader. */
export function statusesRoutes(statuses: StatusesService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['library'];
    // Everything here is one reader's own: no shared cache may keep it.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });

    app.get(
      '/user/statuses',
      {
        schema: {
          tags,
          summary: 'Ext (issue 61): one tab of the library: the books under a status, a page, with the count of every status',
          querystring: StatusesQuery,
          response: { 200: StatusesResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await statuses.list(requireUser(request).id, request.query) } }),
    );

    app.get(
      '/user/statuses/counts',
      {
        schema: {
          tags,
          summary: 'Ext (issue 61): how many books the reader filed under each status',
          response: { 200: StatusCountsResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await statuses.counts(requireUser(request).id) } }),
    );

    app.post(
      '/user/statuses/import',
      {
        config: { rateLimit: LIMITS.statusImport },
        // The file rides in the JSON body: 2 MB as base64 is about 2.7 MB, plus a titles file.
        bodyLimit: 6 * 1024 * 1024,
        schema: {
          tags,
          summary: 'Ext (issue 61): file books under the statuses of a MyAnimeList, AniList or MangaDex export (dry_run: report only)',
          body: ImportStatusesBody,
          response: { 200: ImportStatusesResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await statuses.importStatuses(requireUser(request).id, request.body) } }),
    );

    app.get(
      '/user/statuses/:bookUuid',
      {
        schema: {
          tags,
          summary: "Ext (issue 61): the reader's status of a book (null: none)",
          params: BookUuidParams,
          response: { 200: BookReadingStatusResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await statuses.get(requireUser(request).id, request.params.bookUuid) } }),
    );

    app.put(
      '/user/statuses/:bookUuid',
      {
        config: { rateLimit: LIMITS.follows },
        schema: {
          tags,
          summary: 'Ext (issue 61): file a book under a status (replaces its status)',
          params: BookUuidParams,
          body: SetReadingStatusBody,
          response: { 200: BookReadingStatusResponse, ...errorResponses },
        },
      },
      async (request) => ({
        data: { result: await statuses.set(requireUser(request).id, request.params.bookUuid, request.body.status) },
      }),
    );

    app.delete(
      '/user/statuses/:bookUuid',
      {
        config: { rateLimit: LIMITS.follows },
        schema: {
          tags,
          summary: 'Ext (issue 61): take a book out of every status',
          params: BookUuidParams,
          response: { 200: BookReadingStatusResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await statuses.clear(requireUser(request).id, request.params.bookUuid) } }),
    );
  };
}
