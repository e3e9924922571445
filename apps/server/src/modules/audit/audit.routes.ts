import { AuditListQuery, AuditListResponse } from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/route-schema.js';
import type { AuditService } from './audit.service.js';

/** GET /admin/audit: the audit log, newest first, filterable (registered inside the admin scope). */
export function auditAdminRoutes(audit: AuditService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    app.get(
      '/audit',
      {
        schema: {
          tags: ['admin'],
          summary: 'Audit log: who changed what, when, before and after',
          querystring: AuditListQuery,
          response: { 200: AuditListResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await audit.list(request.query) }),
    );
  };
}
