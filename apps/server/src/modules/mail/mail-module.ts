import type { Db } from '../../db/database.js';
import type { DomainEvents } from '../../db/domain-events.js';
import type { AuditService } from '../audit/audit.service.js';
import type { MailAccounts } from './mail-accounts.js';
import type { MailConfig } from './mail-config.js';
import { createMailRenderer, type MailRenderer } from './mail-render.js';
import { createMailSender } from './mail-sender.js';
import { createEmlTransport, createSmtpTransport, removeEmlFiles, type MailTransport } from './mail-transport.js';
import { createUnsubscribeService, createUnsubscribeTokens } from './mail-unsubscribe.js';
import { createOutboxAdminService } from './outbox-admin.service.js';

/** What tests change: short retries and leases, another renderer (fixture templates). */
export interface MailOptions {
  retryDelaysMs?: readonly number[];
  leaseMs?: number;
  renderer?: MailRenderer;
}

/**
 * E-mail as one component (docs/MAIL.md): the sender the job runner calls, the console's outbox,
 * and one-click unsubscribe. With SMTP_URL, messages go to that server; without, to .eml files.
 */
export function createMail(deps: {
  db: Db;
  domainEvents: DomainEvents;
  config: { readonly mail: MailConfig; readonly jwtSecret: string; readonly publicUrl: string };
  /** The accounts as mail sees them (users/mail-recipient.ts createMailAccounts). */
  accounts: MailAccounts;
  audit: AuditService;
  log: { warn(fields: object, message: string): void };
  siteName: () => Promise<string>;
  /** Empties what the database keeps of rewritten rows (the SQLite WAL: db/sqlite-wal.ts), after the farewell forgot its address. */
  flushErased: () => Promise<unknown>;
  options?: MailOptions | undefined;
}) {
  const { db, domainEvents, config } = deps;
  const { smtpUrl, emlDir } = config.mail;
  let transport: MailTransport | null = null;
  /** An erased reader's messages (and the farewell once sent) leave the .eml folder; with SMTP nothing was written. */
  const removeMessageFiles = (uuids: readonly string[]) => (smtpUrl ? Promise.resolve(0) : removeEmlFiles(emlDir, uuids));
  const tokens = createUnsubscribeTokens(config.jwtSecret);
  const sender = createMailSender({
    db,
    domainEvents,
    transport: () => (transport ??= smtpUrl ? createSmtpTransport(smtpUrl) : createEmlTransport(emlDir)),
    renderer: deps.options?.renderer ?? createMailRenderer(),
    unsubscribe: tokens,
    accounts: deps.accounts,
    publicUrl: config.publicUrl,
    from: config.mail.from,
    siteName: deps.siteName,
    log: deps.log,
    ...(deps.options?.retryDelaysMs ? { retryDelaysMs: deps.options.retryDelaysMs } : {}),
    ...(deps.options?.leaseMs ? { leaseMs: deps.options.leaseMs } : {}),
    forgetOnDisk: async (uuid) => {
      await removeMessageFiles([uuid]);
      await deps.flushErased();
    },
  });
  return {
    sender,
    tokens,
    removeMessageFiles,
    unsubscribe: createUnsubscribeService({ accounts: deps.accounts, tokens }),
    outboxAdmin: createOutboxAdminService({ db, domainEvents, audit: deps.audit, emlDir: smtpUrl ? null : emlDir }),
    close: () => transport?.close(),
  };
}
export type MailComponent = ReturnType<typeof createMail>;
