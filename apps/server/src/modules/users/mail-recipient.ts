import { normalizeLanguage, DEFAULT_LANGUAGE, type Language } from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../db/database.js';
import type { MailAccounts } from '../mail/mail-accounts.js';
import * as usersRepo from './users.repository.js';

export interface MailRecipient {
  userId: number;
  to: string;
  language: Language;
  username: string;
  mailReminders: boolean;
  mailDigest: boolean;
}

/**
 * Where an account's messages go: its confirmed address and language, or null when it has no
 * confirmed address (then nothing but a confirmation is ever sent to it).
 */
export async function mailRecipientOf(executor: DbExecutor, userId: number): Promise<MailRecipient | null> {
  const row = await usersRepo.findMailRecipientRow(executor, userId);
  if (!row || row.email === null || row.email_confirmed_at === null || row.disabled_at !== null) return null;
  return {
    userId: row.id,
    to: row.email,
    language: normalizeLanguage(row.language) ?? DEFAULT_LANGUAGE,
    username: row.username,
    mailReminders: row.mail_reminders === 1,
    mailDigest: row.mail_digest === 1,
  };
}

/** The accounts as mail sees them (mail/mail-accounts.ts), handed to createMail by the wiring root. */
export const createMailAccounts = (db: Db): MailAccounts => ({
  uuidOf: (userId) => usersRepo.findUserUuidById(db, userId),
  leaveList: (userUuid, list) => usersRepo.leaveMailList(db, userUuid, list),
});
