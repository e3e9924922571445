import type { DbExecutor } from '../../db/database.js';
import { invalidTokenError } from '../../http/guards.js';
import { readerStateForWrite } from './account-state.repository.js';

/**
 * The erased-account guard, one rule owned by the account and imported downward by every floor
 * above it: called first in the transaction of every writer that adds a row of a reader (a
 * comment, a like, a follow, a rating, reading progress, an order): the account must still be
 * there. On PostgreSQL this waits for an erasure running now and then sees it
 * (account-state.repository.ts readerStateForWrite),
 * so a request that authenticated just before the erasure cannot leave a personal row behind it.
 * An erased or disabled account: 401 INVALID_TOKEN, as its token would get at the next request.
 */
export async function refuseLeftReader(trx: DbExecutor, userId: number): Promise<void> {
  const state = await readerStateForWrite(trx, userId);
  if (!state || state.erased_at !== null || state.disabled_at !== null) throw invalidTokenError();
}

/** The same for a reader key (`u:<id>`; a visitor's `v:` key has no account to check). */
export async function refuseLeftReaderKey(trx: DbExecutor, readerKey: string): Promise<void> {
  const match = /^u:(\d+)$/.exec(readerKey);
  if (match) await refuseLeftReader(trx, Number(match[1]));
}
