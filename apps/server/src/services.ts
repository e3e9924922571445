import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';
import type { Db } from './db/database.js';
import { checkpointSqliteWal } from './db/sqlite-wal.js';
import { createDomainEvents } from './db/domain-events.js';
import type { AppMetrics } from './modules/metrics/app-metrics.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { createReplyNotifier } from './modules/community/reply-alerts.notifier.js';
import { createReplyAlertsService } from './modules/community/reply-alerts.service.js';
import { createCatalogueAdminService } from './modules/catalogue/catalogue-admin.service.js';
import { createBookCards } from './modules/catalogue/book-cards.js';
import { consoleTitles } from './modules/catalogue/console-titles.js';
import { createCatalogueService } from './modules/catalogue/catalogue.service.js';
import { createCommentsService } from './modules/community/comments.service.js';
import { createContentVersions, handleContentChanges } from './modules/catalogue/catalogue-changes.js';
import { createChaptersAdminService, PUBLISH_CHAPTER_JOB } from './modules/catalogue/chapters-admin.service.js';
import { createRankingSnapshot } from './modules/catalogue/ranking-snapshot.js';
import { createScheduleIndex } from './modules/discovery/schedule-index.js';
import { createScheduleService } from './modules/discovery/schedule.service.js';
import { createAuthorsService } from './modules/discovery/authors.service.js';
import { createBookSummaries } from './modules/catalogue/book-summaries.js';
import { createDiscoveryRefresh } from './modules/discovery/discovery-refresh.js';
import { createDiscoveryService } from './modules/discovery/discovery.service.js';
import { createDiscoverySnapshot } from './modules/discovery/discovery-snapshot.js';
import { createRatingDistribution } from './modules/community/rating-distribution.js';
import { createRatingPrior } from './modules/catalogue/rating-prior.js';
import { createRatingsService } from './modules/community/ratings.service.js';
import { createBookSearch } from './modules/search/book-search.js';
import { createInvalidationBus } from './modules/cluster/invalidation-bus.js';
import type { ClusterLog } from './modules/cluster/redis-client.js';
import { createImportJobHandler } from './modules/content/uploads/import-job-handler.js';
import { createImportJobsService } from './modules/content/uploads/import-jobs.service.js';
import { createCouponsAdminService } from './modules/coupons/coupons-admin.service.js';
import { createModerationService } from './modules/community/moderation.service.js';
import { createCouponsService } from './modules/coupons/coupons.service.js';
import { createEventsService } from './modules/events/events.service.js';
import { createHousekeeping } from './modules/housekeeping/housekeeping.js';
import { createLiteBackfill } from './modules/content/lite-backfill.js';
import { createJobRunner, type JobHandler } from './modules/jobs/job-runner.js';
import { createFollowsService } from './modules/library/follows.service.js';
import { createOpdsNovels } from './modules/opds/opds-novels.js';
import { createOpdsPages } from './modules/opds/opds-pages.js';
import { createOpdsProgression } from './modules/opds/opds-progression.js';
import { createOpdsService } from './modules/opds/opds.service.js';
import { createFeedDocuments } from './modules/opds/feed-documents.js';
import { PUBLIC_CACHE } from './http/cache-rules.js';
import { createProgressService } from './modules/library/progress.service.js';
import { createReaderKeys } from './modules/library/reader-key.js';
import { createVisitorProofs } from './modules/library/visitor-proof.js';
import { createMail, type MailOptions } from './modules/mail/mail-module.js';
import { MAIL_SEND_JOB } from './modules/mail/mail-queue.js';
import { createMailAccounts } from './modules/users/mail-recipient.js';
import { createMediaSigner } from './modules/media/media-signing.js';
import { createMediaStorage, type MediaStorage } from './modules/media/media-storage.js';
import { createMediaUrls } from './modules/media/media-urls.js';
import { createMembershipAdminService } from './modules/membership/membership-admin.service.js';
import { createMembershipService } from './modules/membership/membership.service.js';
import { createEmailPreferences } from './modules/notices/preferences.js';
import { createReadingPreferences } from './modules/reading/reading-preferences.service.js';
import { createCheckoutTokens } from './modules/payments/checkout-token.js';
import { createOrderLedger } from './modules/payments/order-ledger.js';
import { createCoinLedger } from './modules/coins/coin-ledger.js';
import { createEarlyAccess, EARLY_ACCESS_END_JOB } from './modules/coins/early-access.js';
import { createFreeUnlockNotice, FREE_UNLOCK_READY_JOB } from './modules/coins/free-unlock-notice.js';
import { createUnlocksService } from './modules/coins/unlocks.service.js';
import { activePacks, toPublicPack } from './modules/coins/coin-packs.repository.js';
import { createCoinsAdminService } from './modules/coins/coins-admin.service.js';
import { createPaymentIncidentsService } from './modules/payments/payment-incidents.service.js';
import { createPaymentsAdminService } from './modules/payments/payments-admin.service.js';
import { createPaymentsService } from './modules/payments/payments.service.js';
import { createStripeRefunder } from './modules/payments/stripe/stripe-refunds.js';
import { createStripeWebhook } from './modules/payments/stripe/stripe-webhook.js';
import { createWechatNotifications } from './modules/payments/wechat/wechat-notifications.js';
import { createWechatPayClient } from './modules/payments/wechat/wechat-pay-client.js';
import { createWechatReconciler } from './modules/payments/wechat/wechat-reconciler.js';
import { createFeedAuthenticator } from './modules/opds/feed-auth.js';
import { createFeedKeysService } from './modules/opds/feed-keys.service.js';
import { createPushService, type PushLog } from './modules/push/push.service.js';
import { createAccessService } from './modules/access/access.service.js';
import { createOfflineService } from './modules/offline/offline.service.js';
import { createReaderChangeFeed } from './modules/reading/reader-change-feed.js';
import { createReadingService } from './modules/reading/reading.service.js';
import { createSeoService } from './modules/pages/seo.service.js';
import { createSitemaps } from './modules/pages/sitemap.js';
import { createSiteSettingsService, currentSiteName } from './modules/settings/site-settings.service.js';
import { createLegalService } from './modules/legal/legal.service.js';
import { createStatsService } from './modules/stats/stats.service.js';
import { createTokenService } from './modules/users/tokens.js';
import { createTotpCipher } from './modules/users/totp-crypto.js';
import { createTwoStepService } from './modules/users/two-step.service.js';
import { createUsersAdminService } from './modules/users/users-admin.service.js';
import { createUsersService } from './modules/users/users.service.js';
import { createDataExportService, DATA_EXPORT_JOB } from './modules/data-rights/export/data-export.service.js';
import { createExportLinks } from './modules/data-rights/export/export-links.js';
import { createMailSubjects } from './modules/data-rights/export/export-mail-subjects.js';
import { createDeletionService, type DeletionService } from './modules/data-rights/deletion/deletion.service.js';
import { ACCOUNT_ERASE_JOB, createErasure } from './modules/data-rights/deletion/erasure.js';

export interface ServicesOptions {
  /** Media storage from the caller (main.ts, tests), who also closes it; else one from the config (`ownsStorage`). */
  storage?: MediaStorage | undefined;
  /** How often the job runner looks for due jobs (default 1 s). */
  jobPollMs?: number | undefined;
  /** E-mail sending options (tests shorten the retry schedule). */
  mail?: MailOptions | undefined;
  /** How often the catalogue version is read from the database once started (default 1 s). */
  catalogueVersionPollMs?: number | undefined;
  /** How often the reader change feed is polled once started (default 1 s). */
  readerChangesPollMs?: number | undefined;
  /** Prometheus metrics (modules/metrics/) when they are on; absent or null: nothing is counted. */
  metrics?: AppMetrics | null | undefined;
  /** Lines the admin CLI writes its own way (stderr) instead of through `log`. */
  logs?: { cluster?: ClusterLog; push?: PushLog };
}

/**
 * The one wiring root of the server's services: the HTTP app (app.ts) and the admin command line
 * (cli/cli-context.ts) both build them here, once, so a service the CLI uses is the one the
 * server runs, with the same dependencies. Nothing here starts: timers and background work
 * (catalogue version poll, reader change feed, job runner, housekeeping, reconciliation) are
 * started by app.ts when asked; `close()` releases what building opened.
 */
export function createServices(config: AppConfig, db: Db, log: FastifyBaseLogger, options: ServicesOptions = {}) {
  const metrics = options.metrics ?? null;
  const storage = options.storage ?? createMediaStorage(config);
  const ownsStorage = !options.storage;
  const signer = createMediaSigner(config.mediaSigningSecret, config.mediaUrlTtlSeconds);
  const mediaUrls = createMediaUrls(signer, { publicBaseUrl: config.mediaPublicBaseUrl });
  const totpCipher = createTotpCipher(config.totpKeyMaterial);
  // The one channel of this process's committed changes (db/domain-events.ts): raised inside the
  // transaction that makes a change, delivered once it committed. Who listens: the end of this function.
  const domainEvents = createDomainEvents(db, {
    onError: (error, event) => log.warn({ err: error, event: event.type }, 'a listener of a committed change failed'),
  });
  const users = createUsersService({
    db,
    domainEvents,
    tokens: createTokenService(config.jwtSecret),
    totpCipher,
    publicUrl: config.publicUrl,
    log,
    // A login during an account's grace period cancels its deletion (issue 43); built below.
    deletionAtLogin: (userId) => deletion.checkAtLogin(userId),
  });
  const membership = createMembershipService({ db, domainEvents });
  // Cache invalidation across processes (Redis pub/sub, else PostgreSQL LISTEN/NOTIFY, else this
  // process only); the versions (catalogue, site settings, legal texts) listen on it and publish the
  // changes made here (the CLI's too: running nodes hear of a command's changes at once, not at their next poll).
  const invalidation = createInvalidationBus({
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    databaseUrl: config.databaseUrl,
    log: options.logs?.cluster ?? log,
  });
  const versions = createContentVersions(db, invalidation, { intervalMs: options.catalogueVersionPollMs });
  const catalogueVersion = versions.catalogue;
  // The catalogue's mean rating (the Bayesian prior), kept per node (catalogue/rating-prior.ts).
  const ratingPrior = createRatingPrior(db);
  const ranking = createRankingSnapshot(db, catalogueVersion, { ratingMean: () => ratingPrior.mean() });
  const bookSearch = createBookSearch(db, catalogueVersion);
  const bookCards = createBookCards(db, catalogueVersion);
  const catalogue = createCatalogueService({
    db,
    ranking,
    search: bookSearch,
    media: mediaUrls,
    community: config.community,
    ratings: config.community ? ratingPrior : null,
    bookCards,
  });
  // Discovery (issue 46, docs/DISCOVERY.md): rankings and "readers also read" from figures the
  // housekeeping loop computes in the background on one node; every node holds them in memory.
  const discoverySnapshot = createDiscoverySnapshot(db, {
    ranking,
    versions: catalogueVersion,
    ratingMean: () => (config.community ? ratingPrior.mean() : Promise.resolve(null)),
  });
  const discovery = createDiscoveryService({
    db,
    snapshot: discoverySnapshot,
    summaries: createBookSummaries({ bookCards, media: mediaUrls, ratings: config.community ? ratingPrior : null }),
    community: config.community,
  });
  const discoveryRefresh = createDiscoveryRefresh({
    db,
    intervalMs: config.discoveryRefreshMinutes * 60_000,
    // This node serves the new figures at once; the others see the version within seconds.
    onRefreshed: () => void discoverySnapshot.reload().catch((error: unknown) => log.warn({ err: error }, 'discovery: reload failed')),
  });
  // Discovery (issue 46, docs/DISCOVERY.md): the release calendar and author pages, from memory kept per catalogue version.
  const schedule = createScheduleService({
    index: createScheduleIndex(db, catalogueVersion),
    ranking,
    summariesById: catalogue.summariesById,
  });
  const authors = createAuthorsService({ db, versions: catalogueVersion, ranking, summariesById: catalogue.summariesById });
  // Accounts, memberships and likes changed anywhere (written by triggers): what lets a member's
  // read be answered from memory (reading/reader-state-cache.ts).
  const readerChanges = createReaderChangeFeed(db, {
    intervalMs: options.readerChangesPollMs,
    onError: (error) => log.warn({ err: error }, 'reader change feed: poll failed; member reads use the database until it works'),
  });
  const reading = createReadingService({
    db,
    domainEvents,
    media: mediaUrls,
    versions: catalogueVersion,
    changes: readerChanges,
    unlockOffer: (user, chapterUuid) => unlocks.offerFor(user, chapterUuid),
    cacheCounters: metrics && { chapter: metrics.caches.chapter, readerState: metrics.caches.reader_state },
  });
  // Who may read a chapter (docs/ARCHITECTURE.md "Who may read what"): every path but the chapter
  // answer (which asks the same rule with its own one-statement read) asks this service.
  const access = createAccessService({ db });
  // Offline reading (issue 47): the rule's answer now for chapters saved in the reader's browser.
  const offline = createOfflineService({ access });
  const events = createEventsService({ db });
  const progress = createProgressService({ db, media: mediaUrls });
  const follows = createFollowsService({ db, media: mediaUrls, progress });
  // OPDS feeds (issue 32, docs/OPDS.md "Feeds"): the catalogue, library and reading services, as apps read them.
  const opds = createOpdsService({ db, catalogue, follows, progress, access, media: mediaUrls, versions: catalogueVersion });
  // Their rendered documents, kept per catalogue version (the book lists' 30 s at most: popularity).
  const opdsDocuments = createFeedDocuments({ versions: catalogueVersion, ttlMs: PUBLIC_CACHE.bookLists.ttlMs });
  // OPDS-PSE page streaming: the entitlement at every page, progress recorded behind the page.
  const opdsPages = createOpdsPages({
    db,
    storage,
    access,
    progress,
    onError: (error) => log.warn({ err: error }, 'opds: a page fetch could not record reading progress'),
  });
  // Novels in apps: a chapter as XHTML, the book as an EPUB of what the reader may read now.
  const opdsNovels = createOpdsNovels({
    db,
    storage,
    access,
    opds,
    siteName: config.siteName,
    onError: (error) => log.warn({ err: error }, 'opds: a cover could not be put in an EPUB'),
  });
  // OPDS Progression (OPDS 2.0 apps): the same reading position the site and the page fetches keep.
  const opdsProgression = createOpdsProgression({ pages: opdsPages, progress });
  const readerKeys = createReaderKeys(createVisitorProofs(config.jwtSecret));
  const push = createPushService({
    db,
    config: config.push,
    log: options.logs?.push ?? log,
    onDelivered: metrics?.background.pushDelivered ?? null,
  });
  const emailPreferences = createEmailPreferences({ db, community: config.community });
  const readingPreferences = createReadingPreferences({ db });
  // Replies to a reader's comments (docs/COMMUNITY.md "Reply alerts"): the library's Alerts tab,
  // and Web Push sent once the comments service committed a reply.
  const replyAlerts = createReplyAlertsService({ db });
  const replyNotifier = createReplyNotifier({ db, push, log: options.logs?.push ?? log, community: config.community });
  // Chapter comments (issue 31): written only by readers the reading module lets read the chapter.
  const comments = createCommentsService({
    db,
    domainEvents,
    chapterAccess: (chapterUuid, user) => access.chapterAccess(chapterUuid, user),
    linksMinAgeHours: async () => (await siteSettings.get()).comment_links_min_age_hours,
  });
  const coupons = createCouponsService({ domainEvents, membership });
  // Coins (issue 42, docs/PAYMENTS.md "Coins"): the second way to pay, on the same ledger as memberships.
  const coinLedger = createCoinLedger();
  const ledger = createOrderLedger({ domainEvents, membership, coins: coinLedger, inviteRewardDays: config.inviteRewardDays });
  const wechatPay = config.wechatPay ? createWechatPayClient(config.wechatPay) : null;
  const payments = createPaymentsService({
    db,
    domainEvents,
    ledger,
    publicUrl: config.publicUrl,
    siteName: config.siteName,
    wechat: wechatPay,
    sandbox: config.paymentsSandbox,
    checkoutTokens: createCheckoutTokens(config.jwtSecret),
    coinsOnSale: async () => (await siteSettings.get()).coins_enabled,
  });
  const notificationMetrics = metrics?.money.notifications ?? null;
  const stripeWebhook = config.stripe
    ? createStripeWebhook({ domainEvents, ledger, config: config.stripe, metrics: notificationMetrics })
    : null;
  const wechatNotifications = config.wechatPay
    ? createWechatNotifications({ db, domainEvents, ledger, config: config.wechatPay, log, metrics: notificationMetrics })
    : null;

  // The operator's console (docs/ADMIN.md): the admin services, each beside the domain it
  // changes, and the audit log they all write.
  const audit = createAuditService({ db, bookTitles: consoleTitles });
  // Settings an administrator changes at run time: the public config, SEO, mail and two-step read them here.
  const siteSettings = createSiteSettingsService({
    db,
    domainEvents,
    audit,
    defaults: { siteName: config.siteName, contactEmail: config.contactEmail },
  });
  const siteName = currentSiteName(siteSettings);
  // The privacy and terms pages (issue 43): they name the site, its address and the retention periods.
  const legal = createLegalService({ db, domainEvents, audit, settings: () => siteSettings.getForPublic(), publicUrl: config.publicUrl });
  // Wait-for-free's "ready" push to followers: a job at the moment, sent only if it still holds.
  const freeUnlockNotice = createFreeUnlockNotice({ db, push, jobs: { enqueue: (executor, input) => jobs.enqueue(executor, input) } });
  const unlocks = createUnlocksService({
    db,
    domainEvents,
    access,
    settings: siteSettings,
    ledger: coinLedger,
    readyNotice: freeUnlockNotice,
  });
  const coinPacksOnSale = async () => (await activePacks(db)).map(toPublicPack);
  // Each book's score distribution, kept while its counters stay (community/rating-distribution.ts).
  const ratingDistributions = createRatingDistribution();
  const ratings = createRatingsService({
    db,
    domainEvents,
    prior: ratingPrior,
    distributions: ratingDistributions,
    linksMinAgeHours: async () => (await siteSettings.get()).comment_links_min_age_hours,
  });
  const membershipAdmin = createMembershipAdminService({ domainEvents, membership, audit });
  const usersAdmin = createUsersAdminService({ db, domainEvents, audit, membershipAdmin, publicUrl: config.publicUrl });
  const couponsAdmin = createCouponsAdminService({ db, audit });
  const moderation = createModerationService({ db, audit, enabled: config.community });
  const paymentsAdmin = createPaymentsAdminService({
    db,
    domainEvents,
    ledger,
    coins: coinLedger,
    audit,
    wechat: wechatPay,
    stripe: config.stripe ? createStripeRefunder(config.stripe) : null,
    log,
  });
  const paymentIncidents = createPaymentIncidentsService({ db, domainEvents, ledger, audit });
  const stats = createStatsService({ db });
  // Coins in the console and the command line: book prices, packs, gifts, the report (all audited).
  const coinsAdmin = createCoinsAdminService({ db, domainEvents, audit, ledger: coinLedger });
  const booksAdmin = createCatalogueAdminService({
    db,
    domainEvents,
    audit,
    media: mediaUrls,
    storage,
    defaultFreeChapters: () => siteSettings.defaultFreeChapters(),
    search: bookSearch,
  });

  // The job runner reads its kinds when it is made: every handler is registered first.
  const jobHandlers: Record<string, JobHandler> = {};
  // Early access (issue 42): set as a chapter comes out, ended by a job at its time on any node, once.
  const earlyAccess = createEarlyAccess({
    domainEvents,
    jobs: { enqueue: (executor, input) => jobs.enqueue(executor, input) },
    coinsOn: async (executor) => (await siteSettings.get(executor)).coins_enabled,
  });
  const chaptersAdmin = createChaptersAdminService({
    db,
    domainEvents,
    audit,
    push,
    jobs: { enqueue: (executor, input) => jobs.enqueue(executor, input) },
    earlyAccess,
  });
  jobHandlers[PUBLISH_CHAPTER_JOB] = (job) => chaptersAdmin.runScheduledRelease(job);
  jobHandlers[FREE_UNLOCK_READY_JOB] = (job) => freeUnlockNotice.run(job.payload);
  jobHandlers[EARLY_ACCESS_END_JOB] = (job) => domainEvents.transact((trx) => earlyAccess.runEnd(trx, job.payload));
  // Chapter uploads from the console: staged on the node that received them (docs/CONTENT.md).
  jobHandlers['import'] = createImportJobHandler({
    db,
    domainEvents,
    storage,
    audit,
    push,
    jobs: { enqueue: (executor, input) => jobs.enqueue(executor, input) },
    earlyAccess,
    uploadsDir: config.uploads.dir,
    log,
  });
  // "Delete my account" (issue 43, docs/ACCOUNTS.md "Deleting your account"): the request and its
  // grace period, and the erasure at its time (a job on any node; the housekeeping pass catches a lost one).
  const deletion: DeletionService = createDeletionService({
    db,
    domainEvents,
    membership,
    audit,
    jobs: { enqueue: (executor, input) => jobs.enqueue(executor, input) },
    totpCipher,
    publicUrl: config.publicUrl,
  });
  // What an erasure leaves on disk goes after it commits: the reader's .eml files (the mail
  // component, built next) and the SQLite WAL (docs/ACCOUNTS.md "What erasure leaves on disk").
  const flushErased = () => checkpointSqliteWal(db);
  const erasure = createErasure({
    db,
    domainEvents,
    membership,
    audit,
    forgetOnDisk: async (outboxUuids) => {
      await mail.removeMessageFiles(outboxUuids);
      await flushErased();
    },
  });
  jobHandlers[ACCOUNT_ERASE_JOB] = (job) => erasure.runJob(job.payload);

  // E-mail (modules/mail/): one `mail-send` job per message, any node.
  const mail = createMail({
    db,
    domainEvents,
    config,
    accounts: createMailAccounts(db),
    audit,
    log,
    siteName,
    flushErased,
    options: options.mail,
  });
  jobHandlers[MAIL_SEND_JOB] = (job) => mail.sender.handle(job);
  // Download my data (issue 43, docs/ACCOUNTS.md "Download your data"): one `data_export` job per archive, any node.
  const dataExports = createDataExportService({
    db,
    domainEvents,
    audit,
    jobs: { enqueue: (executor, input) => jobs.enqueue(executor, input) },
    lockReader: (trx, userId) => membership.lockMembersWithin(trx, [userId]),
    links: createExportLinks(config.jwtSecret),
    publicUrl: config.publicUrl,
    mailSubject: createMailSubjects(config.siteName),
  });
  jobHandlers[DATA_EXPORT_JOB] = (job) => dataExports.run(job.payload);
  const jobs = createJobRunner({
    db,
    domainEvents,
    handlers: jobHandlers,
    log,
    onFinished: metrics?.background.jobFinished ?? null,
    ...(options.jobPollMs ? { pollMs: options.jobPollMs } : {}),
  });
  const importJobs = createImportJobsService({ db, domainEvents, jobs: () => jobs, uploadsDir: config.uploads.dir });

  const twoStep = createTwoStepService({ db, domainEvents, cipher: totpCipher, siteName });
  // OPDS feed keys (issue 32, docs/OPDS.md): made on the profile; `feedAuth` is what the feed
  // routes ask who is reading (key in the path or HTTP Basic).
  const feedKeys = createFeedKeysService({ db, publicUrl: config.publicUrl, audit });
  const feedAuth = createFeedAuthenticator({ db });
  const seo = createSeoService({
    db,
    publicUrl: config.publicUrl,
    siteName: config.siteName,
    currentSiteName: siteName,
    media: mediaUrls,
    // A query the API would refuse (a lone surrogate) finds nothing: its page is not indexed.
    countSearchResults: (q) =>
      catalogue.searchBooks({ q, page: 0, page_size: 1 }).then(
        (found) => found.total,
        () => 0,
      ),
  });
  const sitemaps = createSitemaps({ db, publicUrl: config.publicUrl });

  // Background work, built here and started by app.ts when background jobs are on.
  const housekeeping = createHousekeeping({
    db,
    domainEvents,
    log,
    publicUrl: config.publicUrl,
    community: config.community,
    eraseDueAccounts: () => erasure.eraseDue(),
    retention: () => siteSettings.retentionDays(),
    discovery: discoveryRefresh,
  });
  // Pages imported before the data saver get its lighter variant (modules/content/lite-backfill.ts).
  const liteBackfill = createLiteBackfill({ db, domainEvents, storage, log });
  const wechatReconciler =
    wechatPay && config.wechatPay
      ? createWechatReconciler({
          db,
          domainEvents,
          ledger,
          client: wechatPay,
          config: config.wechatPay,
          log,
          metrics: metrics?.money.reconciler ?? null,
        })
      : null;

  // After a commit: who hears of each change (docs/ARCHITECTURE.md, "After a commit"). The
  // listeners run before the request that made the change is answered.
  // Books, chapters, site settings, legal texts: the one handler moves the version of what changed
  // in the changing transaction, then re-reads it here, which drops what is kept by it (the catalogue:
  // chapter cache, the reader-state cache's chapter numbers, book cards, ranking, search, OPDS
  // documents, public answers, rendered pages; the others: the public answers and rendered pages
  // that show them), and sends it on the invalidation bus to the other processes.
  handleContentChanges(domainEvents, versions);
  // This node's copy of the settings goes when their version moves, here or on another node.
  versions['site-settings'].subscribe(() => siteSettings.forget());
  // The reader-state cache (reading/reader-state-cache.ts) hears these through the change feed:
  // the user's kept account and membership go, and for a like the chapter's count.
  domainEvents.on('membership-changed', ({ userId }) => readerChanges.changedHere({ userIds: [userId] }));
  domainEvents.on('account-changed', ({ userId }) => readerChanges.changedHere({ userIds: [userId] }));
  domainEvents.on('chapter-like-changed', ({ userId, chapterId }) =>
    readerChanges.changedHere({ userIds: [userId], chapterIds: [chapterId] }),
  );
  // Queued work is looked for now, not at the next poll (a no-op while the runner is not started).
  domainEvents.on('mail-queued', () => jobs.wake());
  domainEvents.on('job-queued', () => jobs.wake());
  // Web Push for a reply, sent on its own: the posting request does not wait for it.
  domainEvents.on('reply-alert-recorded', ({ alertId }) => replyNotifier.notify(alertId));
  // This node's mean rating (the Bayesian prior) moves by the rating at once; the book's kept distribution goes.
  // Orders created, paid, failed, expired, refunded: counted once committed (metrics, when on).
  if (metrics) domainEvents.on('order-changed', ({ provider, plan, event }) => metrics.money.order(provider, plan, event));
  domainEvents.on('rating-changed', ({ bookId, sumDelta, countDelta }) => {
    ratingPrior.applyLocal(sumDelta, countDelta);
    ratingDistributions.forget(bookId);
  });

  return {
    db,
    storage,
    earlyAccess,
    coinLedger,
    unlocks,
    coinPacksOnSale,
    ownsStorage,
    domainEvents,
    signer,
    mediaUrls,
    users,
    twoStep,
    deletion,
    erasure,
    feedKeys,
    feedAuth,
    membership,
    invalidation,
    versions,
    catalogueVersion,
    ranking,
    bookSearch,
    catalogue,
    schedule,
    authors,
    discovery,
    discoverySnapshot,
    discoveryRefresh,
    ratings,
    readerChanges,
    reading,
    access,
    offline,
    comments,
    events,
    progress,
    follows,
    opds,
    opdsPages,
    opdsDocuments,
    opdsNovels,
    opdsProgression,
    readerKeys,
    push,
    emailPreferences,
    readingPreferences,
    replyAlerts,
    replyNotifier,
    coupons,
    ledger,
    wechatPay,
    payments,
    stripeWebhook,
    wechatNotifications,
    audit,
    siteSettings,
    legal,
    membershipAdmin,
    usersAdmin,
    couponsAdmin,
    moderation,
    paymentsAdmin,
    paymentIncidents,
    stats,
    coinsAdmin,
    booksAdmin,
    chaptersAdmin,
    importJobs,
    mail,
    dataExports,
    jobs,
    seo,
    sitemaps,
    housekeeping,
    liteBackfill,
    wechatReconciler,
  };
}

export type Services = ReturnType<typeof createServices>;
