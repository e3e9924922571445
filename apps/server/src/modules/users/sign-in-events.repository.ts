import type { DbExecutor } from '../../db/database.js';
import type { SignInEventsTable } from '../../db/schema.js';

/** How long a sign-in stays on the security page (and in the export). */
export const SIGN_IN_EVENTS_KEPT_MS = 180 * 86_400_000;

export type SignInMethod = SignInEventsTable['method'];

/** Records one sign-in and drops the reader's ones older than SIGN_IN_EVENTS_KEPT_MS. */
export async function recordSignIn(db: DbExecutor, userId: number, method: SignInMethod, provider: string | null, now: number) {
  await db.insertInto('sign_in_events').values({ user_id: userId, method, provider, created_at: now }).execute();
  await db
    .deleteFrom('sign_in_events')
    .where('user_id', '=', userId)
    .where('created_at', '<', now - SIGN_IN_EVENTS_KEPT_MS)
    .execute();
}

/** The reader's latest sign-ins, newest first. */
export const recentSignIns = async (db: DbExecutor, userId: number, limit: number) =>
  (
    await db
      .selectFrom('sign_in_events')
      .select(['method', 'provider', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()
  ).map((row) => ({ ...row, created_at: Number(row.created_at) }));
