import path from 'node:path';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config.js';
import { createServices } from './services.js';
import type { Registry } from 'prom-client';
import type { PaymentRails } from './modules/metrics/money-metrics.js';
import { createAppMetrics, localScrape } from './modules/metrics/app-metrics.js';
import { metricsEnabled } from './modules/metrics/metrics-config.js';
import { registerHttpMetrics, unmatchedResponseHook } from './modules/metrics/http-metrics.js';
import { registerBackgroundGauges } from './modules/metrics/background-metrics.js';
import type { MetricsScrape } from './modules/metrics/metrics-scrape.js';
import { metricsRoutes } from './modules/metrics/metrics.routes.js';
import type { DatabaseHandle } from './db/database.js';
import { isDatabaseUnavailable } from './db/database-errors.js';
import { httpServerOptions, type HttpTimeouts } from './lib/http-server-options.js';
import { logDestination } from './lib/log-output.js';
import { serializeRequest } from './lib/log-redaction.js';
import { adminConsoleRouters } from './modules/admin/admin-console.js';
import { adminScope } from './modules/admin/admin-scope.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { scheduleRoutes } from './modules/discovery/schedule.routes.js';
import { authorsRoutes } from './modules/discovery/authors.routes.js';
import { discoveryRoutes } from './modules/discovery/discovery.routes.js';
import { commentsRoutes } from './modules/community/comments.routes.js';
import { ratingsRoutes } from './modules/community/ratings.routes.js';
import { couponsRoutes } from './modules/coupons/coupons.routes.js';
import { subscriptionsRoutes } from './modules/payments/subscriptions/subscriptions.routes.js';
import { giftsRoutes } from './modules/payments/gifts/gifts.routes.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import type { MailOptions } from './modules/mail/mail-module.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { coinsRoutes } from './modules/coins/coins.routes.js';
import { coinOptionsRoutes } from './modules/coins/coin-options.routes.js';
import { stripeRoutes } from './modules/payments/stripe/stripe.routes.js';
import { emailPreferencesRoutes } from './modules/notices/preferences.js';
import { readingPreferencesRoutes } from './modules/reading/reading-preferences.routes.js';
import { wechatRoutes } from './modules/payments/wechat/wechat.routes.js';
import { createPublicCacheFront, serverWithFront } from './plugins/public-cache-front.js';
import { closeRedis, createRedisClient, waitForRedis } from './modules/cluster/redis-client.js';
import { eventsRoutes } from './modules/events/events.routes.js';
import { offlineRoutes } from './modules/offline/offline.routes.js';
import { libraryRoutes } from './modules/library/library.routes.js';
import { listsRoutes } from './modules/library/lists.routes.js';
import { statusesRoutes } from './modules/library/statuses.routes.js';
import type { FeedAuthenticator } from './modules/opds/feed-reader.js';
import { refuseEveryFeedReader } from './modules/opds/feed-auth-placeholder.js';
import { opdsRoutes } from './modules/opds/opds.routes.js';
import { opds2Routes } from './modules/opds/opds2.routes.js';
import { replyAlertsRoutes } from './modules/community/reply-alerts.routes.js';
import { pushRoutes } from './modules/push/push.routes.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import type { MediaStorage } from './modules/media/media-storage.js';
import { membershipRoutes } from './modules/membership/membership.routes.js';
import { readingRoutes } from './modules/reading/reading.routes.js';
import { seoRoutes } from './modules/pages/seo.routes.js';
import { currentSiteName } from './modules/settings/site-settings.service.js';
import { loadInlineStyles } from './modules/pages/inline-styles.js';
import { DEFERRED_LOADER_CSP_SOURCE } from './modules/pages/deferred-app-code.js';
import { IMAGE_HOLD_CSP_SOURCE } from './modules/pages/image-hold.js';
import { loadPageRenderer } from './modules/pages/page-renderer.js';
import { healthRoutes, publicConfigRoutes } from './modules/system/system.routes.js';
import { legalRoutes } from './modules/legal/legal.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { ageConfirmationRoutes } from './modules/users/age-confirmation.routes.js';
import { signInsRoutes } from './modules/users/sign-ins.routes.js';
import { passkeysRoutes } from './modules/users/passkeys/passkeys.routes.js';
import { externalSignInRoutes } from './modules/users/external-sign-in.routes.js';
import { deletionRoutes } from './modules/data-rights/deletion/deletion.routes.js';
import { twoStepRoutes } from './modules/users/two-step.routes.js';
import { feedKeysRoutes } from './modules/opds/feed-keys.routes.js';
import { dataExportRoutes } from './modules/data-rights/export/data-export.routes.js';
import { authPlugin } from './plugins/auth.js';
import { createClientErrorHandler, createFrameworkErrorHandler } from './plugins/client-error-handler.js';
import { registerDatabaseGate } from './plugins/database-gate.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { publicCachePlugin } from './plugins/public-cache.js';
import { RequestLogController } from './plugins/request-logging.js';
import { createDatabaseGate, type DatabaseGate } from './db/database-gate.js';
import { createStorageHealth } from './db/storage-health.js';
import { createSecurityHeaders, registerSecurityHeaders } from './plugins/security-headers.js';
import { buildValidator } from './http/body-validator.js';
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
  /**
   * What a scrape of `/metrics` (METRICS_TOKEN) answers, given this app's registry: the registry
   * itself by default; a cluster worker's asks the primary for the whole node's sum (cluster-metrics.ts).
   */
  metricsScrape?: (registry: Registry) => MetricsScrape;
  /** Who reads the OPDS feeds, instead of the services' feed keys (tests hand in their own). */
  feedAuthenticate?: FeedAuthenticator;
}

/** The payment providers this configuration takes orders from, and those of them that notify. */
function paymentRails(config: AppConfig): PaymentRails {
  const notifying = [...(config.wechatPay ? ['wechat'] : []), ...(config.stripe ? ['stripe'] : [])];
  return { providers: [...notifying, ...(config.paymentsSandbox ? ['sandbox'] : [])], notifying };
}

/** Builds the whole server (used by main.ts and by the tests through app.inject()). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const { db } = deps.database;
  // Kept public answers are replayed ahead of Fastify (plugins/public-cache-front.ts).
  const front = createPublicCacheFront();
  const webDir = resolveWebDir(config.webDistDir);
  const inlineStyles = loadInlineStyles(webDir);
  const securityHeaders = createSecurityHeaders(config, {
    scriptSources: [IMAGE_HOLD_CSP_SOURCE, DEFERRED_LOADER_CSP_SOURCE],
    styleSources: inlineStyles.cspSources,
  });
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
    clientErrorHandler: createClientErrorHandler(securityHeaders.dataAnswer),
    frameworkErrors: createFrameworkErrorHandler(securityHeaders.dataAnswer),
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    // Fastify's 10 s default for a plugin to start is met in a second on a quiet machine, but not
    // always on a loaded one (a busy CI host, a node starting beside a heavy neighbour); a start
    // that is only slow must not fail.
    pluginTimeout: 60_000,
    ajv: { customOptions: { allErrors: false } },
    // A body's types are what the client sent: no coercion ("7" is not a score); query and path keep it.
    schemaController: { compilersFactory: { buildValidator } },
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

  // Prometheus metrics (modules/metrics/, docs/OPERATIONS.md "Metrics"): only when METRICS_LISTEN or
  // METRICS_TOKEN is set; otherwise no hook, no counter, nothing timed.
  const metrics = metricsEnabled(config.metrics) ? createAppMetrics(config.metrics, deps.database, paymentRails(config)) : null;
  if (metrics) registerHttpMetrics(app, metrics.http);

  // Every service, built once by the wiring root the admin CLI uses too (services.ts).
  const services = createServices(config, db, app.log, {
    metrics,
    storage: deps.storage,
    jobPollMs: deps.jobPollMs,
    mail: deps.mail,
    catalogueVersionPollMs: deps.catalogueVersionPollMs,
    readerChangesPollMs: deps.readerChangesPollMs,
  });
  const { storage, users, catalogueVersion, ranking, bookSearch, readerChanges, reading, jobs, invalidation, siteSettings } = services;
  // This node hears the others' changes from now on (the wiring root opens no connection).
  invalidation.start();
  if (metrics) {
    registerBackgroundGauges(metrics.registry, {
      db,
      dataDir: config.dataDir,
      jobKinds: jobs.kinds,
      searchStats: () => bookSearch.stats(),
    });
  }
  if (services.ownsStorage) app.addHook('onClose', async () => storage.close());
  // Forgotten-password requests answered but not yet worked off finish before the database closes.
  app.addHook('onClose', () => users.forgotIdle());
  app.addHook('onClose', () => invalidation.close());
  app.addHook('onClose', async () => services.versions.stop());
  app.addHook('onClose', async () => services.discoverySnapshot.stop());
  if (deps.backgroundJobs || deps.readerChangesPollMs !== undefined) withDatabase(() => readerChanges.start());
  app.addHook('onClose', async () => readerChanges.stop());
  app.addHook('onClose', async () => reading.close());
  app.addHook('onClose', async () => services.mail.close());

  const storageHealth = createStorageHealth();
  registerErrorHandler(app, storageHealth);
  registerSecurityHeaders(app, securityHeaders);
  registerDatabaseGate(app, databaseGate);
  registerInputGuard(app);
  await app.register(authPlugin, { users });
  // After auth (a declared dependency): a request with a bad token is refused before any cached answer could be served.
  await app.register(publicCachePlugin, {
    versions: services.versions,
    front,
    logRequests: config.logRequests,
    metrics: metrics && { ...metrics.caches.public, frontAnswered: metrics.http.observe },
  });
  // REDIS_URL: rate-limit counters shared by every node (and every cluster worker).
  const redis = config.redisUrl ? createRedisClient(config.redisUrl, app.log, 'rate-limit') : null;
  if (redis) {
    app.addHook('onClose', () => closeRedis(redis));
    await waitForRedis(redis, app.log);
  }
  await app.register(rateLimitPlugin, redis ? { shared: { redis, nameSpace: `${config.redisPrefix}-rl:` } } : {});
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
      await api.register(ageConfirmationRoutes({ db, ratingPolicy: () => siteSettings.ratingPolicy() }));
      await api.register(signInsRoutes(db));
      await api.register(passkeysRoutes(services.passkeys));
      await api.register(externalSignInRoutes(services.externalSignIn, config, services.wechatSandbox));
      await api.register(twoStepRoutes(services.twoStep));
      await api.register(deletionRoutes(services.deletion));
      await api.register(feedKeysRoutes(services.feedKeys));
      await api.register(dataExportRoutes(services.dataExports));
      await api.register(membershipRoutes(services.membership));
      await api.register(couponsRoutes(services.coupons));
      await api.register(subscriptionsRoutes(services.subscriptions, services.sandboxSubscriptions));
      await api.register(giftsRoutes(services.gifts));
      await api.register(paymentsRoutes(services.payments));
      await api.register(coinsRoutes(services.unlocks));
      await api.register(coinOptionsRoutes(services.coinOptions));
      await api.register(stripeRoutes(services.stripeWebhook));
      await api.register(wechatRoutes(services.wechatNotifications, services.wechatContracts));
      await api.register(catalogueRoutes(services.catalogue, services.audiences));
      await api.register(scheduleRoutes(services.schedule, services.audiences));
      await api.register(authorsRoutes(services.authors, services.audiences));
      await api.register(discoveryRoutes(services.discovery, services.audiences));
      await api.register(ratingsRoutes(services.ratings, { enabled: config.community }));
      await api.register(readingRoutes(reading));
      await api.register(commentsRoutes(services.comments, { enabled: config.community }));
      await api.register(eventsRoutes(services.events));
      await api.register(offlineRoutes(services.offline));
      await api.register(
        libraryRoutes(services.progress, services.follows, services.readerKeys, config.community ? services.replyAlerts : null),
      );
      await api.register(statusesRoutes(services.statuses));
      await api.register(listsRoutes(services.lists));
      await api.register(replyAlertsRoutes(services.replyAlerts, { community: config.community }));
      await api.register(pushRoutes(services.push));
      await api.register(emailPreferencesRoutes(services.emailPreferences));
      await api.register(readingPreferencesRoutes(services.readingPreferences));
      await api.register(mailRoutes(services.mail.unsubscribe));
      await api.register(publicConfigRoutes(config, siteSettings, services.coinPacksOnSale));
      await api.register(legalRoutes(services.legal));
      await api.register(adminScope(adminConsoleRouters(services, config.uploads), { db, requireTwoStep: config.adminRequire2fa }), {
        prefix: '/admin',
      });
    },
    { prefix: '/api/v1' },
  );
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  await app.register(healthRoutes(db, databaseGate, storageHealth));
  if (metrics && config.metrics.token !== null) {
    const scrape = deps.metricsScrape?.(metrics.registry) ?? localScrape(metrics.registry);
    await app.register(metricsRoutes({ token: config.metrics.token, scrape }));
  }

  await app.register(mediaRoutes({ storage, signer: services.signer, isPublicPage: services.access.isPublicPage }));
  await app.register(seoRoutes({ sitemaps: services.sitemaps, publicUrl: config.publicUrl, siteName: currentSiteName(siteSettings) }));
  // OPDS feeds (docs/OPDS.md "Feeds"): the same routes with the key in the path and with HTTP Basic.
  // Without an authenticator (the feed keys not wired yet) every feed request is refused (401).
  const feedAuthenticate =
    deps.feedAuthenticate ?? ('feedAuth' in services ? (services.feedAuth as FeedAuthenticator) : refuseEveryFeedReader);
  const feeds = {
    authenticate: feedAuthenticate,
    opds: services.opds,
    pages: services.opdsPages,
    documents: services.opdsDocuments,
    novels: services.opdsNovels,
    siteName: config.siteName,
    publicUrl: config.publicUrl,
    audiences: services.audiences,
  };
  await app.register(opdsRoutes(feeds), { prefix: '/opds/key/:feedKey' });
  await app.register(opdsRoutes(feeds), { prefix: '/opds' });
  // OPDS 2.0 (JSON) beside them, on the same two trees (docs/OPDS.md "OPDS 2.0").
  const feeds2 = { ...feeds, progression: services.opdsProgression };
  await app.register(opds2Routes(feeds2), { prefix: '/opds/key/:feedKey' });
  await app.register(opds2Routes(feeds2), { prefix: '/opds' });
  // The server build of the web app (dist-ssr beside dist) renders public pages.
  const renderer = config.webDistDir
    ? await loadPageRenderer({
        ssrDir: path.join(path.dirname(config.webDistDir), 'dist-ssr'),
        app,
        versions: services.versions,
        log: app.log,
      })
    : null;
  await registerStaticWeb(app, {
    webDir,
    pages: services.seo,
    renderer,
    inlineStyles,
    isDatabaseReady: databaseGate.isOpen,
    ...(metrics ? { onUnmatchedResponse: unmatchedResponseHook(metrics.http) } : {}),
  });
  // The versions answers are kept by, so the first ones can be kept (the catalogue's is read by the ranking too).
  withDatabase(() =>
    services.versions.warm().catch((error: unknown) => app.log.warn({ err: error }, 'versions not read ahead; read at the first request')),
  );
  // Build the book ordering before the first reader asks for it.
  // A database that is not reachable yet must not stop the server: requests answer 503 until it is.
  // Then the search index (both read the whole catalogue: one after the other).
  // The index is not awaited: at 100,000 books it takes longer than Fastify lets an onReady hook
  // run (10 s), and the first search waits for it anyway.
  withDatabase(() =>
    ranking
      .warm()
      .then(() => {
        // The rankings' figures next (a few arrays; the first ranking need not wait for them).
        void services.discoverySnapshot
          .warm()
          .catch((error: unknown) => app.log.warn({ err: error }, 'discovery figures not loaded ahead; loaded at the first ranking'));
        void bookSearch
          .warm()
          .catch((error: unknown) => app.log.warn({ err: error }, 'search index not built ahead; built at the first search'));
      })
      .catch((error: unknown) => {
        if (!isDatabaseUnavailable(error)) throw error;
        app.log.warn({ err: error }, 'database unavailable; the book order and the search index are built at the first request');
      }),
  );
  if (deps.backgroundJobs) {
    // Other processes (the CLI, other nodes) move the versions in the database: seen within a poll.
    withDatabase(() => services.versions.start());
    withDatabase(() => jobs.start());
    app.addHook('onClose', () => jobs.stop());
    // The reading roll-up and the cleanups that used to run inside readers' requests: one node.
    const { housekeeping } = services;
    withDatabase(() => housekeeping.start());
    app.addHook('onClose', () => housekeeping.stop());
    const { liteBackfill } = services;
    withDatabase(() => liteBackfill.start());
    app.addHook('onClose', () => liteBackfill.stop());
  }
  const reconciler = services.wechatReconciler;
  if (deps.backgroundJobs && reconciler) {
    withDatabase(() => reconciler.start());
    app.addHook('onClose', () => reconciler.stop());
  }
  // WeChat Pay contract deduction (issue 59): notices, deductions, retries and ends, one node at a time.
  const contracts = services.wechatContracts;
  if (deps.backgroundJobs && contracts) {
    withDatabase(() => contracts.startJob());
    app.addHook('onClose', () => contracts.stopJob());
  }
  app.decorate('jobs', jobs);
  app.decorate('wechatContracts', services.wechatContracts);
  app.decorate('invalidation', invalidation);
  app.decorate('domainEvents', services.domainEvents);
  app.decorate('catalogueVersion', catalogueVersion);
  app.decorate('versions', services.versions);
  app.decorate('discovery', { snapshot: services.discoverySnapshot, refresh: services.discoveryRefresh });
  app.decorate('readerChanges', readerChanges);
  app.decorate('metrics', metrics);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The job runner (tests drain it by hand when background jobs are off). */
    jobs: import('./modules/jobs/job-runner.js').JobRunner;
    /** WeChat Pay contract deduction, null unless configured (tests run its job's pass by hand when background jobs are off). */
    wechatContracts: import('./modules/payments/wechat/wechat-contracts.js').WechatContracts | null;
    /** Broadcasts "this changed" to every process of the site (modules/cluster/invalidation-bus.ts). */
    invalidation: import('./modules/cluster/invalidation-bus.js').InvalidationBus;
    /** This process's committed changes (db/domain-events.ts): the demo seed and tests raise through it. */
    domainEvents: import('./db/domain-events.js').DomainEvents;
    /** The catalogue version this process holds (tests read it again as its poll would, after a command of the CLI). */
    catalogueVersion: import('./modules/catalogue/catalogue-version.js').CatalogueVersion;
    /** Every version caches are kept by: the catalogue's, the site settings', the legal texts' (modules/catalogue/catalogue-changes.ts). */
    versions: import('./modules/catalogue/catalogue-changes.js').ContentVersions;
    /** This app's metrics (its registry: serve.ts hands it to the cluster primary), null when off. */
    metrics: import('./modules/metrics/app-metrics.js').AppMetrics | null;
    /** Discovery's figures in memory and their background computation (tests run it by hand). */
    discovery: {
      snapshot: import('./modules/discovery/discovery-snapshot.js').DiscoverySnapshot;
      refresh: import('./modules/discovery/discovery-refresh.js').DiscoveryRefresh;
    };
    /** The reader change feed (tests poll it by hand). */
    readerChanges: import('./modules/reading/reader-change-feed.js').ReaderChangeFeed;
  }
}
