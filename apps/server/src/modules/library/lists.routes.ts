import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CreateListBody,
  ListBookBody,
  ListBookParams,
  ListDeletedResponse,
  ListFollowResponse,
  ListOrderBody,
  ListReadQuery,
  ListUuidParams,
  ReaderListResponse,
  ReaderListsResponse,
  UpdateListBody,
} from '@inkstream/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/guards.js';
import { LIMITS } from '../../http/rate-limits.js';
import { errorResponses } from '../../lib/route-schema.js';
import type { ListsService } from './lists.service.js';

/**
 * Issue 61: reader lists (docs/API.md "Reader lists"). Every read here may differ by reader (the
 * owner sees private and hidden lists, `mine` and `following` are per reader): no shared cache
 * keeps any of it.
 */
export function listsRoutes(lists: ListsService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['library'];
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });
    const write = { rateLimit: LIMITS.follows };
    const one = { 200: ReaderListResponse, ...errorResponses };

    app.get(
      '/user/lists',
      { schema: { tags, summary: "Ext (issue 61): the reader's own lists", response: { 200: ReaderListsResponse, ...errorResponses } } },
      async (request) => ({ data: { result: await lists.mine(requireUser(request).id) } }),
    );
    app.post(
      '/user/lists',
      { config: write, schema: { tags, summary: 'Ext (issue 61): create a list', body: CreateListBody, response: one } },
      async (request) => ({ data: { result: await lists.create(requireUser(request).id, request.body) } }),
    );
    app.get(
      '/user/followed-lists',
      {
        schema: {
          tags,
          summary: 'Ext (issue 61): the public lists the reader follows',
          response: { 200: ReaderListsResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await lists.followed(requireUser(request).id) } }),
    );
    app.patch(
      '/user/lists/:listUuid',
      {
        config: write,
        schema: {
          tags,
          summary: 'Ext (issue 61): rename a list, change its description or visibility',
          params: ListUuidParams,
          body: UpdateListBody,
          response: one,
        },
      },
      async (request) => ({ data: { result: await lists.update(requireUser(request).id, request.params.listUuid, request.body) } }),
    );
    app.delete(
      '/user/lists/:listUuid',
      {
        config: write,
        schema: {
          tags,
          summary: 'Ext (issue 61): delete a list',
          params: ListUuidParams,
          response: { 200: ListDeletedResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await lists.remove(requireUser(request).id, request.params.listUuid) } }),
    );
    app.put(
      '/user/lists/:listUuid/books/:bookUuid',
      {
        config: write,
        schema: {
          tags,
          summary: 'Ext (issue 61): add a book to a list (at the end), or set its note or place',
          params: ListBookParams,
          body: ListBookBody,
          response: one,
        },
      },
      async (request) => ({
        data: { result: await lists.putBook(requireUser(request).id, request.params.listUuid, request.params.bookUuid, request.body) },
      }),
    );
    app.delete(
      '/user/lists/:listUuid/books/:bookUuid',
      { config: write, schema: { tags, summary: 'Ext (issue 61): take a book out of a list', params: ListBookParams, response: one } },
      async (request) => ({
        data: { result: await lists.removeBook(requireUser(request).id, request.params.listUuid, request.params.bookUuid) },
      }),
    );
    app.put(
      '/user/lists/:listUuid/order',
      {
        config: write,
        schema: {
          tags,
          summary: 'Ext (issue 61): put the books of a list in a new order',
          params: ListUuidParams,
          body: ListOrderBody,
          response: one,
        },
      },
      async (request) => ({
        data: { result: await lists.reorder(requireUser(request).id, request.params.listUuid, request.body.book_uuids) },
      }),
    );
    app.put(
      '/user/lists/:listUuid/follow',
      {
        config: write,
        schema: {
          tags,
          summary: "Ext (issue 61): follow someone's public list",
          params: ListUuidParams,
          response: { 200: ListFollowResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await lists.follow(requireUser(request).id, request.params.listUuid, true) } }),
    );
    app.delete(
      '/user/lists/:listUuid/follow',
      {
        config: write,
        schema: {
          tags,
          summary: 'Ext (issue 61): stop following a list',
          params: ListUuidParams,
          response: { 200: ListFollowResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await lists.follow(requireUser(request).id, request.params.listUuid, false) } }),
    );
    app.get(
      '/lists/staff-picks',
      {
        schema: {
          tags,
          summary: 'Ext (issue 61): the public lists the site features (home page)',
          response: { 200: ReaderListsResponse, ...errorResponses },
        },
      },
      async () => ({ data: { result: await lists.staffPicks() } }),
    );
    app.get(
      '/lists/:listUuid',
      {
        schema: {
          tags,
          summary: 'Ext (issue 61): one list with its published books (others: unlisted or public and not hidden; else 404)',
          params: ListUuidParams,
          querystring: ListReadQuery,
          response: one,
        },
      },
      async (request) => ({
        data: { result: await lists.read(request.user?.id ?? null, request.params.listUuid, request.query.language) },
      }),
    );
  };
}
