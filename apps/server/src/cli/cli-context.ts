import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import { openDatabase, type Db } from '../db/database.js';
import type { DomainEvents } from '../db/domain-events.js';
import { migrateToLatest } from '../db/migrator.js';
import type { CatalogueAdminService } from '../modules/catalogue/catalogue-admin.service.js';
import type { CoinsAdminService } from '../modules/coins/coins-admin.service.js';
import type { CouponsAdminService } from '../modules/coupons/coupons-admin.service.js';
import type { MediaStorage } from '../modules/media/media-storage.js';
import type { MembershipAdminService } from '../modules/membership/membership-admin.service.js';
import type { MembershipService } from '../modules/membership/membership.service.js';
import type { PaymentIncidentsService } from '../modules/payments/payment-incidents.service.js';
import type { PushService } from '../modules/push/push.service.js';
import type { SiteSettingsService } from '../modules/settings/site-settings.service.js';
import type { UsersService } from '../modules/users/users.service.js';
import { createServices } from '../services.js';
import type { EarlyAccess } from '../modules/coins/early-access.js';
import type { DeletionService } from '../modules/data-rights/deletion/deletion.service.js';
import type { DataExportService } from '../modules/data-rights/export/data-export.service.js';

/** What a command may use: the same database and services as the running server (services.ts builds both). */
export interface CliContext {
  db: Db;
  /** The services' channel of committed changes: a command's catalogue changes reach the running nodes through it. */
  domainEvents: DomainEvents;
  users: UsersService;
  membership: MembershipService;
  /** The server's media storage (imports store pages there). */
  storage: MediaStorage;
  /** New-chapter notices to followers (imports send them). */
  push: PushService;
  /** Chapters an import publishes into a book with early access enter it, as in the console. */
  earlyAccess: EarlyAccess;
  /** The console's book service: the CLI's book changes go through it, audited as `cli`. */
  books: CatalogueAdminService;
  /** The console's coupon, membership and payment-incident services, audited as `cli`. */
  couponsAdmin: CouponsAdminService;
  membershipAdmin: MembershipAdminService;
  paymentIncidents: PaymentIncidentsService;
  /** Coins: book prices and gifts, audited as `cli`. */
  coinsAdmin: CoinsAdminService;
  /** Account deletions (issue 43): started and cancelled as `cli`, audited. */
  deletion: DeletionService;
  /** Download my data: started for a reader, audited as `cli`. */
  dataExports: DataExportService;
  /** The console's run-time settings (coins on or off among them), changed as `cli`, audited. */
  settings: SiteSettingsService;
  write: (line: string) => void;
  /** Diagnostics and progress lines (stderr). */
  writeError: (line: string) => void;
  /** Rewrites a status line in place; only when stderr is a terminal. */
  statusLine?: (text: string) => void;
  close(): Promise<void>;
}

export interface CliOutput {
  write: (line: string) => void;
  writeError: (line: string) => void;
  statusLine?: (text: string) => void;
}

/**
 * The services' log in a command: warnings and errors as `warning:` lines on stderr (the
 * invalidation bus's, when Redis or the LISTEN connection is down); the server's informational
 * lines are not a command's output.
 */
function cliLog(output: CliOutput): FastifyBaseLogger {
  const warning = (fields: unknown, message?: unknown) =>
    output.writeError(`warning: ${typeof message === 'string' ? message : typeof fields === 'string' ? fields : String(fields)}`);
  const quiet = () => undefined;
  const log: FastifyBaseLogger = {
    level: 'warn',
    fatal: warning,
    error: warning,
    warn: warning,
    info: quiet,
    debug: quiet,
    trace: quiet,
    silent: quiet,
    child: () => log,
  };
  return log;
}

export async function openCliContext(config: AppConfig, output: CliOutput): Promise<CliContext> {
  const database = openDatabase({ ...config, poolSize: 2, statementTimeoutMs: 0, applicationName: 'inkstream-admin' });
  await migrateToLatest(database.db);
  const log = cliLog(output);
  const services = createServices(config, database.db, log, {
    logs: {
      // A chapter import's notices to followers, with their figures.
      push: {
        info: (fields, message) => output.writeError(`${message}: ${JSON.stringify(fields)}`),
        warn: (fields, message) => output.writeError(`warning: ${message}: ${String((fields as { err?: unknown }).err ?? '')}`),
      },
    },
  });
  const { versions, invalidation, storage } = services;
  return {
    db: database.db,
    domainEvents: services.domainEvents,
    users: services.users,
    membership: services.membership,
    storage,
    push: services.push,
    earlyAccess: services.earlyAccess,
    books: services.booksAdmin,
    couponsAdmin: services.couponsAdmin,
    membershipAdmin: services.membershipAdmin,
    paymentIncidents: services.paymentIncidents,
    coinsAdmin: services.coinsAdmin,
    deletion: services.deletion,
    dataExports: services.dataExports,
    settings: services.siteSettings,
    write: output.write,
    writeError: output.writeError,
    ...(output.statusLine ? { statusLine: output.statusLine } : {}),
    close: async () => {
      versions.stop();
      await invalidation.close();
      storage.close();
      await database.close();
    },
  };
}
