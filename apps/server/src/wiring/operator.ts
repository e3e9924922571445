import { createListsAdminService } from '../modules/library/lists-admin.service.js';
import type { FastifyBaseLogger } from 'fastify';
import { renewalTermsOf } from '../modules/payments/subscriptions/subscriptions.service.js';
import type { AppConfig } from '../config.js';
import { createCatalogueAdminService } from '../modules/catalogue/catalogue-admin.service.js';
import { createChaptersAdminService, PUBLISH_CHAPTER_JOB } from '../modules/catalogue/chapters-admin.service.js';
import { createCoinsAdminService } from '../modules/coins/coins-admin.service.js';
import { createModerationService } from '../modules/community/moderation.service.js';
import { createImportJobHandler } from '../modules/content/uploads/import-job-handler.js';
import { createImportJobsService } from '../modules/content/uploads/import-jobs.service.js';
import { createLiteBackfill } from '../modules/content/lite-backfill.js';
import { createCouponsAdminService } from '../modules/coupons/coupons-admin.service.js';
import { createDataExportService, DATA_EXPORT_JOB } from '../modules/data-rights/export/data-export.service.js';
import { createExportLinks } from '../modules/data-rights/export/export-links.js';
import { createMailSubjects } from '../modules/data-rights/export/export-mail-subjects.js';
import { ACCOUNT_ERASE_JOB, createErasure } from '../modules/data-rights/deletion/erasure.js';
import { createHousekeeping } from '../modules/housekeeping/housekeeping.js';
import type { JobHandler } from '../modules/jobs/job-runner.js';
import { createMembershipAdminService } from '../modules/membership/membership-admin.service.js';
import { createPaymentIncidentsService } from '../modules/payments/payment-incidents.service.js';
import { createPaymentsAdminService } from '../modules/payments/payments-admin.service.js';
import { createStripeRefunder } from '../modules/payments/stripe/stripe-refunds.js';
import { createWechatReconciler } from '../modules/payments/wechat/wechat-reconciler.js';
import { createStatsService } from '../modules/stats/stats.service.js';
import { createUsersAdminService } from '../modules/users/users-admin.service.js';
import { createSubscriptionsAdminService } from '../modules/payments/subscriptions/subscriptions-admin.service.js';
import type { Accounts } from './accounts.js';
import type { Catalogue } from './catalogue.js';
import type { Money } from './money.js';
import type { Platform } from './platform.js';
import type { ReaderFeatures } from './reader-features.js';

/**
 * The operator's side (docs/ADMIN.md): the console's services, each beside the domain it changes
 * and all writing the audit log; uploads and scheduled releases; a reader's data rights carried
 * out (erasure, exports); and the background work app.ts starts (housekeeping, the data saver's
 * backfill, WeChat Pay reconciliation).
 */
export function buildOperator(config: AppConfig, log: FastifyBaseLogger, given: Platform & Accounts & Catalogue & Money & ReaderFeatures) {
  const { db, domainEvents, audit, storage, push, jobQueue: jobs, siteSettings, membership, ledger, earlyAccess } = given;
  const membershipAdmin = createMembershipAdminService({ domainEvents, membership, audit });
  const chaptersAdmin = createChaptersAdminService({ db, domainEvents, audit, push, jobs, earlyAccess });
  // The erasure at its time (docs/ACCOUNTS.md "Deleting your account"): a job on any node; the
  // housekeeping pass catches a lost one. The reader's mail files and the SQLite WAL go after it commits.
  const erasure = createErasure({
    db,
    domainEvents,
    membership,
    audit,
    forgetOnDisk: async (outboxUuids) => {
      await given.mail.removeMessageFiles(outboxUuids);
      await given.flushErased();
    },
    subscriptions: given.subscriptions,
  });
  // Download my data (issue 43, docs/ACCOUNTS.md "Download your data"): one `data_export` job per archive, any node.
  const dataExports = createDataExportService({
    db,
    domainEvents,
    audit,
    jobs,
    lockReader: (trx, userId) => membership.lockMembersWithin(trx, [userId]),
    links: createExportLinks(config.jwtSecret),
    publicUrl: config.publicUrl,
    mailSubject: createMailSubjects(config.siteName),
  });
  const jobHandlers: Record<string, JobHandler> = {
    [PUBLISH_CHAPTER_JOB]: (job) => chaptersAdmin.runScheduledRelease(job),
    // Chapter uploads from the console: staged on the node that received them (docs/CONTENT.md).
    import: createImportJobHandler({
      db,
      domainEvents,
      storage,
      audit,
      push,
      jobs,
      earlyAccess,
      uploadsDir: config.uploads.dir,
      log,
    }),
    [ACCOUNT_ERASE_JOB]: (job) => erasure.runJob(job.payload),
    [DATA_EXPORT_JOB]: (job) => dataExports.run(job.payload),
  };
  const wechatPay = given.wechatPay;
  return {
    membershipAdmin,
    usersAdmin: createUsersAdminService({
      db,
      domainEvents,
      audit,
      membershipAdmin,
      publicUrl: config.publicUrl,
      // Every provider readers sign in with (WeChat, the OpenID ones): the names the console shows.
      providerName: (id) => given.externalSignIn.providers.find((provider) => provider.id === id)?.name,
    }),
    couponsAdmin: createCouponsAdminService({ db, audit }),
    moderation: createModerationService({ db, audit, enabled: config.community }),
    listsAdmin: createListsAdminService({ db, audit }),
    paymentsAdmin: createPaymentsAdminService({
      db,
      domainEvents,
      ledger,
      coins: given.coinLedger,
      audit,
      wechat: wechatPay,
      stripe: config.stripe ? createStripeRefunder(config.stripe) : null,
      log,
    }),
    paymentIncidents: createPaymentIncidentsService({ db, domainEvents, ledger, audit }),
    stats: createStatsService({ db }),
    subscriptionsAdmin: createSubscriptionsAdminService({ db, audit, membership, subscriptions: given.subscriptions }),
    // Coins in the console and the command line: book prices, packs, gifts, the report (all audited).
    coinsAdmin: createCoinsAdminService({ db, domainEvents, audit, ledger: given.coinLedger }),
    booksAdmin: createCatalogueAdminService({
      db,
      domainEvents,
      audit,
      media: given.mediaUrls,
      storage,
      defaultFreeChapters: () => siteSettings.defaultFreeChapters(),
      search: given.bookSearch,
    }),
    chaptersAdmin,
    importJobs: createImportJobsService({ db, domainEvents, jobs, uploadsDir: config.uploads.dir }),
    erasure,
    dataExports,
    // Background work, built here and started by app.ts when background jobs are on.
    housekeeping: createHousekeeping({
      db,
      domainEvents,
      log,
      publicUrl: config.publicUrl,
      community: config.community,
      renewalOf: renewalTermsOf,
      eraseDueAccounts: () => erasure.eraseDue(),
      retention: () => siteSettings.retentionDays(),
      discovery: given.discoveryRefresh,
    }),
    // Pages imported before the data saver get its lighter variant (modules/content/lite-backfill.ts).
    liteBackfill: createLiteBackfill({ db, domainEvents, storage, log }),
    wechatReconciler:
      wechatPay && config.wechatPay
        ? createWechatReconciler({
            db,
            domainEvents,
            ledger,
            client: wechatPay,
            config: config.wechatPay,
            log,
            metrics: given.metrics?.money.reconciler ?? null,
          })
        : null,
    jobHandlers,
  };
}

export type Operator = ReturnType<typeof buildOperator>;
