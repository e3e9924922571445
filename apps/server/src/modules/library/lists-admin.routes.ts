import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AdminListResponse, AdminUserLibraryResponse, AdminUserParams, HideListBody, ListUuidParams } from '@inkstream/contracts';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/route-schema.js';
import { actorOf } from '../audit/admin-actor.js';
import type { ListsAdminService } from './lists-admin.service.js';

/** Issue 61: `/admin/users/{uuid}/library` and `/admin/lists/{uuid}/…` (inside the admin scope; changes audited). */
export function listsAdminRoutes(lists: ListsAdminService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['admin'];
    const one = { 200: AdminListResponse, ...errorResponses };

    app.get(
      '/users/:userUuid/library',
      {
        schema: {
          tags,
          summary: "Issue 61: the reader's status counts and lists (all of them, hidden ones with the reason)",
          params: AdminUserParams,
          response: { 200: AdminUserLibraryResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await lists.userLibrary(request.params.userUuid) } }),
    );
    app.put(
      '/lists/:listUuid/hidden',
      {
        schema: {
          tags,
          summary: 'Issue 61: hide a list from everyone but its owner (audited)',
          params: ListUuidParams,
          body: HideListBody,
          response: one,
        },
      },
      async (request) => ({ data: { result: await lists.hide(actorOf(request), request.params.listUuid, request.body.reason) } }),
    );
    app.delete(
      '/lists/:listUuid/hidden',
      { schema: { tags, summary: 'Issue 61: show a hidden list again (audited)', params: ListUuidParams, response: one } },
      async (request) => ({ data: { result: await lists.unhide(actorOf(request), request.params.listUuid) } }),
    );
    app.put(
      '/lists/:listUuid/featured',
      {
        schema: {
          tags,
          summary: 'Issue 61: feature a public list on the home page (staff picks; audited)',
          params: ListUuidParams,
          response: one,
        },
      },
      async (request) => ({ data: { result: await lists.feature(actorOf(request), request.params.listUuid) } }),
    );
    app.delete(
      '/lists/:listUuid/featured',
      { schema: { tags, summary: 'Issue 61: take a list out of the staff picks (audited)', params: ListUuidParams, response: one } },
      async (request) => ({ data: { result: await lists.unfeature(actorOf(request), request.params.listUuid) } }),
    );
  };
}
