import type { MailList } from './mail-kinds.js';

/**
 * What mail needs of the accounts, handed in by the wiring root (users/mail-recipient.ts
 * createMailAccounts fills it): mail is on the platform floor, below the users module, and
 * reaches accounts only through what it is given.
 */
export interface MailAccounts {
  /** An account's uuid by its id (undefined: no such account): the unsubscribe link names it. */
  uuidOf(userId: number): Promise<string | undefined>;
  /** Leaves a mail list (one-click unsubscribe): reminders → mail_reminders = 0, digest → mail_digest = 0. */
  leaveList(userUuid: string, list: MailList): Promise<unknown>;
}
