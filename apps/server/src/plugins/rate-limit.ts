import rateLimit from '@fastify/rate-limit';
import { ErrorCode } from '@inkstream/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/app-error.js';
import { AUTH_PLUGIN } from './auth.js';

/**
 * The rate-limit plugin; the limits routes opt in to (`config: { rateLimit: LIMITS.x }`) and
 * addressLimit are in the HTTP kit (http/rate-limits.ts).
 *
 * `redis`: count in Redis under `nameSpace` (a Redis that fails lets the request through: skipOnError). */
export async function registerRateLimit(app: FastifyInstance, shared?: { redis: Redis; nameSpace: string }): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(shared ? { redis: shared.redis, nameSpace: shared.nameSpace, skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        ErrorCode.RATE_LIMITED,
        429,
        `Too many requests; try again in ${context.after}`,
        undefined,
        Math.ceil(context.ttl / 1000),
      ),
  });
}

/**
 * registerRateLimit as a plugin. It depends on auth: the limits' keys read `request.user`
 * (per account when logged in), which the auth hook sets before them.
 */
export const rateLimitPlugin = fp<{ shared?: { redis: Redis; nameSpace: string } }>(
  async (app, { shared }) => registerRateLimit(app, shared),
  { name: 'inkstream-rate-limit', fastify: '5.x', dependencies: [AUTH_PLUGIN] },
);
