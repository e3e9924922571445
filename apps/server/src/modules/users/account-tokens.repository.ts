import { PostgresAdapter } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import type { AccountTokensTable } from '../../db/schema.js';

type AccountTokenPurpose = AccountTokensTable['purpose'];

/**
 * Locks the account's row until the transaction ends (FOR UPDATE on PostgreSQL; SQLite's one
 * writer serialises write transactions already), so two links of one account are issued one
 * after the other and the later one sees, and voids, the earlier.
 */
export async function lockAccountForTokens(executor: DbExecutor, userId: number): Promise<void> {
  let query = executor.selectFrom('users').select('id').where('id', '=', userId);
  if (executor.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  await query.executeTakeFirst();
}

/** Stores a token's row (its hash only: the token itself goes only into the message). */
export async function insertAccountTokenRow(
  executor: DbExecutor,
  row: { userId: number; purpose: AccountTokenPurpose; tokenHash: string; email: string | null; expiresAt: number },
  now: number,
): Promise<void> {
  await executor
    .insertInto('account_tokens')
    .values({
      user_id: row.userId,
      purpose: row.purpose,
      token_hash: row.tokenHash,
      email: row.email,
      expires_at: row.expiresAt,
      used_at: null,
      created_at: now,
    })
    .execute();
}

/**
 * Marks the unused, unexpired token of this hash and purpose used, in one conditional UPDATE, so
 * of two requests with one token exactly one gets the row (PostgreSQL re-checks the WHERE after
 * the first commits). Returns the token's account and address, or null.
 */
export async function useAccountTokenRow(
  executor: DbExecutor,
  tokenHash: string,
  purpose: AccountTokenPurpose,
  now: number,
): Promise<{ user_id: number; email: string | null } | null> {
  const row = await executor
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
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

/** Deletes tokens that expired before `expiredBefore`, up to `limit` rows; the count deleted. */
export async function deleteExpiredAccountTokens(executor: DbExecutor, expiredBefore: number, limit: number): Promise<number> {
  const ids = await executor.selectFrom('account_tokens').select('id').where('expires_at', '<', expiredBefore).limit(limit).execute();
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
