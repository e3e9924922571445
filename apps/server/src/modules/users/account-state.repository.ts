import { PostgresAdapter } from 'kysely';
import type { DbExecutor } from '../../db/database.js';

/** Whether an account is still there to write for: read by the erased-account guard (account-guard.ts). */

const isPostgres = (db: DbExecutor) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Inside a writer's transaction (a comment, a like, a follow, a rating, progress, an order): the
 * reader's row read with a share lock on PostgreSQL, which waits for an erasure holding the
 * reader's lock (membership lockUserMembership, an UPDATE of the row) and then reads what it
 * committed; an erasure that comes after waits for this writer. So a writer either commits before
 * the erasure (which then removes what it wrote) or sees the account erased. SQLite runs one
 * write transaction at a time: nothing to lock.
 */
export async function readerStateForWrite(db: DbExecutor, userId: number) {
  let query = db.selectFrom('users').select(['erased_at', 'disabled_at']).where('id', '=', userId);
  if (isPostgres(db)) query = query.forShare();
  return query.executeTakeFirst();
}

/** The erasure took the account: for the payment notifications (payments/order-ledger.ts, data-rights' deletion). */
export async function isErased(db: DbExecutor, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('erased_at').where('id', '=', userId).executeTakeFirst();
  return row?.erased_at != null;
}
