import { ErrorCode, PAGE_PATTERNS, pagePath, type Language } from '@inkstream/contracts';
import type { DbExecutor } from '../../db/database.js';
import type { EventRaiser } from '../../db/domain-events.js';
import { AppError } from '../../lib/app-error.js';
import { maskMailAddress, type MailAddress } from '../mail/mail-address.js';
import { queueMail } from '../mail/mail-queue.js';
import { EMAIL_CONFIRM_TTL_MS, issueAccountToken } from './account-tokens.js';
import { voidAccountTokens } from './account-tokens.repository.js';
import * as usersRepo from './users.repository.js';

/** The account fields an address change reads. */
export interface AccountForEmail {
  id: number;
  username: string;
  email: string | null;
  email_confirmed_at: number | null;
  language: string;
}

export const emailTaken = () => new AppError(ErrorCode.EMAIL_TAKEN, 409, 'This e-mail address is already confirmed on another account');

/** Another account has confirmed this address (email_key is only set once an address is confirmed). */
export async function isAddressTaken(executor: DbExecutor, key: string, exceptUserId: number | null): Promise<boolean> {
  return usersRepo.isEmailKeyTakenByOther(executor, key, exceptUserId);
}

/** A unique violation on users.email_key (SQLite names the column, PostgreSQL the index). */
export const isEmailKeyClash = (error: unknown) => /email_key/.test(String((error as { message?: unknown })?.message ?? ''));

/**
 * Sends a confirmation link for `address` to it: older unused links of the account stop working
 * (issueAccountToken), a new one is stored (its hash) and the message is queued, all in the
 * caller's transaction.
 * Returns false when the recipient's hourly cap refused the message.
 */
export async function sendConfirmation(
  trx: DbExecutor,
  domainEvents: EventRaiser,
  account: Pick<AccountForEmail, 'id' | 'username'>,
  address: string,
  language: Language,
  publicUrl: string,
  now: number,
): Promise<boolean> {
  const token = await issueAccountToken(
    trx,
    { userId: account.id, purpose: 'email-confirm', email: address, ttlMs: EMAIL_CONFIRM_TTL_MS },
    now,
  );
  const queued = await queueMail(
    trx,
    domainEvents,
    {
      kind: 'email-confirm',
      to: address,
      userId: account.id,
      language,
      data: { username: account.username, link: `${publicUrl}${pagePath.confirmEmail(token)}`, hours: 24 },
      secretFields: ['link'],
    },
    now,
  );
  return queued.uuid !== null;
}

export type AddressChange = 'unchanged' | 'resent' | 'changed';

/**
 * Sets the account's address (the reader's own call, an administrator's, or registration): the
 * same address again resends the confirmation unless it is confirmed; a new one replaces the old,
 * unconfirmed until its link is used, and a confirmed old address is told (email-changed).
 */
export async function changeAddress(
  trx: DbExecutor,
  domainEvents: EventRaiser,
  account: AccountForEmail,
  next: MailAddress,
  language: Language,
  publicUrl: string,
  now: number,
): Promise<AddressChange> {
  if (account.email !== null && account.email.toLowerCase() === next.key) {
    if (account.email_confirmed_at !== null) return 'unchanged';
    await sendConfirmation(trx, domainEvents, account, account.email, language, publicUrl, now);
    return 'resent';
  }
  if (await isAddressTaken(trx, next.key, account.id)) throw emailTaken();
  await usersRepo.setUnconfirmedAddress(trx, account.id, next.address);
  await sendConfirmation(trx, domainEvents, account, next.address, language, publicUrl, now);
  if (account.email !== null && account.email_confirmed_at !== null) {
    await queueMail(
      trx,
      domainEvents,
      {
        kind: 'email-changed',
        to: account.email,
        userId: account.id,
        language,
        data: {
          username: account.username,
          new_address: maskMailAddress(next.address),
          link: `${publicUrl}${PAGE_PATTERNS.forgotPassword}`,
        },
      },
      now,
    );
  }
  return 'changed';
}

/** Removes the account's address (an administrator's call): pending confirmation links stop working. */
export async function clearAddress(trx: DbExecutor, accountId: number, now: number): Promise<void> {
  await usersRepo.clearUserAddress(trx, accountId);
  await voidAccountTokens(trx, accountId, 'email-confirm', now);
}
