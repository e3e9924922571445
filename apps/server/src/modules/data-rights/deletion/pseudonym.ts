import { createHash } from 'node:crypto';

/**
 * The stable name an erased account keeps (the ledger, kept comments and the audit log show it):
 * `deleted-` and 12 hex digits of the SHA-256 of the account's uuid. The same account always gets
 * the same pseudonym (a resumed erasure writes the same name), and no reader can register it: user
 * names are letters and digits only (USERNAME_PATTERN), never a hyphen.
 */
export const pseudonymOf = (userUuid: string) => `deleted-${createHash('sha256').update(userUuid).digest('hex').slice(0, 12)}`;

/**
 * A password hash no password matches: not an argon2 string (users/password.ts), so verification
 * refuses it whatever is typed.
 */
export const ERASED_PASSWORD_HASH = '!erased';
