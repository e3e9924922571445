import { pagePath, PROFILE_SECTIONS } from '@inkstream/contracts';
import type { Db } from '../../db/database.js';
import type { DomainEvents } from '../../db/domain-events.js';
import { DAY_MS } from '../../lib/time.js';
import { queueMail } from '../mail/mail-queue.js';
import { mailRecipientOf } from '../users/mail-recipient.js';
import { formatInstant } from './notice-format.js';
import * as noticesRepo from './notices.repository.js';
import { letOthersRun } from '../../lib/concurrency.js';

/** A reminder goes out this long before a membership ends (issue 28: three days). */
export const REMINDER_BEFORE_MS = 3 * DAY_MS;
/** The profile's top-up section. */
export const TOP_UP_PATH = pagePath.profile(PROFILE_SECTIONS.topUp);

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
        const queued = await queueMail(
          trx,
          options.domainEvents,
          {
            kind: 'membership-reminder',
            to: to.to,
            userId: to.userId,
            language: to.language,
            list: 'reminders',
            data: { username: to.username, member_until: formatInstant(end, to.language), top_up: `${options.publicUrl}${TOP_UP_PATH}` },
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
