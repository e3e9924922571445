import rateLimit from '@fastify/rate-limit';
import { ErrorCode } from '@inkstream/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

/**
 * Per-IP (and, for signed-in calls, per-account) limits for costly endpoints. Routes opt in with
 * `config: { rateLimit: LIMITS.x }`. The counters live in process memory; behind a load balancer
 * each node counts on its own, and the failed-login throttle (login-throttle.ts) is shared
 * through the database.
 */
/** Per account when logged in, else per address (visitor ids are free to invent, so they cannot be the unit). */
const accountOrIp = (request: FastifyRequest) => request.user?.uuid ?? request.ip;

export const LIMITS = {
  login: { max: 30, timeWindow: '1 minute' },
  register: { max: 20, timeWindow: '1 hour' },
  passwordChange: { max: 10, timeWindow: '1 hour', keyGenerator: (request: FastifyRequest) => request.user?.uuid ?? request.ip },
  events: { max: 120, timeWindow: '1 minute' },
  // Guessing codes must stay slow: per account when logged in (the call needs a login), else per IP.
  createOrder: { max: 20, timeWindow: '10 minutes', keyGenerator: (request: FastifyRequest) => request.user?.uuid ?? request.ip },
  couponRedeem: { max: 10, timeWindow: '10 minutes', keyGenerator: (request: FastifyRequest) => request.user?.uuid ?? request.ip },
  // Reading progress is saved every few seconds while reading, in batches; following is a click.
  progress: { max: 120, timeWindow: '1 minute', keyGenerator: accountOrIp },
  progressMerge: { max: 10, timeWindow: '10 minutes', keyGenerator: accountOrIp },
  follows: { max: 60, timeWindow: '1 minute', keyGenerator: accountOrIp },
  pushSubscriptions: { max: 20, timeWindow: '10 minutes', keyGenerator: accountOrIp },
} as const;

export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
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
