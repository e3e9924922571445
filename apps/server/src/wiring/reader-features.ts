import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import { createBookSummaries } from '../modules/catalogue/book-summaries.js';
import { createCommentsService } from '../modules/community/comments.service.js';
import { createRatingDistribution } from '../modules/community/rating-distribution.js';
import { createRatingsService } from '../modules/community/ratings.service.js';
import { createReplyNotifier } from '../modules/community/reply-alerts.notifier.js';
import { createReplyAlertsService } from '../modules/community/reply-alerts.service.js';
import { createAuthorsService } from '../modules/discovery/authors.service.js';
import { createDiscoveryRefresh } from '../modules/discovery/discovery-refresh.js';
import { createDiscoveryService } from '../modules/discovery/discovery.service.js';
import { createDiscoverySnapshot } from '../modules/discovery/discovery-snapshot.js';
import { createScheduleIndex } from '../modules/discovery/schedule-index.js';
import { createScheduleService } from '../modules/discovery/schedule.service.js';
import { createEventsService } from '../modules/events/events.service.js';
import { createFollowsService } from '../modules/library/follows.service.js';
import { createListsService } from '../modules/library/lists.service.js';
import { createStatusesService } from '../modules/library/statuses.service.js';
import { createProgressService } from '../modules/library/progress.service.js';
import { createReaderKeys } from '../modules/library/reader-key.js';
import { createVisitorProofs } from '../modules/library/visitor-proof.js';
import { createEmailPreferences } from '../modules/notices/preferences.js';
import { createOfflineService } from '../modules/offline/offline.service.js';
import { createFeedDocuments } from '../modules/opds/feed-documents.js';
import { createFeedAuthenticator } from '../modules/opds/feed-auth.js';
import { createFeedKeysService } from '../modules/opds/feed-keys.service.js';
import { createOpdsNovels } from '../modules/opds/opds-novels.js';
import { createOpdsPages } from '../modules/opds/opds-pages.js';
import { createOpdsProgression } from '../modules/opds/opds-progression.js';
import { createOpdsService } from '../modules/opds/opds.service.js';
import { createSeoService } from '../modules/pages/seo.service.js';
import { createSitemaps } from '../modules/pages/sitemap.js';
import { createReaderChangeFeed } from '../modules/reading/reader-change-feed.js';
import { createReadingPreferences } from '../modules/reading/reading-preferences.service.js';
import { createReadingService } from '../modules/reading/reading.service.js';
import { PUBLIC_CACHE } from '../http/cache-rules.js';
import { openableRatings, openOnly } from '../modules/access/content-rating.js';
import type { Accounts } from './accounts.js';
import type { Catalogue } from './catalogue.js';
import type { Money } from './money.js';
import type { Platform } from './platform.js';
import type { ServicesOptions } from './services-options.js';

/**
 * What readers do with the catalogue: read (with the unlock offer money makes), keep a library,
 * discover, comment and rate, take feeds to apps, find pages through search engines.
 */
export function buildReaderFeatures(
  config: AppConfig,
  log: FastifyBaseLogger,
  options: ServicesOptions,
  given: Platform & Accounts & Catalogue & Money,
) {
  const { db, domainEvents, mediaUrls: media, catalogueVersion: versions, storage, access, ranking, catalogue, siteSettings } = given;
  const linksMinAgeHours = async () => (await siteSettings.get()).comment_links_min_age_hours;
  const { ratingPrior } = given;
  // What search engines may meet (issue 61): the books a visitor may open, never a locked card.
  const publicRatings = async () => openableRatings(await given.audiences.general());
  // Each book's score distribution, kept while its counters stay (community/rating-distribution.ts).
  const ratingDistributions = createRatingDistribution();
  // Discovery (issue 46, docs/DISCOVERY.md): rankings and "readers also read" from figures the
  // housekeeping loop computes in the background on one node; every node holds them in memory.
  const discoverySnapshot = createDiscoverySnapshot(db, {
    ranking,
    versions,
    ratingMean: () => (config.community ? ratingPrior.mean() : Promise.resolve(null)),
  });
  // Accounts, memberships and likes changed anywhere (written by triggers): what lets a member's
  // read be answered from memory (reading/reader-state-cache.ts).
  const readerChanges = createReaderChangeFeed(db, {
    intervalMs: options.readerChangesPollMs,
    onError: (error) => log.warn({ err: error }, 'reader change feed: poll failed; member reads use the database until it works'),
  });
  const progress = createProgressService({ db, media });
  const follows = createFollowsService({ db, media, progress });
  // Issue 61: reading statuses (the library's tabs).
  const statuses = createStatusesService({ db, media, progress, audiences: given.audiences });
  // Issue 61: reader lists.
  const lists = createListsService({ db, media, audiences: given.audiences });
  // OPDS feeds (issue 32, docs/OPDS.md "Feeds"): the catalogue, library and reading services, as apps read them.
  const opds = createOpdsService({ db, catalogue, follows, progress, access, media, versions });
  // OPDS-PSE page streaming: the entitlement at every page, progress recorded behind the page.
  const opdsPages = createOpdsPages({
    db,
    storage,
    access,
    progress,
    onError: (error) => log.warn({ err: error }, 'opds: a page fetch could not record reading progress'),
  });
  return {
    discoverySnapshot,
    discovery: createDiscoveryService({
      db,
      snapshot: discoverySnapshot,
      summaries: createBookSummaries({ bookCards: given.bookCards, media, ratings: config.community ? ratingPrior : null }),
      community: config.community,
    }),
    discoveryRefresh: createDiscoveryRefresh({
      db,
      intervalMs: config.discoveryRefreshMinutes * 60_000,
      // This node serves the new figures at once; the others see the version within seconds.
      onRefreshed: () => void discoverySnapshot.reload().catch((error: unknown) => log.warn({ err: error }, 'discovery: reload failed')),
    }),
    // The release calendar and author pages, from memory kept per catalogue version.
    schedule: createScheduleService({ index: createScheduleIndex(db, versions), ranking, summariesById: catalogue.summariesById }),
    authors: createAuthorsService({ db, versions, ranking, summariesById: catalogue.summariesById }),
    readerChanges,
    reading: createReadingService({
      db,
      audiences: given.audiences,
      domainEvents,
      media,
      versions,
      changes: readerChanges,
      unlockOffer: (user, chapterUuid) => given.unlocks.offerFor(user, chapterUuid),
      cacheCounters: given.metrics && { chapter: given.metrics.caches.chapter, readerState: given.metrics.caches.reader_state },
    }),
    // Offline reading (issue 47): the rule's answer now for chapters saved in the reader's browser.
    offline: createOfflineService({ access }),
    events: createEventsService({ db }),
    progress,
    follows,
    statuses,
    lists,
    opds,
    // Their rendered documents, kept per catalogue version (the book lists' 30 s at most: popularity).
    opdsDocuments: createFeedDocuments({ versions, ttlMs: PUBLIC_CACHE.bookLists.ttlMs }),
    opdsPages,
    // Novels in apps: a chapter as XHTML, the book as an EPUB of what the reader may read now.
    opdsNovels: createOpdsNovels({
      db,
      storage,
      access,
      opds,
      siteName: config.siteName,
      onError: (error) => log.warn({ err: error }, 'opds: a cover could not be put in an EPUB'),
    }),
    // OPDS Progression (OPDS 2.0 apps): the same reading position the site and the page fetches keep.
    opdsProgression: createOpdsProgression({ pages: opdsPages, progress }),
    // OPDS feed keys (issue 32, docs/OPDS.md): made on the profile; `feedAuth` is what the feed
    // routes ask who is reading (key in the path or HTTP Basic).
    feedKeys: createFeedKeysService({ db, publicUrl: config.publicUrl, audit: given.audit }),
    feedAuth: createFeedAuthenticator({ db }),
    readerKeys: createReaderKeys(createVisitorProofs(config.jwtSecret)),
    emailPreferences: createEmailPreferences({ db, community: config.community }),
    readingPreferences: createReadingPreferences({ db }),
    // Replies to a reader's comments (docs/COMMUNITY.md "Reply alerts"): the library's Alerts tab,
    // and Web Push sent once the comments service committed a reply.
    replyAlerts: createReplyAlertsService({ db }),
    replyNotifier: createReplyNotifier({ db, push: given.push, log: options.logs?.push ?? log, community: config.community }),
    // Chapter comments (issue 31): written only by readers the rule lets read the chapter.
    comments: createCommentsService({
      db,
      domainEvents,
      chapterAccess: (chapterUuid, user) => access.chapterAccess(chapterUuid, user),
      linksMinAgeHours,
    }),
    ratingDistributions,
    ratings: createRatingsService({ db, domainEvents, prior: ratingPrior, distributions: ratingDistributions, linksMinAgeHours }),
    seo: createSeoService({
      db,
      publicUrl: config.publicUrl,
      siteName: config.siteName,
      currentSiteName: given.siteName,
      media,
      // A query the API would refuse (a lone surrogate) finds nothing: its page is not indexed.
      publicRatings,
      countSearchResults: async (q) =>
        catalogue.searchBooks({ q, page: 0, page_size: 1 }, openOnly(await given.audiences.general())).then(
          (found) => found.total,
          () => 0,
        ),
    }),
    sitemaps: createSitemaps({ db, publicUrl: config.publicUrl, publicRatings }),
  };
}

export type ReaderFeatures = ReturnType<typeof buildReaderFeatures>;
