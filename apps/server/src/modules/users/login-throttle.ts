import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';

/**
 * Failed-login counter per account, kept in the database so every server process shares it
 * (OWASP ASVS 2.2.1: at most 100 failed attempts per hour per account). The per-IP limit is
 * the rate-limit plugin's job.
 *
 * An attempt is counted as a failure *before* the password is checked, in one atomic upsert, and
 * the counter is cleared when the password turns out right. Counting after the (slow) password
 * check would let attempts that arrive together all pass the limit check first.
 */
export const LOGIN_FAILURE_LIMIT = 100;
export const LOGIN_FAILURE_WINDOW_MS = 60 * 60 * 1000;

const throttleKey = (usernameKey: string) => `login:${usernameKey}`;

/**
 * Counts one attempt for the account. Returns 0 when it may go on to the password check, else
 * the seconds until the window ends (the attempt is refused and, past the limit, not counted).
 */
export async function takeLoginAttempt(db: DbExecutor, usernameKey: string, now: number): Promise<number> {
  const windowOpenedBefore = now - LOGIN_FAILURE_WINDOW_MS;
  const row = await db
    .insertInto('auth_throttle')
    .values({ throttle_key: throttleKey(usernameKey), window_start: now, failures: 1 })
    .onConflict((oc) =>
      oc.column('throttle_key').doUpdateSet({
        // Both expressions read the old row: an expired window restarts at one; a full one stays full.
        failures: sql`CASE WHEN auth_throttle.window_start < ${windowOpenedBefore} THEN 1
          WHEN auth_throttle.failures > ${LOGIN_FAILURE_LIMIT} THEN auth_throttle.failures
          ELSE auth_throttle.failures + 1 END`,
        window_start: sql`CASE WHEN auth_throttle.window_start < ${windowOpenedBefore} THEN ${now} ELSE auth_throttle.window_start END`,
      }),
    )
    .returning(['failures', 'window_start'])
    .executeTakeFirstOrThrow();
  if (row.failures <= LOGIN_FAILURE_LIMIT) return 0;
  return Math.max(1, Math.ceil((row.window_start + LOGIN_FAILURE_WINDOW_MS - now) / 1000));
}

export async function clearLoginFailures(db: DbExecutor, usernameKey: string): Promise<void> {
  await db.deleteFrom('auth_throttle').where('throttle_key', '=', throttleKey(usernameKey)).execute();
}
