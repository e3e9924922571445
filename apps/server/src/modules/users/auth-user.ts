import type { AuthUser, TokenClaims, UserRole } from '../../http/request-user.js';

// The request's user is declared in the HTTP kit (the auth plugin carries it); this module makes it.
export type { AuthUser, UserRole } from '../../http/request-user.js';
export { invalidTokenError } from '../../http/guards.js';

/** The account columns a token is checked against, wherever they were read. */
export interface AccountState {
  id: number;
  uuid: string;
  username: string;
  role: string;
  token_version: number;
  disabled_at: number | string | null;
}

/** A stored role other than the two known ones (an old bug, a manual edit) counts as a plain user. */
export const knownRole = (role: string): UserRole => (role === 'admin' ? 'admin' : 'user');

/**
 * The one rule that turns a verified token into a user: the account still exists, its token
 * version is the token's (a password change bumps it) and it is not disabled. Every way of
 * authenticating goes through here: the auth hook (users.service authenticate) and the routes
 * that read the account in their own statement (plugins/auth.ts, `authInHandler`).
 */
export function authUserOf(claims: TokenClaims, account: AccountState | null | undefined): AuthUser | null {
  if (!account || account.uuid !== claims.userUuid) return null;
  if (Number(account.token_version) !== claims.tokenVersion || account.disabled_at !== null) return null;
  return { id: account.id, uuid: account.uuid, username: account.username, role: knownRole(account.role) };
}
