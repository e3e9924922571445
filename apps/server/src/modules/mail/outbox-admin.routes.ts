import {
  AdminOutboxItemResponse,
  AdminOutboxListQuery,
  AdminOutboxListResponse,
  AdminOutboxMessageResponse,
  AdminOutboxParams,
} from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/route-schema.js';
import { requireAdmin } from '../../http/guards.js';
import type { OutboxAdminService } from './outbox-admin.service.js';

/** `/admin/outbox…`: the e-mail outbox (inside the admin scope). */
export function outboxAdminRoutes(outbox: OutboxAdminService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    app.get(
      '/outbox',
      {
        schema: {
          tags: ['admin'],
          summary: 'E-mail messages, newest first, by state and kind',
          querystring: AdminOutboxListQuery,
          response: { 200: AdminOutboxListResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await outbox.list(request.query) }),
    );
    app.get(
      '/outbox/:uuid',
      {
        schema: {
          tags: ['admin'],
          summary: 'One outbox message',
          params: AdminOutboxParams,
          response: { 200: AdminOutboxItemResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await outbox.find(request.params.uuid) }),
    );
    app.post(
      '/outbox/:uuid/resend',
      {
        schema: {
          tags: ['admin'],
          summary: 'Queue a failed or suppressed message again (audited)',
          params: AdminOutboxParams,
          response: { 200: AdminOutboxItemResponse, ...errorResponses },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        return { data: await outbox.resend({ userId: admin.id, name: admin.username }, request.params.uuid) };
      },
    );
    app.get(
      '/outbox/:uuid/message',
      {
        schema: {
          tags: ['admin'],
          summary: 'The subject, text and links of a message written to DATA_DIR/mail (no SMTP_URL)',
          params: AdminOutboxParams,
          response: { 200: AdminOutboxMessageResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await outbox.message(request.params.uuid) }),
    );
  };
}
