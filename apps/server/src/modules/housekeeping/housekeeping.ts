import { createCoinLedger } from '../coins/coin-ledger.js';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { DomainEvents } from '../../db/domain-events.js';
import { acquireLease, releaseLease } from '../../db/lease.js';
import { DAY_MS } from '../../lib/time.js';
import { expireDataExports } from '../data-rights/export/export-retention.js';
import type { RetentionDays } from '@inkstream/contracts';
import { deleteAuditEntriesBefore } from '../audit/audit.repository.js';
import { deleteEventDaysBefore, deleteRolledUpEventsBefore, forgetVisitorsOfEventsBefore } from '../events/events.repository.js';
import { defaultRetention } from '../settings/site-settings.service.js';
import { readWatermark } from '../stats/reading-aggregates.repository.js';
import { deleteOldAccountTokens } from '../users/account-tokens.js';
import { deleteOldMailJobs, deleteOldOutboxRows } from '../mail/mail-retention.js';
import { deleteStaleVisitorProgress, deleteStaleVisitorReads } from '../library/progress.repository.js';
import { deleteDayBooksBefore, hasWindowRowsBefore } from '../stats/reading-aggregates.repository.js';
import { sendDueDigests } from '../notices/digest.js';
import { sendDueReminders, type NoticeStepOptions } from '../notices/reminders.js';
import { createReadingRollup, TOP_BOOK_WINDOWS, type ReadingRollup } from '../stats/reading-rollup.js';
import { letOthersRun } from '../../lib/concurrency.js';

const LEASE_NAME = 'housekeeping';
/** Every two minutes: the dashboard adds what the roll-up has not yet, so this bounds that work. */
export const HOUSEKEEPING_INTERVAL_MS = 2 * 60_000;
/** Rows per statement: each batch is a short statement, and the loop yields between batches. */
export const HOUSEKEEPING_BATCH = 1000;
/**
 * Visitors' progress and history are kept this long after their last read by default (accounts
 * keep theirs); the operator sets it (site setting retention_visitor_days).
 */
export const VISITOR_RETENTION_MS = defaultRetention().retention_visitor_days * DAY_MS;
/** Per-book day rows are kept this many days: the longest window (90) with a month of slack. */
export const DAY_BOOKS_KEPT_DAYS = 120;

export interface HousekeepingDeps {
  db: Db;
  /** The membership reminders' and digests' transactions go through it (their messages wake the job runner). */
  domainEvents: DomainEvents;
  log: { warn(fields: object, message: string): void; error(fields: object, message: string): void };
  now?: () => number;
  intervalMs?: number;
  batchSize?: number;
  /** The reading roll-up to run (tests give one with their own clock and settling time). */
  rollup?: ReadingRollup;
  /** The site's address for links in messages: given, the membership reminders and the digest run too. */
  publicUrl?: string;
  /** COMMUNITY=on: the digest lists replies to the reader's comments too (docs/COMMUNITY.md). */
  community?: boolean;
  /** Issue 59: a renewing membership's next renewal, so its reminder says so (notices/reminders.ts). */
  renewalOf?: NoticeStepOptions['renewalOf'];
  /**
   * Issue 43: erases accounts whose grace period ended and whose `account_erase` job was lost
   * (data-rights/deletion/erasure.ts eraseDue); returns how many.
   */
  eraseDueAccounts?: () => Promise<number>;
  /** How long personal data is kept (the site settings, read at each run); the defaults without it. */
  retention?: () => Promise<RetentionDays>;
  /**
   * Issue 46: the rankings' and also-read figures (discovery/discovery-refresh.ts), computed here
   * when due (every DISCOVERY_REFRESH_MINUTES, and at once while none exist); null when not due.
   */
  discovery?: { runIfDue(shouldStop: () => Promise<boolean>): Promise<unknown> };
}

/** What one run did, per task: rows removed and statements used. */
export interface HousekeepingRun {
  eventDays: { deleted: number; batches: number };
  dayBooks: { deleted: number; batches: number };
  visitorProgress: { deleted: number; batches: number };
  visitorReads: { deleted: number; batches: number };
  /** Messages queued (modules/notices/): absent when this housekeeping has no publicUrl. */
  reminders?: { sent: number; batches: number };
  digests?: { sent: number; batches: number };
  /** Confirmation and reset tokens a week past their expiry (users/account-tokens.ts). */
  accountTokens: { deleted: number; batches: number };
  /** Finished outbox rows after 90 days, and the send jobs of messages after 7 (mail/mail-retention.ts). */
  outbox: { deleted: number; batches: number };
  mailJobs: { deleted: number; batches: number };
  /** Readers whose bonus coins past their expiry were emptied, with an `expiry` entry (coins/coin-ledger.ts). */
  coinExpiry: { deleted: number; batches: number };
  /** "Download my data" archives past their 7 days: bytes removed, marked expired (data-rights/export/). */
  dataExports: { deleted: number; batches: number };
  /** Accounts erased here because their job was lost (absent without eraseDueAccounts). */
  erasures?: number;
  /** Retention (issue 43): rolled-up reading events past retention_reading_events_days. */
  readingEvents: { deleted: number; batches: number };
  /** Events past retention_visitor_days that no longer name their visitor (rows changed). */
  visitorEvents: { deleted: number; batches: number };
  /** Audit entries past retention_audit_days. */
  auditLog: { deleted: number; batches: number };
  /** What the discovery refresh did (its report), null when none was due (absent without one). */
  discovery?: unknown;
}

/**
 * Background work that used to run inside readers' requests (docs/ARCHITECTURE.md,
 * "Housekeeping"): the reading roll-up the dashboard reads (and forgetting its per-book day rows
 * once no window needs them), forgetting event-day keys that can no longer repeat, and removing
 * visitors who never came back, and the membership reminders and new-chapter digests by e-mail
 * (modules/notices/). One node at a time (a lease in
 * app_state, renewed before every batch), every few minutes, in batches of `batchSize` rows with a
 * yield between them so SQLite's one thread serves readers in between; stops between batches on
 * shutdown.
 */
export function createHousekeeping(deps: HousekeepingDeps) {
  const { db, log } = deps;
  const now = deps.now ?? Date.now;
  const intervalMs = deps.intervalMs ?? HOUSEKEEPING_INTERVAL_MS;
  const batchSize = deps.batchSize ?? HOUSEKEEPING_BATCH;
  const rollup = deps.rollup ?? createReadingRollup({ db, now, batchSize });
  const coinLedger = createCoinLedger({ now });
  const owner = `housekeeping-${randomUUID()}`;
  const leaseMs = Math.max(intervalMs * 3, 60_000);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopping = false;

  /** Still ours to do: not stopping, and the lease renewed (another node took it after a stall: stop). */
  const mayGoOn = async () => !stopping && (await acquireLease(db, LEASE_NAME, owner, leaseMs, now()));

  /** Runs `batch` until it removes fewer than a batch, yielding between statements. */
  async function inBatches(batch: () => Promise<number>): Promise<{ deleted: number; batches: number }> {
    const done = { deleted: 0, batches: 0 };
    while (await mayGoOn()) {
      const n = await batch();
      done.deleted += n;
      done.batches += 1;
      if (n < batchSize) break;
      await letOthersRun();
    }
    return done;
  }

  /** One pass of every task; null when another node holds the lease. */
  async function runOnce(): Promise<HousekeepingRun | null> {
    if (!(await acquireLease(db, LEASE_NAME, owner, leaseMs, now()))) return null;
    await rollup.run(async () => !(await mayGoOn()));
    const today = Math.floor(now() / DAY_MS);
    const eventDays = await inBatches(() => deleteEventDaysBefore(db, today - 1, batchSize));
    // Only once no window counter still counts those days (the dashboard would correct it from them).
    const keptFrom = today - DAY_BOOKS_KEPT_DAYS;
    let behind = false;
    for (const windowDays of TOP_BOOK_WINDOWS) behind ||= await hasWindowRowsBefore(db, windowDays, keptFrom + 1);
    const dayBooks = behind ? { deleted: 0, batches: 0 } : await inBatches(() => deleteDayBooksBefore(db, keptFrom, batchSize));
    // The operator's retention settings (issue 43, docs/ADMIN.md "Retention"); payments are never touched.
    const retention = deps.retention ? await deps.retention() : defaultRetention();
    const staleBefore = now() - retention.retention_visitor_days * DAY_MS;
    const visitorProgress = await inBatches(() => deleteStaleVisitorProgress(db, staleBefore, batchSize));
    const visitorReads = await inBatches(() => deleteStaleVisitorReads(db, staleBefore, batchSize));
    const accountTokens = await inBatches(() => deleteOldAccountTokens(db, now(), batchSize));
    const outbox = await inBatches(() => deleteOldOutboxRows(db, now(), batchSize, retention.retention_outbox_days * DAY_MS));
    const mailJobs = await inBatches(() => deleteOldMailJobs(db, now(), batchSize));
    // Balances never count expired coins; this writes the history entry that says when they went.
    const coinExpiry = await inBatches(() => coinLedger.expireDue(db, batchSize));
    const dataExports = await inBatches(() => expireDataExports(db, now(), batchSize));
    // Only events the roll-up has added up (it ran first, above): the counters never lose one.
    const rolledUpTo = await readWatermark(db);
    const eventsBefore = now() - retention.retention_reading_events_days * DAY_MS;
    const readingEvents = await inBatches(() => deleteRolledUpEventsBefore(db, eventsBefore, rolledUpTo, batchSize));
    const visitorEvents = await inBatches(() => forgetVisitorsOfEventsBefore(db, staleBefore, batchSize));
    const auditLog = await inBatches(() => deleteAuditEntriesBefore(db, now() - retention.retention_audit_days * DAY_MS, batchSize));
    // What the site sends on its own (docs/READER-JOURNEY.md "What the site sends").
    const notices = deps.publicUrl
      ? {
          domainEvents: deps.domainEvents,
          now: now(),
          publicUrl: deps.publicUrl,
          batchSize,
          mayGoOn,
          community: deps.community ?? false,
          ...(deps.renewalOf ? { renewalOf: deps.renewalOf } : {}),
        }
      : null;
    const erasures = deps.eraseDueAccounts && (await mayGoOn()) ? { erasures: await deps.eraseDueAccounts() } : {};
    const done = {
      eventDays,
      dayBooks,
      visitorProgress,
      visitorReads,
      accountTokens,
      outbox,
      mailJobs,
      coinExpiry,
      readingEvents,
      visitorEvents,
      auditLog,
      dataExports,
      ...erasures,
    };
    const sent = notices ? { reminders: await sendDueReminders(db, notices), digests: await sendDueDigests(db, notices) } : {};
    // The longest task, last: it renews the lease between its batches and stops if it was lost.
    const discovery =
      deps.discovery && (await mayGoOn()) ? { discovery: await deps.discovery.runIfDue(async () => !(await mayGoOn())) } : {};
    return { ...done, ...sent, ...discovery };
  }

  function start(): void {
    if (timer) return;
    const tick = () => {
      if (running || stopping) return;
      running = runOnce()
        .catch((error: unknown) => log.error({ err: error }, 'housekeeping run failed; trying again at the next run'))
        .finally(() => (running = null));
    };
    timer = setInterval(tick, intervalMs);
    timer.unref();
    tick();
  }

  async function stop(): Promise<void> {
    stopping = true;
    if (timer) clearInterval(timer);
    timer = null;
    await running;
    await releaseLease(db, LEASE_NAME, owner).catch(() => undefined);
  }

  return { runOnce, start, stop, owner };
}

export type Housekeeping = ReturnType<typeof createHousekeeping>;
