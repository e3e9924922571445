import { createHash, randomBytes } from 'node:crypto';
import type { DbExecutor } from '../../db/database.js';
import * as tokensRepo from './account-tokens.repository.js';
import type { AccountTokensTable } from '../../db/schema.js';

export type AccountTokenPurpose = AccountTokensTable['purpose'];

/** A confirmation link works for 24 hours (docs/ACCOUNTS.md). */
export const EMAIL_CONFIRM_TTL_MS = 24 * 3_600_000;
/** A reset link works for 30 minutes (issue 28). */
export const PASSWORD_RESET_TTL_MS = 30 * 60_000;
/** Used and expired tokens are deleted by housekeeping this long after they expire. */
export const ACCOUNT_TOKEN_KEEP_MS = 7 * 86_400_000;

/** SHA-256 (hex) of a token: the only form the database holds. */
export const hashAccountToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * A new token (256 random bits, base64url) and its row; the token itself goes only into the
 * message. The only way a link is made: the account's row is locked first (FOR UPDATE on
 * PostgreSQL; SQLite's write transaction serialises anyway), then every older unused token of the
 * same purpose is voided, so of two links asked for at the same moment (two nodes, two tabs) only
 * the later one works. Call it inside the transaction that queues the message.
 */
export async function issueAccountToken(
  executor: DbExecutor,
  row: { userId: number; purpose: AccountTokenPurpose; email: string | null; ttlMs: number },
  now: number,
): Promise<string> {
  await tokensRepo.lockAccountForTokens(executor, row.userId);
  await tokensRepo.voidAccountTokens(executor, row.userId, row.purpose, now);
  const token = randomBytes(32).toString('base64url');
  await tokensRepo.insertAccountTokenRow(
    executor,
    { userId: row.userId, purpose: row.purpose, tokenHash: hashAccountToken(token), email: row.email, expiresAt: now + row.ttlMs },
    now,
  );
  return token;
}

/** Uses a token (once: see useAccountTokenRow). Returns the token's account and address, or null. */
export async function consumeAccountToken(
  executor: DbExecutor,
  token: string,
  purpose: AccountTokenPurpose,
  now: number,
): Promise<{ user_id: number; email: string | null } | null> {
  if (token.length === 0 || token.length > 128) return null;
  return tokensRepo.useAccountTokenRow(executor, hashAccountToken(token), purpose, now);
}

/** Housekeeping: deletes tokens that expired more than ACCOUNT_TOKEN_KEEP_MS ago, up to `limit` rows. */
export const deleteOldAccountTokens = (executor: DbExecutor, now: number, limit: number) =>
  tokensRepo.deleteExpiredAccountTokens(executor, now - ACCOUNT_TOKEN_KEEP_MS, limit);
