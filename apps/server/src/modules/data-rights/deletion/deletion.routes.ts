import { DeletionInfoResponse, DeletionRequestBody, DeletionResponse } from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../../http/guards.js';
import { LIMITS } from '../../../http/rate-limits.js';
import { errorResponses } from '../../../lib/route-schema.js';
import type { DeletionService } from './deletion.service.js';

/** The reader's "Delete my account" (issue 43, ext; docs/API.md "Deleting an account"). */
export function deletionRoutes(deletion: DeletionService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['users'];

    app.get(
      '/user/deletion',
      {
        schema: {
          tags,
          summary: 'Ext: what deleting the account would take away and keep, before the reader confirms',
          response: { 200: DeletionInfoResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await deletion.info(requireUser(request)) }),
    );

    app.post(
      '/user/deletion',
      {
        config: { rateLimit: LIMITS.accountDeletion },
        schema: {
          tags,
          summary:
            'Ext: delete the account after a 14-day grace period (password and two-step code needed); signs out everywhere; logging in again cancels it',
          body: DeletionRequestBody,
          response: { 202: DeletionResponse, ...errorResponses },
        },
      },
      async (request, reply) =>
        reply.status(202).send({
          data: await deletion.request(requireUser(request), {
            password: request.body.password,
            code: request.body.code,
            comments: request.body.comments,
            ip: request.ip,
          }),
        }),
    );
  };
}
