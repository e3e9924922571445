import path from 'node:path';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { isDatabaseUnavailable } from './db/database-errors.js';
import { httpServerOptions, type HttpTimeouts } from './lib/http-server-options.js';
import { logDestination } from './lib/log-output.js';
import { serializeRequest } from './lib/log-redaction.js';
import { createAdminConsole } from './modules/admin/admin-console.js';
import { adminScope } from './modules/admin/admin-scope.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { couponsRoutes } from './modules/coupons/coupons.routes.js';
import { createCouponsService } from './modules/coupons/coupons.service.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import type { MailOptions } from './modules/mail/mail-module.js';
import { takeMailQueued } from './modules/mail/mail-queue.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { createPaymentsService } from './modules/payments/payments.service.js';
import { createCheckoutTokens } from './modules/payments/checkout-token.js';
import { createOrderLedger } from './modules/payments/order-ledger.js';
import { createStripeWebhook } from './modules/payments/stripe/stripe-webhook.js';
import { stripeRoutes } from './modules/payments/stripe/stripe.routes.js';
import { createWechatNotifications } from './modules/payments/wechat/wechat-notifications.js';
import { createWechatPayClient } from './modules/payments/wechat/wechat-pay-client.js';
import { createWechatReconciler } from './modules/payments/wechat/wechat-reconciler.js';
import { createHousekeeping } from './modules/housekeeping/housekeeping.js';
import { createEmailPreferences, emailPreferencesRoutes } from './modules/notices/preferences.js';
import { wechatRoutes } from './modules/payments/wechat/wechat.routes.js';
import { createPublicCacheFront, serverWithFront } from './plugins/public-cache-front.js';
import { createInvalidationBus } from './modules/cluster/invalidation-bus.js';
import { closeRedis, createRedisClient, waitForRedis } from './modules/cluster/redis-client.js';
import { createCatalogueService } from './modules/catalogue/catalogue.service.js';
import { createCatalogueVersion } from './modules/catalogue/catalogue-version.js';
import { createRankingSnapshot } from './modules/catalogue/ranking-snapshot.js';
import { eventsRoutes } from './modules/events/events.routes.js';
import { createEventsService } from './modules/events/events.service.js';
import { createFollowsService } from './modules/library/follows.service.js';
import { libraryRoutes } from './modules/library/library.routes.js';
import { createProgressService } from './modules/library/progress.service.js';
import { createReaderKeys } from './modules/library/reader-key.js';
import { createVisitorProofs } from './modules/library/visitor-proof.js';
import { pushRoutes } from './modules/push/push.routes.js';
import { createPushService } from './modules/push/push.service.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { createMediaSigner } from './modules/media/media-signing.js';
import { createMediaStorage, type MediaStorage } from './modules/media/media-storage.js';
import { createMediaUrls } from './modules/media/media-urls.js';
import { membershipRoutes } from './modules/membership/membership.routes.js';
import { createMembershipService } from './modules/membership/membership.service.js';
import { readingRoutes } from './modules/reading/reading.routes.js';
import { createReaderChangeFeed } from './modules/reading/reader-change-feed.js';
import { createReadingService } from './modules/reading/reading.service.js';
import { seoRoutes } from './modules/pages/seo.routes.js';
import { loadInlineStyles } from './modules/pages/inline-styles.js';
import { loadPageRenderer } from './modules/pages/page-renderer.js';
import { createSeoService } from './modules/pages/seo.service.js';
import { createSitemaps } from './modules/pages/sitemap.js';
import { healthRoutes, publicConfigRoutes } from './modules/system/system.routes.js';
import { createTokenService } from './modules/users/tokens.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { createUsersService } from './modules/users/users.service.js';
import { createTotpCipher } from './modules/users/totp-crypto.js';
import { createTwoStepService } from './modules/users/two-step.service.js';
import { twoStepRoutes } from './modules/users/two-step.routes.js';
import { registerAuth } from './plugins/auth.js';
import { createClientErrorHandler, createFrameworkErrorHandler } from './plugins/client-error-handler.js';
import { registerDatabaseGate } from './plugins/database-gate.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerRateLimit } from './plugins/rate-limit.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerPublicCache } from './plugins/public-cache.js';
import { RequestLogController } from './plugins/request-logging.js';
import { createDatabaseGate, type DatabaseGate } from './db/database-gate.js';
import { createSecurityHeaders, registerSecurityHeaders } from './plugins/security-headers.js';
import { registerStaticWeb, resolveWebDir } from './modules/pages/pages.routes.js';

export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  /** Media storage from the caller (main.ts, tests), who also closes it; else one from the config, closed with the app. */
  storage?: MediaStorage;
  /** false: no logging (tests); else the configured JSON logger. */
  logger?: false;
  /** Server timeouts other than the production ones (tests shorten them). */
  httpTimeouts?: HttpTimeouts;
  /** Where the log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Timers such as WeChat Pay reconciliation: main.ts turns them on; tests run them by hand. */
  backgroundJobs?: boolean;
  /** How often the job runner looks for due jobs (default 1 s). */
  jobPollMs?: number;
  /** E-mail sending options (tests shorten the retry schedule). */
  mail?: MailOptions;
  /** How often the catalogue version is read from the database when background jobs are on (default 1 s). */
  catalogueVersionPollMs?: number;
  /**
   * How often the reader change feed is polled (default 1 s). It runs when background jobs are on,
   * or when this is given (tests): while it runs, members' reads are answered from memory.
   */
  readerChangesPollMs?: number;
  /**
   * Closed while the process's start-up work has not reached the database yet (serve.ts): the API
   * answers 503 and background work waits until it opens. Absent: the database is taken as ready.
   */
  databaseGate?: DatabaseGate;
}

/** Builds the whole server (used by main.ts and by the tests through app.inject()). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const { db } = deps.database;
  // Kept public answers are replayed ahead of Fastify (plugins/public-cache-front.ts).
  const front = createPublicCacheFront();
  const webDir = resolveWebDir(config.webDistDir);
  const inlineStyles = loadInlineStyles(webDir);
  const securityHeaders = createSecurityHeaders(config, { inlineStyleSources: inlineStyles.cspSources });
  const app = Fastify({
    serverFactory: serverWithFront(front),
    logger: deps.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: { req: serializeRequest },
      stream: deps.logStream ?? logDestination(),
    },
    // Per-request lines at info only when asked (LOG_REQUESTS=true); else at debug.
    logController: new RequestLogController(config.logRequests ? 'info' : 'debug'),
    ...httpServerOptions(deps.httpTimeouts),
    clientErrorHandler: createClientErrorHandler(securityHeaders.everyAnswer),
    frameworkErrors: createFrameworkErrorHandler(securityHeaders.everyAnswer),
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    ajv: { customOptions: { allErrors: false } },
  });

  const databaseGate = deps.databaseGate ?? createDatabaseGate({ open: true });
  // Work that needs the database starts once the app is ready and the database reached.
  let isClosing = false;
  app.addHook('onClose', async () => {
    isClosing = true;
  });
  const withDatabase = (start: () => unknown) =>
    app.addHook('onReady', async () => {
      if (databaseGate.isOpen()) return void (await start());
      void databaseGate.opened
        .then(async () => {
          if (!isClosing) await start();
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'background work did not start'));
    });

  const storage = deps.storage ?? createMediaStorage(config);
  if (!deps.storage) app.addHook('onClose', async () => storage.close());
  const signer = createMediaSigner(config.mediaSigningSecret, config.mediaUrlTtlSeconds);
  const mediaUrls = createMediaUrls(signer, { publicBaseUrl: config.mediaPublicBaseUrl });
  const totpCipher = createTotpCipher(config.totpKeyMaterial);
  const users = createUsersService({
    db,
    tokens: createTokenService(config.jwtSecret),
    totpCipher,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  // Forgotten-password requests answered but not yet worked off finish before the database closes.
  app.addHook('onClose', () => users.forgotIdle());
  const membership = createMembershipService({ db });
  // Cache invalidation across processes (Redis pub/sub, else PostgreSQL LISTEN/NOTIFY, else this
  // process only); the catalogue version listens on it and publishes the changes made here.
  const invalidation = createInvalidationBus({
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    databaseUrl: config.databaseUrl,
    log: app.log,
  });
  app.addHook('onClose', () => invalidation.close());
  const catalogueVersion = createCatalogueVersion(db, { intervalMs: deps.catalogueVersionPollMs });
  catalogueVersion.connect(invalidation);
  app.addHook('onClose', async () => catalogueVersion.stop());
  const ranking = createRankingSnapshot(db, catalogueVersion);
  const catalogue = createCatalogueService({ db, ranking, media: mediaUrls });
  // Accounts, memberships and likes changed anywhere (written by triggers): what lets a member's
  // read be answered from memory (reading/reader-state-cache.ts).
  const readerChanges = createReaderChangeFeed(db, {
    intervalMs: deps.readerChangesPollMs,
    onError: (error) => app.log.warn({ err: error }, 'reader change feed: poll failed; member reads use the database until it works'),
  });
  const reading = createReadingService({ db, media: mediaUrls, versions: catalogueVersion, changes: readerChanges });
  if (deps.backgroundJobs || deps.readerChangesPollMs !== undefined) withDatabase(() => readerChanges.start());
  app.addHook('onClose', async () => readerChanges.stop());
  app.addHook('onClose', async () => reading.close());
  const events = createEventsService({ db });
  const progress = createProgressService({ db, media: mediaUrls });
  const follows = createFollowsService({ db, media: mediaUrls, progress });
  const push = createPushService({ db, config: config.push, log: app.log });
  const coupons = createCouponsService({ db, membership });
  const ledger = createOrderLedger({ db, membership, inviteRewardDays: config.inviteRewardDays });
  const wechatPay = config.wechatPay ? createWechatPayClient(config.wechatPay) : null;
  const payments = createPaymentsService({
    db,
    ledger,
    publicUrl: config.publicUrl,
    siteName: config.siteName,
    wechat: wechatPay,
    sandbox: config.paymentsSandbox,
    checkoutTokens: createCheckoutTokens(config.jwtSecret),
  });
  const adminConsole = createAdminConsole({
    db,
    config,
    log: app.log,
    membership,
    ledger,
    push,
    storage,
    media: mediaUrls,
    wechatPay,
    jobPollMs: deps.jobPollMs,
    mail: deps.mail,
  });
  app.addHook('onClose', async () => adminConsole.mail.close());
  const { jobs } = adminConsole;
  const twoStep = createTwoStepService({
    db,
    cipher: totpCipher,
    siteName: async () => (await adminConsole.siteSettings.getForPublic()).site_name,
  });
  const seo = createSeoService({
    db,
    publicUrl: config.publicUrl,
    siteName: config.siteName,
    currentSiteName: async () => (await adminConsole.siteSettings.getForPublic()).site_name,
    media: mediaUrls,
  });

  registerErrorHandler(app);
  registerSecurityHeaders(app, securityHeaders);
  registerDatabaseGate(app, databaseGate);
  registerInputGuard(app);
  registerAuth(app, users);
  // After auth: a request with a bad token is refused before any cached answer could be served.
  app.decorate('publicCache', registerPublicCache(app, { versions: catalogueVersion, front, logRequests: config.logRequests }));
  // REDIS_URL: rate-limit counters shared by every node (and every cluster worker).
  const redis = config.redisUrl ? createRedisClient(config.redisUrl, app.log, 'rate-limit') : null;
  if (redis) {
    app.addHook('onClose', () => closeRedis(redis));
    await waitForRedis(redis, app.log);
  }
  await registerRateLimit(app, redis ? { redis, nameSpace: `${config.redisPrefix}-rl:` } : undefined);
  await app.register(swagger, {
    openapi: {
      info: { title: `${config.siteName} API`, version: '1.0.0', description: 'Conventions, error codes and decisions: docs/API.md.' },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <jwt_token>' } } },
      security: [{ token: [] }],
    },
  });

  await app.register(
    async (api) => {
      await api.register(usersRoutes(users));
      await api.register(twoStepRoutes(twoStep));
      await api.register(membershipRoutes(membership));
      await api.register(couponsRoutes(coupons));
      await api.register(paymentsRoutes(payments));
      await api.register(stripeRoutes(config.stripe ? createStripeWebhook({ db, ledger, config: config.stripe }) : null));
      await api.register(
        wechatRoutes(config.wechatPay ? createWechatNotifications({ db, ledger, config: config.wechatPay, log: app.log }) : null),
      );
      await api.register(catalogueRoutes(catalogue));
      await api.register(readingRoutes(reading));
      await api.register(eventsRoutes(events));
      await api.register(libraryRoutes(progress, follows, createReaderKeys(createVisitorProofs(config.jwtSecret))));
      await api.register(pushRoutes(push));
      await api.register(emailPreferencesRoutes(createEmailPreferences({ db })));
      await api.register(mailRoutes(adminConsole.mail.unsubscribe));
      await api.register(publicConfigRoutes(config, adminConsole.siteSettings));
      await api.register(adminScope(adminConsole.routers, { db, requireTwoStep: config.adminRequire2fa }), { prefix: '/admin' });
    },
    { prefix: '/api/v1' },
  );
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  await app.register(healthRoutes(db, databaseGate));

  await app.register(mediaRoutes({ storage, signer, isPublicPage: reading.isPublicPage }));
  await app.register(seoRoutes({ sitemaps: createSitemaps({ db, publicUrl: config.publicUrl }), publicUrl: config.publicUrl }));
  // The server build of the web app (dist-ssr beside dist) renders public pages.
  const renderer = config.webDistDir
    ? await loadPageRenderer({
        ssrDir: path.join(path.dirname(config.webDistDir), 'dist-ssr'),
        app,
        versions: catalogueVersion,
        log: app.log,
      })
    : null;
  await registerStaticWeb(app, { webDir, pages: seo, renderer, inlineStyles, isDatabaseReady: databaseGate.isOpen });
  // Build the book ordering before the first reader asks for it.
  // A database that is not reachable yet must not stop the server: requests answer 503 until it is.
  withDatabase(() =>
    ranking.warm().catch((error: unknown) => {
      if (!isDatabaseUnavailable(error)) throw error;
      app.log.warn({ err: error }, 'database unavailable; the book order is built at the first request');
    }),
  );
  if (deps.backgroundJobs) {
    // Other processes (the CLI, other nodes) bump the version in the database: seen within a poll.
    withDatabase(() => catalogueVersion.start());
    withDatabase(() => jobs.start());
    app.addHook('onClose', () => jobs.stop());
    // A message queued in a request goes out now (its transaction committed before the answer), not at the next poll.
    app.addHook('onResponse', async () => {
      if (takeMailQueued()) jobs.wake();
    });
    // The reading roll-up and the cleanups that used to run inside readers' requests: one node.
    const housekeeping = createHousekeeping({ db, log: app.log, publicUrl: config.publicUrl });
    withDatabase(() => housekeeping.start());
    app.addHook('onClose', () => housekeeping.stop());
  }
  if (deps.backgroundJobs && wechatPay && config.wechatPay) {
    const reconciler = createWechatReconciler({ db, ledger, client: wechatPay, config: config.wechatPay, log: app.log });
    withDatabase(() => reconciler.start());
    app.addHook('onClose', () => reconciler.stop());
  }
  app.decorate('jobs', jobs);
  app.decorate('invalidation', invalidation);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The job runner (tests drain it by hand when background jobs are off). */
    jobs: import('./modules/jobs/job-runner.js').JobRunner;
    /** Shared answers of public reads (plugins/public-cache.ts); tests look at its size. */
    publicCache: import('./plugins/public-cache.js').PublicCacheStore;
    /** Broadcasts "this changed" to every process of the site (modules/cluster/invalidation-bus.ts). */
    invalidation: import('./modules/cluster/invalidation-bus.js').InvalidationBus;
  }
}
