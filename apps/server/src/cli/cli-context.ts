import type { AppConfig } from '../config.js';
import { openDatabase, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrator.js';
import { createAuditService } from '../modules/audit/audit.service.js';
import { createCatalogueVersion } from '../modules/catalogue/catalogue-version.js';
import { createInvalidationBus } from '../modules/cluster/invalidation-bus.js';
import type { ClusterLog } from '../modules/cluster/redis-client.js';
import { createCatalogueAdminService, type CatalogueAdminService } from '../modules/catalogue/catalogue-admin.service.js';
import { createMediaSigner } from '../modules/media/media-signing.js';
import { createMediaStorage, type MediaStorage } from '../modules/media/media-storage.js';
import { createMediaUrls } from '../modules/media/media-urls.js';
import { createSiteSettingsService } from '../modules/settings/site-settings.service.js';
import { createMembershipService, type MembershipService } from '../modules/membership/membership.service.js';
import { createOrderLedger, type OrderLedger } from '../modules/payments/order-ledger.js';
import { createPushService, type PushService } from '../modules/push/push.service.js';
import { createTokenService } from '../modules/users/tokens.js';
import { createTotpCipher } from '../modules/users/totp-crypto.js';
import { createUsersService, type UsersService } from '../modules/users/users.service.js';

/** What a command may use: the same database and services as the running server. */
export interface CliContext {
  db: Db;
  users: UsersService;
  membership: MembershipService;
  /** Payment orders and their grants, for resolving payment incidents. */
  ledger: OrderLedger;
  /** The server's media storage (imports store pages there). */
  storage: MediaStorage;
  /** New-chapter notices to followers (imports send them). */
  push: PushService;
  /** The console's book service: the CLI's book changes go through it, audited as `cli`. */
  books: CatalogueAdminService;
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

/** The same storage the server uses: the driver STORAGE names (local folder or S3 bucket). */
const openMediaStorage = (config: AppConfig): MediaStorage => createMediaStorage(config);

export async function openCliContext(config: AppConfig, output: CliOutput): Promise<CliContext> {
  const database = openDatabase({ ...config, poolSize: 2, statementTimeoutMs: 0 });
  await migrateToLatest(database.db);
  const membership = createMembershipService({ db: database.db });
  // The running nodes hear of this command's catalogue changes at once (catalogueChanged()
  // publishes through this watcher), rather than at their next poll.
  const invalidation = createInvalidationBus({
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    databaseUrl: config.databaseUrl,
    log: {
      info: () => undefined,
      warn: (fields: unknown, message?: string) => output.writeError(`warning: ${message ?? String(fields)}`),
      error: (fields: unknown, message?: string) => output.writeError(`warning: ${message ?? String(fields)}`),
    } as ClusterLog,
  });
  const catalogueVersion = createCatalogueVersion(database.db);
  catalogueVersion.connect(invalidation);
  const storage = openMediaStorage(config);
  const audit = createAuditService({ db: database.db });
  const siteSettings = createSiteSettingsService({
    db: database.db,
    audit,
    defaults: { siteName: config.siteName, contactEmail: config.contactEmail },
  });
  const books = createCatalogueAdminService({
    db: database.db,
    audit,
    storage,
    media: createMediaUrls(createMediaSigner(config.mediaSigningSecret, config.mediaUrlTtlSeconds), {
      publicBaseUrl: config.mediaPublicBaseUrl,
    }),
    defaultFreeChapters: () => siteSettings.defaultFreeChapters(),
  });
  return {
    books,
    db: database.db,
    users: createUsersService({
      db: database.db,
      tokens: createTokenService(config.jwtSecret),
      totpCipher: createTotpCipher(config.totpKeyMaterial),
      publicUrl: config.publicUrl,
    }),
    membership,
    ledger: createOrderLedger({ db: database.db, membership, inviteRewardDays: config.inviteRewardDays }),
    storage,
    push: createPushService({
      db: database.db,
      config: config.push,
      log: {
        info: (fields, message) => output.writeError(`${message}: ${JSON.stringify(fields)}`),
        warn: (fields, message) => output.writeError(`warning: ${message}: ${String((fields as { err?: unknown }).err ?? '')}`),
      },
    }),
    write: output.write,
    writeError: output.writeError,
    ...(output.statusLine ? { statusLine: output.statusLine } : {}),
    close: async () => {
      catalogueVersion.stop();
      await invalidation.close();
      storage.close();
      await database.close();
    },
  };
}
