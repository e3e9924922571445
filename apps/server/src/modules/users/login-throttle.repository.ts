import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';

/** The window a count is kept in: failures before `now - windowMs` belong to an ended window. */
export interface ThrottleWindow {
  now: number;
  windowMs: number;
}

/** A key's failures and when its window opened; undefined when it has none. */
export const findThrottleCount = (db: DbExecutor, throttleKey: string) =>
  db.selectFrom('auth_throttle').select(['failures', 'window_start']).where('throttle_key', '=', throttleKey).executeTakeFirst();

/** When a waiting pair may try again (undefined: no row). */
export const findNextAllowedAt = async (db: DbExecutor, throttleKey: string): Promise<number | undefined> => {
  const row = await db.selectFrom('auth_throttle').select('next_allowed_at').where('throttle_key', '=', throttleKey).executeTakeFirst();
  return row?.next_allowed_at == null ? undefined : Number(row.next_allowed_at);
};

const isExpiredIn = ({ now, windowMs }: ThrottleWindow) => sql<boolean>`auth_throttle.window_start <= ${now - windowMs}`;

/** One more failure in the key's window, or the first of a new window once the stored one ended. */
const windowedCount = (window: ThrottleWindow) => {
  const isExpired = isExpiredIn(window);
  return {
    failures: sql<number>`CASE WHEN ${isExpired} THEN 1 ELSE auth_throttle.failures + 1 END`,
    window_start: sql<number>`CASE WHEN ${isExpired} THEN ${window.now} ELSE auth_throttle.window_start END`,
  };
};

/** Counts one failure of a key in its window; returns the count (this failure included) and the window's start. */
export const countFailureInWindow = (db: DbExecutor, throttleKey: string, window: ThrottleWindow) =>
  db
    .insertInto('auth_throttle')
    .values({ throttle_key: throttleKey, window_start: window.now, failures: 1 })
    .onConflict((oc) => oc.column('throttle_key').doUpdateSet(windowedCount(window)))
    .returning(['failures', 'window_start'])
    .executeTakeFirstOrThrow();

/**
 * Reserves a pair's attempt in one atomic upsert, counting it as a failure until it is settled:
 * a pair still waiting is neither counted nor changed (false). `delays[i]` is the wait after the
 * pair's (i+1)-th failure in its window, null for "until the window ends"; past the list, the
 * pair waits for the window to end.
 */
export async function admitPairAttempt(
  db: DbExecutor,
  throttleKey: string,
  window: ThrottleWindow,
  delays: (number | null)[],
): Promise<boolean> {
  const { now, windowMs } = window;
  const isExpired = isExpiredIn(window);
  // When the pair may try again should this attempt fail: a CASE over its stored failures.
  const nextAllowedAfter = (delay: number | null) => (delay === null ? sql`auth_throttle.window_start + ${windowMs}` : sql`${now + delay}`);
  const storedNext = sql`CASE ${sql.join(
    delays.map((delay, i) => sql`WHEN auth_throttle.failures + 1 = ${i + 1} THEN ${nextAllowedAfter(delay)}`),
    sql` `,
  )} ELSE auth_throttle.window_start + ${windowMs} END`;
  const firstNext = delays[0] ?? windowMs;
  const admitted = await db
    .insertInto('auth_throttle')
    .values({ throttle_key: throttleKey, window_start: now, failures: 1, next_allowed_at: now + firstNext })
    .onConflict((oc) =>
      oc
        .column('throttle_key')
        .doUpdateSet({
          ...windowedCount(window),
          next_allowed_at: sql`CASE WHEN ${isExpired} THEN ${now + firstNext} ELSE ${storedNext} END`,
        })
        .where(sql<boolean>`${isExpired} OR auth_throttle.next_allowed_at <= ${now}`),
    )
    .returning('failures')
    .executeTakeFirst();
  return admitted !== undefined;
}

/** A success: forgets the pair's failures and takes the attempt back from the address's count. */
export const forgiveSuccess = (db: DbExecutor, pairKey: string, ipKey: string) =>
  db.transaction().execute(async (trx) => {
    await trx.deleteFrom('auth_throttle').where('throttle_key', '=', pairKey).execute();
    await trx
      .updateTable('auth_throttle')
      .set({ failures: sql`CASE WHEN failures > 0 THEN failures - 1 ELSE 0 END` })
      .where('throttle_key', '=', ipKey)
      .execute();
  });

/** Deletes the rows whose window opened before `before`. */
export const deleteEndedWindows = (db: DbExecutor, before: number) =>
  db.deleteFrom('auth_throttle').where('window_start', '<', before).execute();
