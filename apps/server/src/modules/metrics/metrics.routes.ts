import { createHash, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@inkstream/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { MetricsScrape } from './metrics-scrape.js';

const BEARER = /^Bearer\s+(\S+)$/i;
const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compared as hashes of equal length, in constant time: the answer's timing says nothing of the token. */
export function tokenMatches(header: string | undefined, expected: Buffer): boolean {
  const given = header === undefined ? undefined : BEARER.exec(header)?.[1];
  return timingSafeEqual(digest(given ?? ''), expected) && given !== undefined;
}

/**
 * `GET /metrics` on the main port (METRICS_TOKEN): the bearer token or 401, never kept by the
 * public cache (no `publicCache` config) nor by anyone else (no-store), hidden from the OpenAPI
 * document. Outside /api/, so the reader auth hook never reads this Authorization header.
 */
export function metricsRoutes(options: { token: string; scrape: MetricsScrape }) {
  const expected = digest(options.token);
  return async (app: FastifyInstance) => {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!tokenMatches(request.headers.authorization, expected)) {
        throw new AppError(
          ErrorCode.UNAUTHORIZED,
          401,
          'The metrics need Authorization: Bearer <METRICS_TOKEN>',
          undefined,
          undefined,
          undefined,
          {
            'www-authenticate': 'Bearer realm="metrics"',
            'cache-control': 'no-store',
          },
        );
      }
      const text = await options.scrape.text();
      return reply.type(options.scrape.contentType).send(text);
    });
  };
}
