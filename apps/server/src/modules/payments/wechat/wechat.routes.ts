import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorCode, WechatContractBody, WechatContractParams, WechatContractResponse } from '@inkstream/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../../http/guards.js';
import { LIMITS } from '../../../http/rate-limits.js';
import { notFound } from '../../../lib/app-error.js';
import { errorResponses } from '../../../lib/route-schema.js';
import { acceptRawBody } from '../raw-body.js';
import type { WechatContracts } from './wechat-contracts.js';
import { NotificationRejected, type WechatNotifications } from './wechat-notifications.js';
import { signatureHeaders } from './wechat-signing.js';

/** WeChat Pay's failure answer: it retries until we answer 2xx (up to 15 times over 24 hours). */
const fail = (message: string) => ({ code: 'FAIL', message });

export function wechatRoutes(notifications: WechatNotifications | null, contracts: WechatContracts | null) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const noContracts = () => notFound(ErrorCode.PAYMENT_UNAVAILABLE, 'Renewing memberships are not sold with WeChat Pay here');
    // Issue 59: contract deduction (委托代扣), docs/API.md "Renewing with WeChat Pay".
    app.post(
      '/payment/wechat/contract',
      {
        config: { rateLimit: LIMITS.createOrder },
        schema: {
          tags: ['payments'],
          summary: "Start a WeChat Pay deduction contract for a plan: answers WeChat's signing page, shown as a QR code",
          body: WechatContractBody,
          response: { 200: WechatContractResponse, ...errorResponses },
        },
      },
      async (request) => {
        if (!contracts) throw noContracts();
        const result = await contracts.start(requireUser(request).id, request.body.plan, request.ip);
        return { data: { result } };
      },
    );
    app.get(
      '/payment/wechat/contract/:code',
      {
        schema: {
          tags: ['payments'],
          summary: "Where the reader's contract signing stands (the signing QR polls it)",
          params: WechatContractParams,
          response: { 200: WechatContractResponse, ...errorResponses },
        },
      },
      async (request) => {
        if (!contracts) throw noContracts();
        return { data: { result: await contracts.state(requireUser(request).id, request.params.code) } };
      },
    );
    // The notification's signature covers its exact bytes: raw bodies, in a scope of their own.
    await base.register(async (raw) => {
      acceptRawBody(raw);
      raw.post(
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
    });
  };
}
