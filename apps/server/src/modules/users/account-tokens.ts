import { createHash, randomBytes } from 'node:crypto';
import type { DbExecutor } from '../../db/database.js';
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

/** A new token (256 random bits, base64url) and its row; the token itself goes only into the message. */
export async function insertAccountToken(
  executor: DbExecutor,
  row: { userId: number; purpose: AccountTokenPurpose; email: string | null; ttlMs: number },
  now: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await executor
    .insertInto('account_tokens')
    .values({
      user_id: row.userId,
      purpose: row.purpose,
      token_hash: hashAccountToken(token),
      email: row.email,
      expires_at: now + row.ttlMs,
      used_at: null,
      created_at: now,
    })
    .execute();
  return token;
}

/**
 * Uses a token: one conditional UPDATE that only an unused, unexpired token of this purpose
 * passes, so of two requests with one token exactly one gets the row (PostgreSQL re-checks the
 * WHERE after the first commits). Returns the token's account and address, or null.
 */
export async function consumeAccountToken(
  executor: DbExecutor,
  token: string,
  purpose: AccountTokenPurpose,
  now: number,
): Promise<{ user_id: number; email: string | null } | null> {
  if (token.length === 0 || token.length > 128) return null;
  const row = await executor
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hashAccountToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'email'])
    .executeTakeFirst();
  return row ?? null;
}

/** Voids every unused token of this purpose of the account (a newer one replaces them, or the password changed). */
export async function voidAccountTokens(executor: DbExecutor, userId: number, purpose: AccountTokenPurpose, now: number): Promise<void> {
  await executor
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

/** How many tokens of this purpose the account was given since `since` (the per-account limit). */
export async function countAccountTokensSince(executor: DbExecutor, userId: number, purpose: AccountTokenPurpose, since: number) {
  const row = await executor
    .selectFrom('account_tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Housekeeping: deletes tokens that expired more than ACCOUNT_TOKEN_KEEP_MS ago, up to `limit` rows. */
export async function deleteOldAccountTokens(executor: DbExecutor, now: number, limit: number): Promise<number> {
  const ids = await executor
    .selectFrom('account_tokens')
    .select('id')
    .where('expires_at', '<', now - ACCOUNT_TOKEN_KEEP_MS)
    .limit(limit)
    .execute();
  if (ids.length === 0) return 0;
  await executor
    .deleteFrom('account_tokens')
    .where(
      'id',
      'in',
      ids.map((r) => r.id),
    )
    .execute();
  return ids.length;
}
