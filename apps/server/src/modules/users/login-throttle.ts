import { createHash } from 'node:crypto';
import type { DbExecutor } from '../../db/database.js';
import * as repo from './login-throttle.repository.js';

/**
 * Failed-login throttling by progressive delays (OWASP ASVS 2.2.1): it slows guessing without
 * letting anyone lock a reader out.
 *
 * Failures are counted in 15-minute windows, in the database so every server process shares them,
 * under three keys:
 * - the (account, source IP) pair: the first 3 failures cost nothing (typos); after the 4th the
 *   source waits 1 s before its next try on that account, then 2 s, 4 s, … (doubling), and after
 *   the 10th it waits for the window to end. So one source checks at most 10 passwords of an
 *   account in 15 minutes, and someone who mistyped waits seconds, not minutes;
 * - the account across sources: past 100 failures the account is "under attack", and the delays
 *   start at the first failure of a pair (1 s, 2 s, 4 s, …), still per source;
 * - the source IP across accounts: after 100 failures it waits for the window to end
 *   (credential stuffing).
 * Every delay is per source: what other addresses do never delays the owner, and a success clears
 * its own pair. The per-IP request rate limit (plugins/rate-limit.ts) sits in front of all of this.
 *
 * An attempt reserves its pair's delay *before* the password is checked, in one atomic upsert that
 * only succeeds when the pair is not waiting, so attempts arriving together cannot all slip
 * through. Keys are SHA-256 hashes: any user name or address fits the column, none is in clear.
 */
export const LOGIN_THROTTLE = {
  windowMs: 15 * 60 * 1000,
  /** Failures of a pair in a window after which it waits for the window to end. */
  pairFailures: 10,
  /** Failures of a pair that cost no delay (none once the account is under attack). */
  freeFailures: 3,
  /** The first delay, doubled with each further failure. */
  firstDelayMs: 1000,
  ipFailures: 100,
  accountUnderAttack: 100,
} as const;

/** How often a login also deletes rows whose window has ended (keeps the table small). */
const CLEANUP_EVERY = 200;

const hashKey = (kind: string, ...parts: string[]) => `${kind}:${createHash('sha256').update(parts.join('\n')).digest('hex')}`;

/**
 * The wait after a pair's `failures`-th failure in its window, in ms; null once the pair must wait
 * for the window to end.
 */
export function delayAfterFailures(failures: number, isUnderAttack: boolean): number | null {
  if (failures >= LOGIN_THROTTLE.pairFailures) return null;
  const free = isUnderAttack ? 0 : LOGIN_THROTTLE.freeFailures;
  return failures <= free ? 0 : LOGIN_THROTTLE.firstDelayMs * 2 ** (failures - free - 1);
}

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

const refused = (untilMs: number, now: number): LoginAttempt => ({
  retryAfterSeconds: Math.max(1, Math.ceil((untilMs - now) / 1000)),
  settle: async () => undefined,
});

export async function takeLoginAttempt(db: DbExecutor, source: LoginSource, now: number): Promise<LoginAttempt> {
  const { windowMs } = LOGIN_THROTTLE;
  const keys = {
    pair: hashKey('login-pair', source.usernameKey, source.ip),
    ip: hashKey('login-ip', source.ip),
    account: hashKey('login-account', source.usernameKey),
  };
  const windowOpenedBefore = now - windowMs;
  const window = { now, windowMs };
  const account = await repo.findThrottleCount(db, keys.account);
  const isUnderAttack =
    account !== undefined &&
    Number(account.window_start) >= windowOpenedBefore &&
    Number(account.failures) >= LOGIN_THROTTLE.accountUnderAttack;

  const delays = Array.from({ length: LOGIN_THROTTLE.pairFailures }, (_, i) => delayAfterFailures(i + 1, isUnderAttack));
  if (!(await repo.admitPairAttempt(db, keys.pair, window, delays))) {
    return refused((await repo.findNextAllowedAt(db, keys.pair)) ?? now, now);
  }

  const ip = await repo.countFailureInWindow(db, keys.ip, window);
  // The count includes this attempt; what came before it decides.
  if (Number(ip.failures) - 1 >= LOGIN_THROTTLE.ipFailures) return refused(Number(ip.window_start) + windowMs, now);

  return {
    retryAfterSeconds: 0,
    async settle(isSuccess) {
      if (isSuccess) {
        // This source is who it claims to be: forget its failures on this account, and do not
        // count the attempt against its address.
        await repo.forgiveSuccess(db, keys.pair, keys.ip);
      } else {
        await repo.countFailureInWindow(db, keys.account, window);
      }
      if (Math.random() < 1 / CLEANUP_EVERY) await repo.deleteEndedWindows(db, windowOpenedBefore);
    },
  };
}

/**
 * Credentials checked without a password: the OPDS feed keys (opds/feed-auth.ts). Per account
 * first, as logins are (issue 56): a bad credential counts against what it names, from that
 * address: the account of a Basic user name, else the key itself. After
 * LOGIN_THROTTLE.pairFailures in a window that pair waits for the window to end; other accounts
 * and keys from the same address go on. The address has a loose ceiling of its own
 * (LOGIN_THROTTLE.ipFailures bad feed credentials, so at least ten accounts or keys sprayed),
 * kept apart from the login's: feed guesses never block a login from the address, nor logins a
 * feed. Checking is a read, so a good key costs no write.
 */
export interface FeedCredentialSource {
  /** What the credential names: `account:<username key>` for Basic, `key:<the key>` for a key alone. */
  subject: string;
  ip: string;
}

const feedKeys = (source: FeedCredentialSource) => ({
  pair: hashKey('feed-pair', source.subject, source.ip),
  ip: hashKey('feed-ip', source.ip),
});

/** Seconds the source waits before this credential is checked; 0 when it may be. */
export async function feedRetryAfterSeconds(db: DbExecutor, source: FeedCredentialSource, now: number): Promise<number> {
  const keys = feedKeys(source);
  const [pair, ip] = await Promise.all([repo.findThrottleCount(db, keys.pair), repo.findThrottleCount(db, keys.ip)]);
  const waitUntil = (row: typeof pair, limit: number) => {
    if (!row) return 0;
    const windowEnds = Number(row.window_start) + LOGIN_THROTTLE.windowMs;
    return windowEnds > now && Number(row.failures) >= limit ? windowEnds : 0;
  };
  const until = Math.max(waitUntil(pair, LOGIN_THROTTLE.pairFailures), waitUntil(ip, LOGIN_THROTTLE.ipFailures));
  return until === 0 ? 0 : refused(until, now).retryAfterSeconds;
}

/** Counts one bad feed credential against what it names and, loosely, its address. */
export async function countFeedFailure(db: DbExecutor, source: FeedCredentialSource, now: number): Promise<void> {
  const keys = feedKeys(source);
  const window = { now, windowMs: LOGIN_THROTTLE.windowMs };
  await repo.countFailureInWindow(db, keys.pair, window);
  await repo.countFailureInWindow(db, keys.ip, window);
}
