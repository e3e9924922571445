import { randomUUID } from 'node:crypto';
import type { Language } from '@inkstream/contracts';
import type { DbExecutor } from '../../db/database.js';
import type { EventRaiser } from '../../db/domain-events.js';
import * as jobsRepo from '../jobs/jobs.repository.js';
import * as outboxRepo from './mail-outbox.repository.js';
import type { MailKind, MailList } from './mail-kinds.js';
import type { MailValue } from './mail-template.js';

export interface QueuedMail {
  kind: MailKind;
  /** The address, already validated and normalised (mail-address.ts). */
  to: string;
  userId: number | null;
  language: Language;
  /** Values the template fills in; links are absolute URLs of the site. */
  data: Record<string, MailValue>;
  /** Data fields erased from the row once the message is sent or failed for good (a reset link). */
  secretFields?: readonly string[];
  /** Not strictly transactional: the message carries List-Unsubscribe for this list. */
  list?: MailList | null;
}

/** More than this many messages to one address within an hour are not sent (a flood never becomes mail). */
export const MAX_MAILS_PER_RECIPIENT_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

export interface QueueResult {
  /** The outbox row's uuid, or null when the recipient's hourly cap refused it. */
  uuid: string | null;
}

/**
 * Writes a message into the outbox, in the caller's transaction: the message exists exactly when
 * the change that causes it is committed. The job runner sends it (mail-sender.ts), woken by the
 * `mail-queued` event once that transaction has committed.
 */
export async function queueMail(executor: DbExecutor, domainEvents: EventRaiser, mail: QueuedMail, now: number): Promise<QueueResult> {
  const recipientKey = mail.to.toLowerCase();
  if ((await outboxRepo.countOutboxSince(executor, recipientKey, now - HOUR_MS)) >= MAX_MAILS_PER_RECIPIENT_PER_HOUR) return { uuid: null };
  const uuid = randomUUID();
  await outboxRepo.insertOutboxRow(executor, {
    uuid,
    kind: mail.kind,
    recipient: mail.to,
    recipient_key: recipientKey,
    user_id: mail.userId,
    language: mail.language,
    list: mail.list ?? null,
    data: JSON.stringify(mail.data),
    secret_fields: mail.secretFields?.length ? JSON.stringify(mail.secretFields) : null,
    next_attempt_at: now,
    last_error: null,
    message_id: `<${uuid}@inkstream.mail>`,
    created_at: now,
    sent_at: null,
    updated_at: now,
  });
  // The job that sends it, in the same transaction: committed together or not at all.
  await enqueueMailJob(executor, domainEvents, uuid, now, now);
  return { uuid };
}

/** The job kind that sends one outbox message (payload `{uuid}`, mail-sender.ts). */
export const MAIL_SEND_JOB = 'mail-send';

/**
 * Enqueues the job that sends an outbox message at `runAt` (in the caller's transaction), and raises
 * `mail-queued`: the job runner looks for it as soon as the transaction has committed, not at its
 * next poll.
 */
export async function enqueueMailJob(
  executor: DbExecutor,
  domainEvents: EventRaiser,
  uuid: string,
  runAt: number,
  now: number,
): Promise<void> {
  await jobsRepo.insertJob(executor, {
    uuid: randomUUID(),
    kind: MAIL_SEND_JOB,
    payload: JSON.stringify({ uuid }),
    runAt,
    createdBy: null,
    now,
  });
  await domainEvents.raise(executor, { type: 'mail-queued', uuid });
}
