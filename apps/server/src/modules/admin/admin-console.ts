import type { FastifyPluginAsync } from 'fastify';
import { auditAdminRoutes } from '../audit/audit.routes.js';
import type { AuditService } from '../audit/audit.service.js';
import { booksAdminRoutes } from '../catalogue/catalogue-admin.routes.js';
import type { CatalogueAdminService } from '../catalogue/catalogue-admin.service.js';
import { chaptersAdminRoutes } from '../catalogue/chapters-admin.routes.js';
import type { ChaptersAdminService } from '../catalogue/chapters-admin.service.js';
import type { ImportJobsService } from '../content/uploads/import-jobs.service.js';
import { importsAdminRoutes } from '../content/uploads/imports-admin.routes.js';
import type { UploadsConfig } from '../content/uploads/upload-staging.js';
import { coinsAdminRoutes } from '../coins/coins-admin.routes.js';
import type { CoinsAdminService } from '../coins/coins-admin.service.js';
import { deletionAdminRoutes } from '../data-rights/deletion/deletion-admin.routes.js';
import type { DeletionService } from '../data-rights/deletion/deletion.service.js';
import { couponsAdminRoutes } from '../coupons/coupons-admin.routes.js';
import type { CouponsAdminService } from '../coupons/coupons-admin.service.js';
import { moderationAdminRoutes } from '../community/moderation.routes.js';
import type { ModerationService } from '../community/moderation.service.js';
import { listsAdminRoutes } from '../library/lists-admin.routes.js';
import type { ListsAdminService } from '../library/lists-admin.service.js';
import { legalAdminRoutes } from '../legal/legal-admin.routes.js';
import type { LegalService } from '../legal/legal.service.js';
import type { MailComponent } from '../mail/mail-module.js';
import { dataExportAdminRoutes } from '../data-rights/export/data-export-admin.routes.js';
import type { DataExportService } from '../data-rights/export/data-export.service.js';
import { feedKeysAdminRoutes } from '../opds/feed-keys-admin.routes.js';
import type { FeedKeysService } from '../opds/feed-keys.service.js';
import { outboxAdminRoutes } from '../mail/outbox-admin.routes.js';
import type { PaymentIncidentsService } from '../payments/payment-incidents.service.js';
import { paymentsAdminRoutes } from '../payments/payments-admin.routes.js';
import type { PaymentsAdminService } from '../payments/payments-admin.service.js';
import { settingsAdminRoutes } from '../settings/site-settings.routes.js';
import type { SiteSettingsService } from '../settings/site-settings.service.js';
import { statsAdminRoutes } from '../stats/stats.routes.js';
import type { StatsService } from '../stats/stats.service.js';
import { usersAdminRoutes } from '../users/users-admin.routes.js';
import { subscriptionsAdminRoutes } from '../payments/subscriptions/subscriptions-admin.routes.js';
import type { SubscriptionsAdminService } from '../payments/subscriptions/subscriptions-admin.service.js';
import type { UsersAdminService } from '../users/users-admin.service.js';

/** The admin services the console's routers call; built once by the wiring root (services.ts). */
export interface AdminConsoleServices {
  audit: AuditService;
  usersAdmin: UsersAdminService;
  couponsAdmin: CouponsAdminService;
  moderation: ModerationService;
  siteSettings: SiteSettingsService;
  booksAdmin: CatalogueAdminService;
  chaptersAdmin: ChaptersAdminService;
  paymentsAdmin: PaymentsAdminService;
  paymentIncidents: PaymentIncidentsService;
  stats: StatsService;
  mail: Pick<MailComponent, 'outboxAdmin'>;
  importJobs: ImportJobsService;
  feedKeys: FeedKeysService;
  coinsAdmin: CoinsAdminService;
  dataExports: DataExportService;
  deletion: DeletionService;
  legal: LegalService;
  subscriptionsAdmin: SubscriptionsAdminService;
  listsAdmin: ListsAdminService;
}

/**
 * The operator's console (docs/ADMIN.md): the routers of the one `/admin` scope (admin-scope.ts),
 * each beside the domain it changes. The services they call are built by services.ts.
 */
export function adminConsoleRouters(services: AdminConsoleServices, uploads: UploadsConfig): FastifyPluginAsync[] {
  return [
    auditAdminRoutes(services.audit),
    usersAdminRoutes(services.usersAdmin),
    subscriptionsAdminRoutes(services.subscriptionsAdmin),
    feedKeysAdminRoutes(services.feedKeys),
    dataExportAdminRoutes(services.dataExports),
    couponsAdminRoutes(services.couponsAdmin),
    moderationAdminRoutes(services.moderation),
    listsAdminRoutes(services.listsAdmin),
    settingsAdminRoutes(services.siteSettings),
    booksAdminRoutes(services.booksAdmin),
    chaptersAdminRoutes(services.chaptersAdmin),
    paymentsAdminRoutes(services.paymentsAdmin, services.paymentIncidents),
    statsAdminRoutes(services.stats),
    coinsAdminRoutes(services.coinsAdmin),
    deletionAdminRoutes(services.deletion),
    legalAdminRoutes(services.legal),
    outboxAdminRoutes(services.mail.outboxAdmin),
    importsAdminRoutes(services.importJobs, {
      root: uploads.dir,
      maxFileBytes: uploads.maxFileBytes,
      maxJobBytes: uploads.maxJobBytes,
    }),
  ];
}
