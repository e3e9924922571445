import type { DbExecutor } from '../../db/database.js';
import type { EventRaiser } from '../../db/domain-events.js';
import { queueMail } from '../mail/mail-queue.js';
import { mailRecipientOf } from './mail-recipient.js';

export type SignInWayChange = 'passkey_added' | 'passkey_removed' | 'provider_linked' | 'provider_unlinked' | 'password_removed';

/**
 * Issue 60: tells the reader (at their confirmed address, if any) that a way into their account
 * was added or taken away, so a passkey or provider added by someone holding their session does
 * not go unseen. `what` is the passkey's or the provider's name (for the password removed, the site's
 * word for it is in the message: `what` is empty).
 */
export async function mailSignInWayChanged(
  executor: DbExecutor,
  domainEvents: EventRaiser,
  userId: number,
  change: SignInWayChange,
  what: string,
  nowMs: number,
): Promise<void> {
  const recipient = await mailRecipientOf(executor, userId);
  if (!recipient) return;
  const when = `${new Date(nowMs).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  await queueMail(
    executor,
    domainEvents,
    {
      kind: 'sign-in-ways-changed',
      to: recipient.to,
      userId,
      language: recipient.language,
      data: { username: recipient.username, [change]: what === '' ? when : `${what} (${when})` },
    },
    nowMs,
  );
}
