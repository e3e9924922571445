// The plugin's types (app.createRateLimit); the plugin itself is registered by plugins/rate-limit.ts.
import type {} from '@fastify/rate-limit';
import { ErrorCode } from '@inkstream/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

/**
 * Limits for costly endpoints (docs/API.md, "Rate limits", gives each one's reason). Routes opt in
 * with `config: { rateLimit: LIMITS.x }`. Without REDIS_URL the counters live in process memory, so
 * each process counts on its own; with it they live in Redis and every node and worker counts
 * together. The failed-login throttle (login-throttle.ts) is shared through the database either way.
 *
 * The unit is the account whenever there is one (issue 40): one address is often many readers (a
 * carrier's NAT, a school, an office), so a limit per address must be a ceiling loose enough for
 * all of them, never the limit one reader meets first.
 */
/** Per account when logged in, else per address (visitor ids are free to invent, so they cannot be the unit). */
const accountOrIp = (request: FastifyRequest) => (request.user ? `account:${request.user.uuid}` : `ip:${request.ip}`);

/**
 * A limit per account, and for visitors (no account) per address with `perAddress` calls: every
 * visitor behind that address shares it, so it is set for many of them.
 */
const perAccount = (max: number, perAddress: number, timeWindow: string) => ({
  max: (request: FastifyRequest) => (request.user ? max : perAddress),
  timeWindow,
  keyGenerator: accountOrIp,
});

/** The address a request comes from, under a limit's own prefix. */
const byAddress = (prefix: string) => (request: FastifyRequest) => `${prefix}:${request.ip}`;

export const LIMITS = {
  // Anonymous: per address, set for a NAT of many readers (a reader logs in rarely: the token lasts);
  // guessing is stopped by the failed-login throttle, and per typed login (loginPerAccount) below.
  login: { max: 120, timeWindow: '1 minute', keyGenerator: byAddress('login-ip') },
  // Per target account and address: the same account tried over and over from one place (each try
  // costs an argon2 hash, right password or not). Per address too, so nobody elsewhere can use it to
  // keep the owner out.
  loginPerAccount: { max: 10, timeWindow: '1 minute' },
  // Anonymous: a class registering together fits; a script making accounts by the hundred does not.
  register: { max: 100, timeWindow: '1 hour', keyGenerator: byAddress('register-ip') },
  passwordChange: { max: 10, timeWindow: '1 hour', keyGenerator: accountOrIp },
  // Chapter likes and their undo (issue 40): clicks, per account; a toggling script stays bounded.
  chapterLikes: { max: 120, timeWindow: '10 minutes', keyGenerator: accountOrIp },
  // Sign out everywhere: each call issues a token, so a rare act per account (the call needs a login).
  signOutEverywhere: { max: 10, timeWindow: '1 hour', keyGenerator: accountOrIp },
  // Two-step sign-in on the profile (/user/totp/*): a handful of calls a setup; wrong codes are also
  // counted by the failed-login throttle.
  twoStep: { max: 30, timeWindow: '1 hour', keyGenerator: accountOrIp },
  // Passkeys on the profile (issue 60): registering, renaming, removing, per account; wrong
  // passwords and assertions are also counted by the failed-login throttle.
  passkeys: { max: 60, timeWindow: '1 hour', keyGenerator: accountOrIp },
  // Anonymous passkey sign-in: each options call stores a challenge, so a ceiling per address set
  // for a NAT of many readers (the answers go under `login`, and the failed-login throttle per account).
  passkeySignInOptions: { max: 300, timeWindow: '1 minute', keyGenerator: byAddress('passkey-options') },
  // Reading events: per account; visitors per address (each reader counts once a day per chapter anyway).
  events: perAccount(120, 1200, '1 minute'),
  // Guessing codes must stay slow: per account (the call needs a login).
  createOrder: { max: 20, timeWindow: '10 minutes', keyGenerator: accountOrIp },
  couponRedeem: { max: 10, timeWindow: '10 minutes', keyGenerator: accountOrIp },
  // Coins (issue 42): a reader binge-reading taps unlock often; the limit stops a script, not a reader.
  coinUnlocks: { max: 120, timeWindow: '10 minutes', keyGenerator: accountOrIp },
  // Reading progress is saved every few seconds while reading, in batches; following is a click.
  progress: perAccount(120, 1200, '1 minute'),
  progressMerge: { max: 10, timeWindow: '10 minutes', keyGenerator: accountOrIp },
  // And per address, whatever the account (addressLimit below): one address cannot try visitor ids
  // through many accounts; a merge follows a login, so 200 logins' worth in 10 minutes.
  progressMergeByAddress: { max: 200, timeWindow: '10 minutes', keyGenerator: byAddress('merge-ip') },
  // A visitor's reads of its progress and history, per address (an account reads only its own):
  // every visitor behind the address opens its home page with them.
  visitorReads: {
    max: 1200,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => request.ip,
    allowList: (request: FastifyRequest) => request.user !== null,
  },
  follows: perAccount(60, 600, '1 minute'),
  // Issue 61: importing statuses from another site: a check then an import, a few tries at most;
  // each reads a file of up to 5000 entries against the whole catalogue.
  statusImport: perAccount(10, 100, '10 minutes'),
  // Reading preferences (issue 45): the reader changes a mode or a font size, a few taps at a time.
  readingPreferences: perAccount(60, 600, '1 minute'),
  // Offline reading (issue 47): the app re-checks its saved chapters once when it comes online and
  // once per save, up to 200 a call (a large library is a handful of calls); one statement each.
  // Generous per account so a reader saving chapter after chapter never meets it; visitors per address.
  offlineCheck: perAccount(60, 1200, '1 minute'),
  pushSubscriptions: perAccount(20, 200, '10 minutes'),
  // Issue 59: stopping, resuming a renewal and opening Stripe's portal each call the provider.
  subscriptionChanges: perAccount(20, 200, '10 minutes'),
  // Account recovery (docs/ACCOUNTS.md). Setting or resending an address: per account (the call needs a login).
  emailChange: { max: 5, timeWindow: '1 hour', keyGenerator: accountOrIp },
  /** Issue 43: asking to delete the account (password and code checked; the login throttle counts wrong ones too). */
  accountDeletion: { max: 5, timeWindow: '1 hour', keyGenerator: accountOrIp },
  // Confirmation links: per client address (a token is 256 random bits; this only bounds the work).
  emailConfirm: { max: 100, timeWindow: '10 minutes', keyGenerator: byAddress('confirm-ip') },
  // Reset requests: per client address here (a ceiling for many readers), per typed login below,
  // per account in the service (RESET_LINKS_PER_ACCOUNT_PER_HOUR) and per recipient in the outbox
  // (MAX_MAILS_PER_RECIPIENT_PER_HOUR): what protects a mailbox is per login and per recipient.
  passwordForgot: { max: 60, timeWindow: '1 hour', keyGenerator: byAddress('forgot-ip') },
  passwordForgotPerLogin: { max: 5, timeWindow: '1 hour' },
  passwordReset: { max: 60, timeWindow: '10 minutes', keyGenerator: byAddress('reset-ip') },
  // Chapter comments (issue 31). Per reader the service counts stored comments (10 s apart, 60 an
  // hour: comment-flood.ts). Per client address only a ceiling for many readers at once (issue 40:
  // one carrier address is many readers), counted here only for comments about to be stored: 60 a
  // minute and 600 an hour, so many sock-puppet accounts on one machine still cannot flood.
  commentsByAddressBurst: { max: 60, timeWindow: '1 minute', keyGenerator: byAddress('comment-ip') },
  commentsByAddressHour: { max: 600, timeWindow: '1 hour', keyGenerator: byAddress('comment-ip-h') },
  // Every post call of an account, whatever its answer: refused tries (repeats, bad text, too fast)
  // store nothing and cost the address nothing, but a script sending them still costs the
  // database; 60 in 10 minutes is all the flood rules could ever let one reader store.
  commentPosts: { max: 60, timeWindow: '10 minutes', keyGenerator: accountOrIp },
  // Edits, deletes, likes and reports: clicks, per account.
  commentActions: { max: 120, timeWindow: '10 minutes', keyGenerator: accountOrIp },
  commentReports: { max: 30, timeWindow: '1 hour', keyGenerator: accountOrIp },
  // Feed keys on the profile (issue 32): creating and revoking are rare clicks, per account.
  feedKeys: { max: 30, timeWindow: '1 hour', keyGenerator: accountOrIp },
  // Issue 61: confirming or withdrawing one's age is a rare act.
  ageConfirmation: { max: 20, timeWindow: '1 hour', keyGenerator: accountOrIp },
  // Book ratings (ratings.routes.ts), reply alerts and notice preferences: clicks, per account.
  ratingWrites: { max: 30, timeWindow: '1 minute', keyGenerator: accountOrIp },
  replyAlerts: { max: 120, timeWindow: '1 minute', keyGenerator: accountOrIp },
  noticePreferences: { max: 60, timeWindow: '10 minutes', keyGenerator: accountOrIp },
  // One-click unsubscribes come from mail providers' servers, few addresses for many readers; a
  // token is an HMAC, so this only keeps scanners cheap.
  unsubscribe: { max: 300, timeWindow: '1 minute', keyGenerator: byAddress('unsubscribe-ip') },
  // Download my data (issue 43): the service allows one archive a day and one download a minute;
  // these only bound what refused calls cost, per account.
  dataExport: { max: 10, timeWindow: '1 hour', keyGenerator: accountOrIp },
  dataExportDownload: { max: 30, timeWindow: '10 minutes', keyGenerator: accountOrIp },
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
