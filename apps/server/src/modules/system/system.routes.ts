import { DEFAULT_LANGUAGE, LANGUAGES, PublicConfigResponse, type PublicConfig } from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { DatabaseGate } from '../../db/database-gate.js';
import { AppError } from '../../lib/app-error.js';
import { errorResponses } from '../../lib/route-schema.js';
import { PUBLIC_CACHE } from '../../http/cache-rules.js';
import type { SiteSettingsService } from '../settings/site-settings.service.js';
import type { StorageHealth } from '../../db/storage-health.js';
import { pingDatabase, probeWrite } from './system.repository.js';
import type { StripeConfig, WechatPayConfig } from '../payments/payments-config.js';

/**
 * Liveness and readiness, outside the API so load balancers need no API knowledge. Ready: the
 * start-up work has reached the database (db/database-gate.ts), it answers now, and its storage
 * takes writes (after a full disk refused one: db/storage-health.ts).
 */
export function healthRoutes(db: Db, gate: Pick<DatabaseGate, 'isOpen'>, storage: StorageHealth, pingTimeoutMs = READY_PING_TIMEOUT_MS) {
  const ping = boundedPing(db, pingTimeoutMs);
  return async (app: FastifyInstance) => {
    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
    app.get('/readyz', { schema: { hide: true } }, async (request) => {
      if (!gate.isOpen()) throw new AppError('SERVICE_UNAVAILABLE', 503, 'The database has not been reached yet', undefined, 5);
      const answer = await ping();
      if (answer === 'late') throw new AppError('SERVICE_UNAVAILABLE', 503, 'The database did not answer in time', undefined, 5);
      if (answer === 'failed') throw new AppError('SERVICE_UNAVAILABLE', 503, 'The database is not reachable', undefined, 5);
      // After a full disk refused a write: ready again once a write goes through.
      if (storage.isFull()) {
        try {
          await probeWrite(db);
          storage.noteWritable(request.log);
        } catch {
          throw new AppError('SERVICE_UNAVAILABLE', 503, 'The database storage is full: writes are refused, reads go on', undefined, 5);
        }
      }
      return { status: 'ready' };
    });
  };
}

/**
 * How long readiness waits for the database: a database that hangs (a lock held forever, a server
 * that stops answering) must not look healthy, and a balancer's probe has its own timeout (often
 * 1–5 s) that would otherwise decide alone. docs/OPERATIONS.md.
 */
export const READY_PING_TIMEOUT_MS = 2_000;

/**
 * The ping, answered 'late' after `timeoutMs`. One ping at a time: while one is still waiting on a
 * hung database, further probes wait on the same one instead of queueing more behind the lock.
 */
function boundedPing(db: Db, timeoutMs: number): () => Promise<'ok' | 'failed' | 'late'> {
  let inFlight: Promise<'ok' | 'failed'> | null = null;
  return async () => {
    inFlight ??= pingDatabase(db).then(
      () => 'ok' as const,
      () => 'failed' as const,
    );
    const current = inFlight;
    void current.finally(() => {
      if (inFlight === current) inFlight = null;
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), timeoutMs)));
    try {
      return await Promise.race([current, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** The settings the public config shows that are fixed at boot (read by config.ts, handed in by app.ts). */
export interface PublicConfigSource {
  readonly community: boolean;
  readonly paymentsSandbox: boolean;
  readonly wechatPay: WechatPayConfig | null;
  readonly stripe: StripeConfig | null;
  /** Issue 60: the OpenID providers shown on the login and register screens. */
  readonly oidcProviders: readonly { readonly id: string; readonly name: string; readonly languages: readonly string[] }[];
  /** Issue 60: WeChat website login configured (WECHAT_LOGIN_APPID), or the sandbox standing in for it. */
  readonly wechatLogin: unknown;
  readonly signInSandbox: boolean;
}

/** The site name and contact e-mail come from the run-time settings (an admin may change them). */
export function publicConfigRoutes(
  config: PublicConfigSource,
  settings: Pick<SiteSettingsService, 'getForPublic'>,
  coinPacks: () => Promise<PublicConfig['coins']['packs']>,
) {
  // The sandbox stands in for whichever real provider is not configured (it is never on beside real money by default).
  const sandbox = config.paymentsSandbox;
  const { wechatPay, stripe } = config;
  const fixed = {
    default_language: DEFAULT_LANGUAGE,
    languages: [...LANGUAGES],
    community: config.community,
    // WeChat first (the web app puts it first in zh-cn, as WeChat Pay is), in every language.
    sign_in_providers: [
      ...(config.wechatLogin !== null || config.signInSandbox
        ? [{ id: 'wechat', name: 'WeChat', method: 'wechat' as const, languages: [...LANGUAGES], sandbox: config.wechatLogin === null }]
        : []),
      ...config.oidcProviders.map(({ id, name, languages }) => ({
        id,
        name,
        method: 'oidc' as const,
        languages: [...languages],
        sandbox: false,
      })),
    ],
    payments: {
      wechat: { enabled: wechatPay !== null || sandbox, sandbox: wechatPay === null && sandbox },
      stripe: stripe
        ? { enabled: true, sandbox: false, publishable_key: stripe.publishableKey, buy_buttons: { ...stripe.buyButtons } }
        : { enabled: sandbox, sandbox, publishable_key: null, buy_buttons: { month: null, season: null } },
    },
  };
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    app.get(
      '/config/public',
      {
        config: { publicCache: PUBLIC_CACHE.siteConfig },
        schema: {
          tags: ['system'],
          summary: 'Public site settings for the web app',
          response: { 200: PublicConfigResponse, ...errorResponses },
        },
      },
      async () => {
        const { site_name, contact_email, coins_enabled, renewing_memberships } = await settings.getForPublic();
        // Coins are the operator's choice (issue 42): no packs while they are off.
        const coins = { enabled: coins_enabled, packs: coins_enabled ? await coinPacks() : [] };
        // Renewing memberships too (issue 59): the renewing buttons only while the setting offers them.
        const renewing = renewing_memberships && stripe ? stripe.renewingBuyButtons : {};
        const renewing_buy_buttons = { month: renewing.month ?? null, season: renewing.season ?? null };
        // The sandbox sells renewing too, so a newcomer can try it (payments.service createOrder, `renewing`).
        const sandboxRenews = renewing_memberships && !stripe && sandbox && wechatPay === null;
        const renews = sandboxRenews || renewing_buy_buttons.month !== null || renewing_buy_buttons.season !== null;
        // WeChat Pay renews only by contract deduction, for a merchant WeChat allowed it (WECHATPAY_PAPAY_PLAN_ID_*).
        const wechat = { ...fixed.payments.wechat, renewing: renewing_memberships && wechatPay?.papay != null };
        const payments = { wechat, stripe: { ...fixed.payments.stripe, renewing: renews, renewing_buy_buttons } };
        return { data: { result: { site_name, contact_email, ...fixed, payments, coins } } };
      },
    );
  };
}
