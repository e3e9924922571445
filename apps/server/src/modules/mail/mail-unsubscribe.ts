import { createHmac, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@inkstream/contracts';
import { AppError } from '../../lib/app-error.js';
import type { MailAccounts } from './mail-accounts.js';
import { MAIL_LISTS, type MailList } from './mail-kinds.js';

/**
 * One-click unsubscribe tokens (RFC 8058): `<user uuid>.<list>.<HMAC>` under a key derived from
 * JWT_SECRET (domain-separated from its other uses). A token leaves that one list of that one
 * account and does nothing else; it does not expire (a message read a year later must still work)
 * and needs no storage. Rotating JWT_SECRET invalidates every link already sent.
 */
export interface UnsubscribeTokens {
  issue(userUuid: string, list: MailList): string;
  /** The account and list a token names, or null for anything forged, edited or malformed. */
  verify(token: string): { userUuid: string; list: MailList } | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createUnsubscribeTokens(secret: string): UnsubscribeTokens {
  const key = createHmac('sha256', secret).update('inkstream-mail-unsubscribe').digest();
  const mac = (userUuid: string, list: string) => createHmac('sha256', key).update(`${userUuid}\n${list}`).digest('base64url');
  return {
    issue: (userUuid, list) => `${userUuid}.${list}.${mac(userUuid, list)}`,
    verify(token) {
      const [userUuid, list, signature, ...rest] = token.split('.');
      if (rest.length || !userUuid || !list || !signature) return null;
      if (!UUID.test(userUuid) || !MAIL_LISTS.includes(list as MailList) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return null;
      if (!timingSafeEqual(Buffer.from(signature), Buffer.from(mac(userUuid, list)))) return null;
      return { userUuid, list: list as MailList };
    },
  };
}

const invalid = () =>
  new AppError(ErrorCode.INVALID_UNSUBSCRIBE_TOKEN, 400, 'This unsubscribe link is not valid: open the latest message and use its link');

/** Leaves a list: reminders → users.mail_reminders = 0, digest → users.mail_digest = 0. */
export function createUnsubscribeService(deps: { accounts: MailAccounts; tokens: UnsubscribeTokens }) {
  const { accounts, tokens } = deps;
  return {
    /** Which list a token leaves (the page's button label); changes nothing. */
    preview(token: string): { list: MailList } {
      const found = tokens.verify(token);
      if (!found) throw invalid();
      return { list: found.list };
    },
    async unsubscribe(token: string): Promise<{ list: MailList; unsubscribed: true }> {
      const found = tokens.verify(token);
      if (!found) throw invalid();
      // Idempotent, and the same answer for an account deleted since: nothing to tell apart.
      await accounts.leaveList(found.userUuid, found.list);
      return { list: found.list, unsubscribed: true };
    },
  };
}
export type UnsubscribeService = ReturnType<typeof createUnsubscribeService>;
