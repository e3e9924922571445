// The plugin's types (app.createRateLimit); the plugin itself is registered by plugins/rate-limit.ts.
import type {} from '@fastify/rate-limit';
import { ErrorCode } from '@inkstream/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

/**
 * Per-IP (and, for signed-in calls, per-account) limits for costly endpoints. Routes opt in with
 * `config: { rateLimit: LIMITS.x }`. Without REDIS_URL the counters live in process memory, so
 * each process counts on its own; with it they live in Redis and every node and worker counts
 * together. The failed-login throttle (login-throttle.ts) is shared through the database either way.
 */
/** Per account when logged in, else per address (visitor ids are free to invent, so they cannot be the unit). */
const accountOrIp = (request: FastifyRequest) => request.user?.uuid ?? request.ip;

export const LIMITS = {
  login: { max: 30, timeWindow: '1 minute' },
  register: { max: 20, timeWindow: '1 hour' },
  passwordChange: { max: 10, timeWindow: '1 hour', keyGenerator: (request: FastifyRequest) => request.user?.uuid ?? request.ip },
  // Chapter likes and their undo (issue 40): clicks, per account; a toggling script stays bounded.
  chapterLikes: { max: 120, timeWindow: '10 minutes', keyGenerator: accountOrIp },
  // Sign out everywhere: each call issues a token, so a rare act per account (the call needs a login).
  signOutEverywhere: { max: 10, timeWindow: '1 hour', keyGenerator: accountOrIp },
  // Two-step sign-in on the profile (/user/totp/*): a handful of calls a setup; wrong codes are also
  // counted by the failed-login throttle.
  twoStep: { max: 30, timeWindow: '1 hour', keyGenerator: accountOrIp },
  events: { max: 120, timeWindow: '1 minute' },
  // Guessing codes must stay slow: per account when logged in (the call needs a login), else per IP.
  createOrder: { max: 20, timeWindow: '10 minutes', keyGenerator: (request: FastifyRequest) => request.user?.uuid ?? request.ip },
  couponRedeem: { max: 10, timeWindow: '10 minutes', keyGenerator: (request: FastifyRequest) => request.user?.uuid ?? request.ip },
  // Reading progress is saved every few seconds while reading, in batches; following is a click.
  progress: { max: 120, timeWindow: '1 minute', keyGenerator: accountOrIp },
  progressMerge: { max: 10, timeWindow: '10 minutes', keyGenerator: accountOrIp },
  // And per address, whatever the account (addressLimit below): one address cannot try visitor ids
  // through many accounts.
  progressMergeByAddress: { max: 30, timeWindow: '10 minutes', keyGenerator: (request: FastifyRequest) => `merge-ip:${request.ip}` },
  // A visitor's reads of its progress and history, per address (an account reads only its own).
  visitorReads: {
    max: 120,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => request.ip,
    allowList: (request: FastifyRequest) => request.user !== null,
  },
  follows: { max: 60, timeWindow: '1 minute', keyGenerator: accountOrIp },
  pushSubscriptions: { max: 20, timeWindow: '10 minutes', keyGenerator: accountOrIp },
  // Account recovery (docs/ACCOUNTS.md). Setting or resending an address: per account (the call needs a login).
  emailChange: { max: 5, timeWindow: '1 hour', keyGenerator: accountOrIp },
  // Confirmation links: per client address (a token is 256 random bits; this only bounds the work).
  emailConfirm: { max: 20, timeWindow: '10 minutes', keyGenerator: (request: FastifyRequest) => `confirm-ip:${request.ip}` },
  // Reset requests: per client address here, per typed login below, per account in the service
  // (RESET_LINKS_PER_ACCOUNT_PER_HOUR) and per recipient in the outbox (MAX_MAILS_PER_RECIPIENT_PER_HOUR).
  passwordForgot: { max: 10, timeWindow: '1 hour', keyGenerator: (request: FastifyRequest) => `forgot-ip:${request.ip}` },
  passwordForgotPerLogin: { max: 5, timeWindow: '1 hour' },
  passwordReset: { max: 10, timeWindow: '10 minutes', keyGenerator: (request: FastifyRequest) => `reset-ip:${request.ip}` },
  // Chapter comments (issue 31). Per reader the service counts stored comments (10 s apart, 60 an
  // hour); per client address the same rates, counted here only for comments about to be stored.
  commentsByAddressBurst: { max: 1, timeWindow: '10 seconds', keyGenerator: (request: FastifyRequest) => `comment-ip:${request.ip}` },
  commentsByAddressHour: { max: 60, timeWindow: '1 hour', keyGenerator: (request: FastifyRequest) => `comment-ip-h:${request.ip}` },
  // Every post call of an account, whatever its answer: refused tries (repeats, bad text, too fast)
  // store nothing and cost the address nothing, but a script sending them still costs the
  // database; 60 in 10 minutes is all the flood rules could ever let one reader store.
  commentPosts: { max: 60, timeWindow: '10 minutes', keyGenerator: accountOrIp },
  // Edits, deletes, likes and reports: clicks, per account.
  commentActions: { max: 120, timeWindow: '10 minutes', keyGenerator: accountOrIp },
  commentReports: { max: 30, timeWindow: '1 hour', keyGenerator: accountOrIp },
  // Feed keys on the profile (issue 32): creating and revoking are rare clicks, per account.
  feedKeys: { max: 30, timeWindow: '1 hour', keyGenerator: accountOrIp },
} as const;

/**
 * A second limit on a route that already has one (`config.rateLimit`): the plugin runs one limit
 * per request, so this one is an onRequest hook of its own, counted in the same store (Redis when
 * configured) and answered as the plugin answers.
 */
export function addressLimit(
  app: FastifyInstance,
  options: { max: number; timeWindow: string; keyGenerator: (request: FastifyRequest) => string },
) {
  const check = app.createRateLimit(options);
  return async (request: FastifyRequest) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new AppError(
        ErrorCode.RATE_LIMITED,
        429,
        `Too many requests; try again in ${result.ttlInSeconds} seconds`,
        undefined,
        result.ttlInSeconds,
      );
    }
  };
}
