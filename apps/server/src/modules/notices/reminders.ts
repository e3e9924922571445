import { pagePath, PROFILE_SECTIONS } from '@inkstream/contracts';
import type { Db } from '../../db/database.js';
import type { DomainEvents } from '../../db/domain-events.js';
import { DAY_MS } from '../../lib/time.js';
import { queueMail } from '../mail/mail-queue.js';
import { mailRecipientOf } from '../users/mail-recipient.js';
import { formatInstant, formatMoney, formatPlan } from './notice-format.js';
import type { MailValue } from '../mail/mail-template.js';
import type { DbExecutor } from '../../db/database.js';
import * as noticesRepo from './notices.repository.js';
import { letOthersRun } from '../../lib/concurrency.js';

/** A reminder goes out this long before a membership ends (issue 28: three days). */
export const REMINDER_BEFORE_MS = 3 * DAY_MS;
/** The profile's top-up section. */
export const TOP_UP_PATH = pagePath.profile(PROFILE_SECTIONS.topUp);
/** The profile's renewal section (issue 59). */
export const RENEWAL_PATH = pagePath.profile(PROFILE_SECTIONS.renewal);

/** A membership that renews by itself (issue 59): what its next renewal charges. */
export interface RenewalTerms {
  months: number;
  amountFen: number;
  currency: string;
}
/** A renewal reminder goes out before plans this long or longer (issue 59: a season and up); shorter ones just renew. */
export const RENEWAL_REMINDER_MIN_MONTHS = 3;

export interface NoticeStepOptions {
  /** Each message's transaction goes through it (its `mail-queued` wakes the job runner). */
  domainEvents: DomainEvents;
  now: number;
  publicUrl: string;
  batchSize: number;
  /** COMMUNITY=on: the digest lists replies to the reader's comments too. */
  community?: boolean;
  /** False once the run must stop (shutdown, lease lost): checked between batches. */
  mayGoOn: () => Promise<boolean>;
  /** Issue 59: the reader's renewing membership, if its renewal is on (payments' subscriptions), read in the transaction. */
  renewalOf?: (trx: DbExecutor, userId: number) => Promise<RenewalTerms | null>;
}

/**
 * Membership reminders (housekeeping step): every account whose membership ends within three days
 * and that has not been reminded of this end gets one `membership-reminder`. Read through
 * users_member_until_idx (a range of the next three days); users.reminded_until remembers the end a
 * reminder was sent for, so an extension (a new end) is reminded again when it nears, and the same
 * end never twice. The mark and the outbox row are one transaction, and the mark is a conditional
 * UPDATE: of two nodes (or two runs) only one changes the row, only that one queues the message.
 * Opted out (mail_reminders = 0), no confirmed address or a disabled account: nothing.
 */
export async function sendDueReminders(db: Db, options: NoticeStepOptions): Promise<{ sent: number; batches: number }> {
  const { now, batchSize } = options;
  const done = { sent: 0, batches: 0 };
  while (await options.mayGoOn()) {
    const due = await noticesRepo.listDueReminders(db, now, now + REMINDER_BEFORE_MS, batchSize);
    done.batches += 1;
    let marked = 0;
    for (const row of due) {
      const end = Number(row.member_until);
      const sent = await options.domainEvents.transact(async (trx) => {
        if (!(await noticesRepo.markReminded(trx, row.id, end))) return false;
        const to = await mailRecipientOf(trx, row.id);
        if (!to) return false;
        // A membership that renews by itself is not told to top up (issue 59): a season or longer
        // is told when it renews and for how much, and how to stop it; a month just renews.
        const renewal = (await options.renewalOf?.(trx, row.id)) ?? null;
        if (renewal && renewal.months < RENEWAL_REMINDER_MIN_MONTHS) return false;
        const data: Record<string, MailValue> = renewal
          ? {
              plan: formatPlan(renewal.months, to.language),
              amount: formatMoney(renewal.amountFen, renewal.currency, to.language),
              renews_at: formatInstant(end, to.language),
              renewal: `${options.publicUrl}${RENEWAL_PATH}`,
            }
          : { member_until: formatInstant(end, to.language), top_up: `${options.publicUrl}${TOP_UP_PATH}` };
        const queued = await queueMail(
          trx,
          options.domainEvents,
          {
            kind: renewal ? 'renewal-reminder' : 'membership-reminder',
            to: to.to,
            userId: to.userId,
            language: to.language,
            list: 'reminders',
            data: { username: to.username, ...data },
          },
          now,
        );
        return queued.uuid !== null;
      });
      marked += 1;
      if (sent) done.sent += 1;
    }
    // Every row read left the range's due set (marked here or by another node): a short batch is the last.
    if (due.length < batchSize || marked === 0) break;
    await letOthersRun();
  }
  return done;
}
