import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { auditAdminRoutes } from '../audit/audit.routes.js';
import { createAuditService } from '../audit/audit.service.js';
import { booksAdminRoutes } from '../catalogue/catalogue-admin.routes.js';
import { createCatalogueAdminService } from '../catalogue/catalogue-admin.service.js';
import { chaptersAdminRoutes } from '../catalogue/chapters-admin.routes.js';
import { createChaptersAdminService, PUBLISH_CHAPTER_JOB } from '../catalogue/chapters-admin.service.js';
import { createImportJobHandler } from '../content/uploads/import-job-handler.js';
import { createImportJobsService } from '../content/uploads/import-jobs.service.js';
import { importsAdminRoutes } from '../content/uploads/imports-admin.routes.js';
import { couponsAdminRoutes } from '../coupons/coupons-admin.routes.js';
import { createCouponsAdminService } from '../coupons/coupons-admin.service.js';
import { createJobRunner, type JobHandler } from '../jobs/job-runner.js';
import { createMail, type MailOptions } from '../mail/mail-module.js';
import { MAIL_SEND_JOB } from '../mail/mail-queue.js';
import { outboxAdminRoutes } from '../mail/outbox-admin.routes.js';
import type { MediaStorage } from '../media/media-storage.js';
import type { MediaUrls } from '../media/media-urls.js';
import { createMembershipAdminService } from '../membership/membership-admin.service.js';
import type { MembershipService } from '../membership/membership.service.js';
import type { OrderLedger } from '../payments/order-ledger.js';
import { createPaymentIncidentsService } from '../payments/payment-incidents.service.js';
import { paymentsAdminRoutes } from '../payments/payments-admin.routes.js';
import { createPaymentsAdminService } from '../payments/payments-admin.service.js';
import { createStripeRefunder } from '../payments/stripe/stripe-refunds.js';
import type { WechatPayClient } from '../payments/wechat/wechat-pay-client.js';
import type { PushService } from '../push/push.service.js';
import { createSiteSettingsService } from '../settings/site-settings.service.js';
import { settingsAdminRoutes } from '../settings/site-settings.routes.js';
import { statsAdminRoutes } from '../stats/stats.routes.js';
import { createStatsService } from '../stats/stats.service.js';
import { usersAdminRoutes } from '../users/users-admin.routes.js';
import { createUsersAdminService } from '../users/users-admin.service.js';

export interface AdminConsoleDeps {
  db: Db;
  config: AppConfig;
  log: FastifyBaseLogger;
  membership: MembershipService;
  ledger: OrderLedger;
  push: PushService;
  storage: MediaStorage;
  media: MediaUrls;
  wechatPay: WechatPayClient | null;
  jobPollMs?: number | undefined;
  mail?: MailOptions | undefined;
}

/**
 * Everything the operator's console needs (docs/ADMIN.md): the admin services, each beside the
 * domain it changes, their routers for the one `/admin` scope, the audit log they all write, the
 * site settings the public config reads, and the job runner with its handlers (scheduled
 * releases, browser uploads, e-mail).
 */
export function createAdminConsole(deps: AdminConsoleDeps) {
  const { db, config, log } = deps;
  const audit = createAuditService({ db });
  const siteSettings = createSiteSettingsService({ db, audit, defaults: { siteName: config.siteName, contactEmail: config.contactEmail } });
  const membershipAdmin = createMembershipAdminService({ db, membership: deps.membership, audit });
  const usersAdmin = createUsersAdminService({ db, audit, membershipAdmin, publicUrl: config.publicUrl });
  const couponsAdmin = createCouponsAdminService({ db, audit });
  const paymentsAdmin = createPaymentsAdminService({
    db,
    ledger: deps.ledger,
    audit,
    wechat: deps.wechatPay,
    stripe: config.stripe ? createStripeRefunder(config.stripe) : null,
    log,
  });
  const paymentIncidents = createPaymentIncidentsService({ db, ledger: deps.ledger, audit });
  const stats = createStatsService({ db });
  const booksAdmin = createCatalogueAdminService({
    db,
    audit,
    media: deps.media,
    storage: deps.storage,
    defaultFreeChapters: () => siteSettings.defaultFreeChapters(),
  });

  // The runner reads its kinds when it is made: every handler is registered first.
  const jobHandlers: Record<string, JobHandler> = {};
  const chaptersAdmin = createChaptersAdminService({
    db,
    audit,
    push: deps.push,
    jobs: { enqueue: (executor, input) => jobs.enqueue(executor, input), wake: () => jobs.wake() },
  });
  jobHandlers[PUBLISH_CHAPTER_JOB] = (job) => chaptersAdmin.runScheduledRelease(job);
  // Chapter uploads from the console: staged on the node that received them (docs/CONTENT.md).
  jobHandlers['import'] = createImportJobHandler({
    db,
    storage: deps.storage,
    audit,
    push: deps.push,
    jobs: { enqueue: (executor, input) => jobs.enqueue(executor, input), wake: () => jobs.wake() },
    uploadsDir: config.uploads.dir,
    log,
  });
  // E-mail (modules/mail/): one `mail-send` job per message, any node.
  const mail = createMail({
    db,
    config,
    audit,
    log,
    siteName: async () => (await siteSettings.getForPublic()).site_name,
    wake: () => jobs.wake(),
    options: deps.mail,
  });
  jobHandlers[MAIL_SEND_JOB] = (job) => mail.sender.handle(job);
  const jobs = createJobRunner({ db, handlers: jobHandlers, log, ...(deps.jobPollMs ? { pollMs: deps.jobPollMs } : {}) });
  const importJobs = createImportJobsService({ db, jobs: () => jobs, uploadsDir: config.uploads.dir });

  const routers: FastifyPluginAsync[] = [
    auditAdminRoutes(audit),
    usersAdminRoutes(usersAdmin),
    couponsAdminRoutes(couponsAdmin),
    settingsAdminRoutes(siteSettings),
    booksAdminRoutes(booksAdmin),
    chaptersAdminRoutes(chaptersAdmin),
    paymentsAdminRoutes(paymentsAdmin, paymentIncidents),
    statsAdminRoutes(stats),
    outboxAdminRoutes(mail.outboxAdmin),
    importsAdminRoutes(importJobs, {
      root: config.uploads.dir,
      maxFileBytes: config.uploads.maxFileBytes,
      maxJobBytes: config.uploads.maxJobBytes,
    }),
  ];
  return { routers, jobs, siteSettings, mail };
}
