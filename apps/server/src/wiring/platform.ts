import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { createDomainEvents } from '../db/domain-events.js';
import { checkpointSqliteWal } from '../db/sqlite-wal.js';
import { createAuditService } from '../modules/audit/audit.service.js';
import { consoleTitles } from '../modules/catalogue/console-titles.js';
import { createContentVersions } from '../modules/catalogue/catalogue-changes.js';
import { createInvalidationBus } from '../modules/cluster/invalidation-bus.js';
import { createJobQueue } from '../modules/jobs/job-runner.js';
import { createLegalService } from '../modules/legal/legal.service.js';
import { createMediaSigner } from '../modules/media/media-signing.js';
import { createMediaStorage } from '../modules/media/media-storage.js';
import { createMediaUrls } from '../modules/media/media-urls.js';
import { createPushService } from '../modules/push/push.service.js';
import { createBookSearch } from '../modules/search/book-search.js';
import { createSiteSettingsService, currentSiteName } from '../modules/settings/site-settings.service.js';
import { createTotpCipher } from '../modules/users/totp-crypto.js';
import type { ServicesOptions } from './services-options.js';

/**
 * The first stage of the wiring root (services.ts): what every domain may be given. The change
 * channel, media, the job queue (its writing side: the runner is made last, once every handler
 * exists), cache versions and their bus, the audit log, site settings, legal texts, Web Push.
 * Built, not started: the bus connects and the versions poll when app.ts starts them.
 */
export function buildPlatform(config: AppConfig, db: Db, log: FastifyBaseLogger, options: ServicesOptions) {
  const metrics = options.metrics ?? null;
  const storage = options.storage ?? createMediaStorage(config);
  const signer = createMediaSigner(config.mediaSigningSecret, config.mediaUrlTtlSeconds);
  // The one channel of this process's committed changes (db/domain-events.ts): raised inside the
  // transaction that makes a change, delivered once it committed. Who listens: wiring/after-commit.ts.
  const domainEvents = createDomainEvents(db, {
    onError: (error, event) => log.warn({ err: error, event: event.type }, 'a listener of a committed change failed'),
  });
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
  // The operator's console (docs/ADMIN.md) writes the audit log from every domain; it stores the
  // titles it shows, read through the catalogue's port.
  const audit = createAuditService({ db, bookTitles: consoleTitles });
  // Settings an administrator changes at run time: the public config, SEO, mail and two-step read them here.
  const siteSettings = createSiteSettingsService({
    db,
    domainEvents,
    audit,
    defaults: { siteName: config.siteName, contactEmail: config.contactEmail },
  });
  return {
    metrics,
    db,
    storage,
    /** Storage built here from the config (no caller's): closed with the app. */
    ownsStorage: !options.storage,
    signer,
    mediaUrls: createMediaUrls(signer, { publicBaseUrl: config.mediaPublicBaseUrl }),
    totpCipher: createTotpCipher(config.totpKeyMaterial),
    domainEvents,
    jobQueue: createJobQueue({ domainEvents }),
    invalidation,
    versions,
    catalogueVersion: versions.catalogue,
    bookSearch: createBookSearch(db, versions.catalogue),
    audit,
    siteSettings,
    siteName: currentSiteName(siteSettings),
    // The privacy and terms pages (issue 43): they name the site, its address and the retention periods.
    legal: createLegalService({ db, domainEvents, audit, settings: () => siteSettings.getForPublic(), publicUrl: config.publicUrl }),
    push: createPushService({
      db,
      config: config.push,
      log: options.logs?.push ?? log,
      onDelivered: metrics?.background.pushDelivered ?? null,
    }),
    // What an erasure leaves on disk goes after it commits: the reader's .eml files (the mail
    // component) and the SQLite WAL (docs/ACCOUNTS.md "What erasure leaves on disk").
    flushErased: () => checkpointSqliteWal(db),
  };
}

export type Platform = ReturnType<typeof buildPlatform>;
