import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';

/**
 * Failed-login throttling that slows attackers without letting them lock a reader out.
 *
 * Failures are counted in 15-minute windows, in the database so every server process shares them,
 * under three keys:
 * - the (account, source IP) pair: after 10 failures that source waits for the window to end
 *   before it may try that account again (online guessing from one place);
 * - the source IP across accounts: after 100 failures it waits (credential stuffing);
 * - the account across sources: past 100 failures the account is "under attack", and from then on
 *   a source that has failed at all in the window (on this account or any other) must wait.
 * A source that has not been failing is never refused, whatever happens elsewhere, so nobody can
 * lock another reader out; a success clears its own pair. The per-IP request rate limit
 * (plugins/rate-limit.ts) sits in front of all of this.
 *
 * An attempt is counted against the pair and the IP *before* the password is checked, in one
 * atomic upsert, so attempts arriving together cannot all slip under a limit. Keys are SHA-256
 * hashes: any user name or address fits the column, and none is stored in clear.
 */
export const LOGIN_THROTTLE = {
  windowMs: 15 * 60 * 1000,
  pairFailures: 10,
  ipFailures: 100,
  accountUnderAttack: 100,
} as const;

/** How often a login also deletes rows whose window has ended (keeps the table small). */
const CLEANUP_EVERY = 200;

const hashKey = (kind: string, ...parts: string[]) => `${kind}:${createHash('sha256').update(parts.join('\n')).digest('hex')}`;

export interface LoginSource {
  /** NFC-normalised, lower-cased user name. */
  usernameKey: string;
  ip: string;
}

export interface LoginAttempt {
  /** Seconds to wait; 0 when the password may be checked. */
  retryAfterSeconds: number;
  /** Records the outcome of a checked password (call only when retryAfterSeconds is 0). */
  settle(isSuccess: boolean): Promise<void>;
}

export async function takeLoginAttempt(db: DbExecutor, source: LoginSource, now: number): Promise<LoginAttempt> {
  const { windowMs } = LOGIN_THROTTLE;
  const keys = {
    pair: hashKey('login-pair', source.usernameKey, source.ip),
    ip: hashKey('login-ip', source.ip),
    account: hashKey('login-account', source.usernameKey),
  };
  const windowOpenedBefore = now - windowMs;
  // The account row is read in the same statement but only raised once a password has failed,
  // so attempts refused here cannot push an account into "under attack".
  const rows = await db
    .insertInto('auth_throttle')
    .values([
      { throttle_key: keys.pair, window_start: now, failures: 1 },
      { throttle_key: keys.ip, window_start: now, failures: 1 },
      { throttle_key: keys.account, window_start: now, failures: 0 },
    ])
    .onConflict((oc) =>
      oc.column('throttle_key').doUpdateSet({
        failures: sql`CASE WHEN auth_throttle.window_start < ${windowOpenedBefore} THEN excluded.failures
          ELSE auth_throttle.failures + excluded.failures END`,
        window_start: sql`CASE WHEN auth_throttle.window_start < ${windowOpenedBefore} THEN ${now} ELSE auth_throttle.window_start END`,
      }),
    )
    .returning(['throttle_key', 'failures', 'window_start'])
    .execute();
  const row = (key: string) => rows.find((r) => r.throttle_key === key) ?? { failures: 0, window_start: now };
  const [pair, ip, account] = [row(keys.pair), row(keys.ip), row(keys.account)];
  // The counts include this attempt; what came before it decides.
  const pairBefore = Number(pair.failures) - 1;
  const ipBefore = Number(ip.failures) - 1;
  const isUnderAttack = Number(account.failures) >= LOGIN_THROTTLE.accountUnderAttack;

  const waits: number[] = [];
  if (pairBefore >= LOGIN_THROTTLE.pairFailures || (isUnderAttack && pairBefore > 0)) waits.push(Number(pair.window_start));
  if (ipBefore >= LOGIN_THROTTLE.ipFailures || (isUnderAttack && ipBefore > 0)) waits.push(Number(ip.window_start));
  if (waits.length > 0) {
    const until = Math.max(...waits) + windowMs;
    return { retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)), settle: async () => undefined };
  }

  return {
    retryAfterSeconds: 0,
    async settle(isSuccess) {
      if (isSuccess) {
        // This source is who it claims to be: forget its failures on this account, and do not
        // count the attempt against its address.
        await db.transaction().execute(async (trx) => {
          await trx.deleteFrom('auth_throttle').where('throttle_key', '=', keys.pair).execute();
          await trx
            .updateTable('auth_throttle')
            .set({ failures: sql`CASE WHEN failures > 0 THEN failures - 1 ELSE 0 END` })
            .where('throttle_key', '=', keys.ip)
            .execute();
        });
      } else {
        await db
          .updateTable('auth_throttle')
          .set({ failures: sql`failures + 1` })
          .where('throttle_key', '=', keys.account)
          .execute();
      }
      if (Math.random() < 1 / CLEANUP_EVERY) {
        await db.deleteFrom('auth_throttle').where('window_start', '<', windowOpenedBefore).execute();
      }
    },
  };
}
