import type { FastifyInstance } from 'fastify';
import { acceptRawBody } from '../raw-body.js';
import { NotificationRejected, type WechatNotifications } from './wechat-notifications.js';
import { signatureHeaders } from './wechat-signing.js';

/** WeChat Pay's failure answer: it retries until we answer 2xx (up to 15 times over 24 hours). */
const fail = (message: string) => ({ code: 'FAIL', message });

export function wechatRoutes(notifications: WechatNotifications | null) {
  return async (app: FastifyInstance) => {
    acceptRawBody(app);
    app.post(
      '/payment/wechat/notify',
      {
        schema: {
          tags: ['payments'],
          summary: 'WeChat Pay v3 payment and refund notifications (signed, AES-GCM encrypted)',
          description: '204 when applied; 4xx with {"code":"FAIL","message"} when rejected, so WeChat Pay retries.',
        },
      },
      async (request, reply) => {
        if (!notifications) return reply.code(404).send(fail('WeChat Pay is not configured'));
        const body = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
        const header = (name: string) => {
          const value = request.headers[name];
          return Array.isArray(value) ? value[0] : value;
        };
        try {
          await notifications.handle(body, signatureHeaders(header));
        } catch (error) {
          if (error instanceof NotificationRejected) return reply.code(error.statusCode).send(fail(error.message));
          request.log.error({ err: error }, 'WeChat Pay notification failed');
          // Our fault (database down, …): a 5xx makes WeChat Pay try again later.
          return reply.code(500).send(fail('The notification could not be processed; please retry'));
        }
        return reply.code(204).send();
      },
    );
  };
}
