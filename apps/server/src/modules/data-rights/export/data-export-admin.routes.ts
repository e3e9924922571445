import { AdminDataExportBody, AdminUserParams, DataExportResponse } from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../../http/guards.js';
import { errorResponses } from '../../../lib/route-schema.js';
import type { DataExportService } from './data-export.service.js';

/** The console's reader page: start a reader's archive at their request (audited). Inside the admin scope. */
export function dataExportAdminRoutes(exports: DataExportService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    app.post(
      '/users/:userUuid/data_export',
      {
        schema: {
          tags: ['admin'],
          summary: "Start a reader's data archive (audited user.data_export); the reader downloads it (mail, profile)",
          params: AdminUserParams,
          body: AdminDataExportBody,
          response: { 202: DataExportResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const admin = requireAdmin(request);
        const started = await exports.startForReader(
          { userId: admin.id, name: admin.username },
          request.params.userUuid,
          request.body.reason,
        );
        return reply.status(202).send({ data: { export: started } });
      },
    );
  };
}
