import { AlertsQuery, AlertsResponse, ErrorCode, MarkAlertsReadBody, MarkAlertsReadResponse } from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { resolveLanguage } from '../../lib/language.js';
import { errorResponses } from '../../lib/route-schema.js';
import { requireUser } from '../../http/guards.js';
import { LIMITS } from '../../http/rate-limits.js';
import type { ReplyAlertsService } from './reply-alerts.service.js';

/**
 * The reader's reply alerts (ext, docs/API.md): the list and marking read. The unread count for the
 * header comes with the library summary (`unread_alerts`), which the header already asks for.
 * With the community off (COMMUNITY=off) both answer 404 NOT_FOUND, as every community call.
 */
export function replyAlertsRoutes(alerts: ReplyAlertsService, options: { community: boolean }) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['community'];
    app.addHook('onRequest', async (_request, reply) => {
      if (!options.community) throw new AppError(ErrorCode.NOT_FOUND, 404, 'Not found');
      // One reader's own: no shared cache may keep it.
      void reply.header('cache-control', 'private, no-store');
    });

    app.get(
      '/user/alerts',
      {
        schema: {
          tags,
          summary: 'Replies to your comments, newest first, with the unread count',
          querystring: AlertsQuery,
          response: { 200: AlertsResponse, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const { page, page_size } = request.query;
        return { data: await alerts.list(user.id, { page, page_size, language: resolveLanguage(request.query.language) }) };
      },
    );

    app.post(
      '/user/alerts/read',
      {
        config: { rateLimit: LIMITS.replyAlerts },
        schema: {
          tags,
          summary: 'Mark some of your alerts (alert_ids, at most 100) or all of them (all: true) read',
          body: MarkAlertsReadBody,
          response: { 200: MarkAlertsReadResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await alerts.markRead(requireUser(request).id, request.body) } }),
    );
  };
}
