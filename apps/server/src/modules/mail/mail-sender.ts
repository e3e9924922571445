import { DEFAULT_LANGUAGE, normalizeLanguage, pagePath } from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../db/database.js';
import type { DomainEvents } from '../../db/domain-events.js';
import type { MailOutboxTable } from '../../db/schema.js';
import type { Selectable, Updateable } from 'kysely';
import { enqueueMailJob } from './mail-queue.js';
import * as outboxRepo from './mail-outbox.repository.js';
import type { JobContext } from '../jobs/job-runner.js';
import type { MailAccounts } from './mail-accounts.js';
import type { MailRenderer } from './mail-render.js';
import type { MailTransport } from './mail-transport.js';
import type { MailValue } from './mail-template.js';
import type { UnsubscribeTokens } from './mail-unsubscribe.js';
import { FORGETS_RECIPIENT_WHEN_DONE, MAIL_LISTS, type MailList } from './mail-kinds.js';

/**
 * The wait before each retry after a refusal (4xx/5xx) or an unreachable server: eleven tries
 * spread over 25 h 51 min, past the 24 hours a mail server is commonly down for maintenance or
 * greylisting, before the message is `failed` (docs/MAIL.md).
 */
export const MAIL_RETRY_DELAYS_MS: readonly number[] = [1, 5, 15, 30, 60, 120, 240, 360, 360, 360].map((minutes) => minutes * 60_000);

/**
 * How long a claim on a message holds. Longer than the SMTP timeouts together (mail-transport.ts:
 * 30 s to connect, 30 s for the greeting, 60 s of silence): a node that died while sending lets
 * the message go after it, and the next node sends it again.
 */
export const MAIL_SEND_LEASE_MS = 5 * 60_000;

type OutboxRow = Selectable<MailOutboxTable>;

export interface MailSenderOptions {
  db: Db;
  /** A retry's job is queued through it (`mail-queued`). */
  domainEvents: DomainEvents;
  transport: () => MailTransport;
  renderer: MailRenderer;
  unsubscribe: UnsubscribeTokens;
  /** The accounts' uuids, for the unsubscribe link (handed in: mail sits below the users module). */
  accounts: MailAccounts;
  publicUrl: string;
  from: string;
  siteName: () => Promise<string>;
  log: { warn(fields: object, message: string): void };
  retryDelaysMs?: readonly number[];
  leaseMs?: number;
  now?: () => number;
  /**
   * After a message of a FORGETS_RECIPIENT_WHEN_DONE kind is finished and its row forgot the
   * address: whatever else holds it on disk goes (its .eml file, the SQLite WAL: mail-module.ts).
   */
  forgetOnDisk?: (uuid: string) => Promise<void>;
}

/**
 * Sends outbox messages, one per `mail-send` job, on any node. The outbox row itself is the lock:
 * a message is claimed with a compare-and-swap (queued → sending, `next_attempt_at` becomes the
 * claim's end), so whichever jobs and nodes look at it, one sends it. After the send the row is
 * `sent`; after a refusal it goes back to `queued` with the next try's time and a job for then;
 * after the last try it is `failed`. Secret fields of its data (a reset link) are erased then.
 */
export function createMailSender(options: MailSenderOptions) {
  const { db, domainEvents, renderer, log } = options;
  // Read at each call (not a reference taken once), like the services: a test that mocks Date reaches it.
  const now = options.now ?? (() => Date.now());
  const delays = options.retryDelaysMs ?? MAIL_RETRY_DELAYS_MS;
  const leaseMs = options.leaseMs ?? MAIL_SEND_LEASE_MS;
  const maxAttempts = delays.length + 1;

  async function handle(job: JobContext): Promise<unknown> {
    const uuid = (job.payload as { uuid?: unknown } | null)?.uuid;
    if (typeof uuid !== 'string') return { skipped: 'bad payload' };
    return sendOne(uuid);
  }

  async function sendOne(uuid: string): Promise<{ state: string } | { skipped: string }> {
    const row = await outboxRepo.findOutboxRowByUuid(db, uuid);
    if (!row) return { skipped: 'missing' };
    const at = now();
    if (row.state !== 'queued' && row.state !== 'sending') return { skipped: row.state };
    // An older job of a message that was rescheduled: the job for the new time sends it.
    if (row.state === 'queued' && row.next_attempt_at > at) return { skipped: 'not due' };
    if (row.state === 'sending' && row.next_attempt_at >= at) {
      // Another node holds it; if that node dies, this job's successor takes it when the claim lapses.
      await enqueueMailJob(db, domainEvents, uuid, row.next_attempt_at + 1, at);
      return { skipped: 'claimed' };
    }
    const claimUntil = at + leaseMs;
    if (!(await outboxRepo.claimOutboxRow(db, row, claimUntil, at))) return { skipped: 'claimed elsewhere' };
    const attempts = row.attempts + 1;
    // Every write below holds only while the claim is still ours (sending, under this claim's end).
    const settle = (set: Updateable<MailOutboxTable>, executor: DbExecutor = db) =>
      outboxRepo.settleClaimedOutboxRow(executor, row.id, claimUntil, set);

    let outgoing;
    try {
      outgoing = await compose(row);
    } catch (error) {
      // No template or a broken one: trying again will not help.
      await settle({ state: 'failed', last_error: describe(error), ...erased(row), updated_at: now() });
      await forgetOnDisk(row);
      log.warn({ err: error, mail: row.uuid, kind: row.kind }, 'mail could not be rendered');
      return { state: 'failed' };
    }
    try {
      await options.transport().send(outgoing, row.uuid);
    } catch (error) {
      const message = describe(error);
      const failedForGood = attempts >= maxAttempts;
      await domainEvents.transact(async (trx) => {
        const next = now() + (delays[attempts - 1] ?? 0);
        const updated = await settle(
          failedForGood
            ? { state: 'failed', last_error: message, ...erased(row), updated_at: now() }
            : { state: 'queued', last_error: message, next_attempt_at: next, updated_at: now() },
          trx,
        );
        if (!failedForGood && updated === 1) await enqueueMailJob(trx, domainEvents, row.uuid, next, now());
      });
      if (failedForGood) await forgetOnDisk(row);
      // The address is not logged (docs/SECURITY.md): the row's uuid finds it in the console.
      log.warn(
        { mail: row.uuid, kind: row.kind, attempts, error: message },
        failedForGood ? 'mail failed for good' : 'mail refused; retrying later',
      );
      return { state: failedForGood ? 'failed' : 'queued' };
    }
    await settle({ state: 'sent', sent_at: now(), last_error: null, ...erased(row), updated_at: now() });
    await forgetOnDisk(row);
    return { state: 'sent' };
  }

  /** Once finished (committed): the copies on disk of a message that must not outlive its sending. */
  async function forgetOnDisk(row: OutboxRow): Promise<void> {
    if (FORGETS_RECIPIENT_WHEN_DONE.has(row.kind)) await options.forgetOnDisk?.(row.uuid);
  }

  async function compose(row: OutboxRow) {
    const data = JSON.parse(row.data) as Record<string, MailValue>;
    const language = normalizeLanguage(row.language) ?? DEFAULT_LANGUAGE;
    const list = MAIL_LISTS.includes(row.list as MailList) ? (row.list as MailList) : null;
    const userUuid = list && row.user_id !== null ? ((await options.accounts.uuidOf(row.user_id)) ?? null) : null;
    const token = list && userUuid ? options.unsubscribe.issue(userUuid, list) : null;
    const rendered = await renderer.render({
      kind: row.kind,
      language,
      data,
      siteName: await options.siteName(),
      unsubscribeUrl: token ? `${options.publicUrl}${pagePath.unsubscribe(token)}` : null,
    });
    return {
      ...rendered,
      from: options.from,
      to: row.recipient,
      messageId: row.message_id,
      unsubscribePostUrl: token ? `${options.publicUrl}/api/v1/mail/unsubscribe?token=${token}` : null,
      date: new Date(now()),
    };
  }

  return { handle, sendOne, maxAttempts };
}

export type MailSender = ReturnType<typeof createMailSender>;

/**
 * The row's data with its secret fields removed (a reset link is no use to anyone once sent or
 * failed); for a kind that forgets its recipient (the farewell), the address and all data too.
 */
function erased(row: OutboxRow): { data?: string; recipient?: string; recipient_key?: string } {
  if (FORGETS_RECIPIENT_WHEN_DONE.has(row.kind)) return { data: '{}', recipient: '', recipient_key: '' };
  if (!row.secret_fields) return {};
  const secret = JSON.parse(row.secret_fields) as string[];
  const data = JSON.parse(row.data) as Record<string, unknown>;
  for (const field of secret) delete data[field];
  return { data: JSON.stringify(data) };
}

/** An SMTP error as the console shows it: its code and answer, without any address in it. */
export function describe(error: unknown): string {
  const e = error as { responseCode?: number; code?: string; message?: string };
  const text = `${e.responseCode ? `${e.responseCode} ` : ''}${e.code && !e.responseCode ? `${e.code} ` : ''}${e.message ?? String(error)}`;
  return text
    .replace(/<?[^\s<>@"]+@[^\s<>@"]+>?/g, '<address>')
    .replace(/[\r\n]+/g, ' ')
    .slice(0, 500);
}
