import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';

/**
 * Failed-login counter per account, kept in the database so every server process shares it
 * (OWASP ASVS 2.2.1: at most 100 failed attempts per hour per account). The per-IP limit is
 * the rate-limit plugin's job.
 */
export const LOGIN_FAILURE_LIMIT = 100;
export const LOGIN_FAILURE_WINDOW_MS = 60 * 60 * 1000;

const throttleKey = (usernameKey: string) => `login:${usernameKey}`;

/** Seconds until the account may try again, or 0 when it may try now. */
export async function loginRetryAfter(db: DbExecutor, usernameKey: string, now: number): Promise<number> {
  const row = await db.selectFrom('auth_throttle').selectAll().where('throttle_key', '=', throttleKey(usernameKey)).executeTakeFirst();
  if (!row || row.failures < LOGIN_FAILURE_LIMIT) return 0;
  const windowEnd = row.window_start + LOGIN_FAILURE_WINDOW_MS;
  return windowEnd > now ? Math.ceil((windowEnd - now) / 1000) : 0;
}

export async function recordLoginFailure(db: DbExecutor, usernameKey: string, now: number): Promise<void> {
  const windowOpenedBefore = now - LOGIN_FAILURE_WINDOW_MS;
  await db
    .insertInto('auth_throttle')
    .values({ throttle_key: throttleKey(usernameKey), window_start: now, failures: 1 })
    .onConflict((oc) =>
      oc.column('throttle_key').doUpdateSet({
        // Both expressions read the old row, so an expired window restarts at one failure.
        failures: sql`CASE WHEN auth_throttle.window_start < ${windowOpenedBefore} THEN 1 ELSE auth_throttle.failures + 1 END`,
        window_start: sql`CASE WHEN auth_throttle.window_start < ${windowOpenedBefore} THEN ${now} ELSE auth_throttle.window_start END`,
      }),
    )
    .execute();
}

export async function clearLoginFailures(db: DbExecutor, usernameKey: string): Promise<void> {
  await db.deleteFrom('auth_throttle').where('throttle_key', '=', throttleKey(usernameKey)).execute();
}
