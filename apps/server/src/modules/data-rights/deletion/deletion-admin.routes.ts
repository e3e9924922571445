import {
  AdminDeletionBody,
  AdminDeletionCancelBody,
  AdminDeletionCancelResponse,
  AdminDeletionsQuery,
  AdminDeletionsResponse,
  AdminUserParams,
  DeletionResponse,
} from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../../lib/route-schema.js';
import { actorOf } from '../../audit/admin-actor.js';
import type { DeletionService } from './deletion.service.js';

/** Account deletions in the console (inside the admin scope, behind its guard; docs/ADMIN.md "Account deletions"). */
export function deletionAdminRoutes(deletion: DeletionService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['admin'];

    app.get(
      '/deletions',
      {
        schema: {
          tags,
          summary: 'Account deletions: pending (default) or erased, newest request first',
          querystring: AdminDeletionsQuery,
          response: { 200: AdminDeletionsResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await deletion.list(request.query) }),
    );
    app.post(
      '/users/:userUuid/deletion',
      {
        schema: {
          tags,
          summary: "Start a reader's account deletion (14-day grace period; audited user.deletion_request)",
          params: AdminUserParams,
          body: AdminDeletionBody,
          response: { 202: DeletionResponse, ...errorResponses },
        },
      },
      async (request, reply) =>
        reply.status(202).send({ data: await deletion.adminRequest(actorOf(request), request.params.userUuid, request.body) }),
    );
    app.delete(
      '/users/:userUuid/deletion',
      {
        schema: {
          tags,
          summary: "Cancel a reader's pending account deletion at their request (audited user.deletion_cancel)",
          params: AdminUserParams,
          body: AdminDeletionCancelBody,
          response: { 200: AdminDeletionCancelResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await deletion.adminCancel(actorOf(request), request.params.userUuid, request.body.reason) }),
    );
  };
}
