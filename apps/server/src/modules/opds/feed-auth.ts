import { DEFAULT_LANGUAGE, ErrorCode, normalizeLanguage } from '@inkstream/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { knownRole } from '../users/auth-user.js';
import { countFeedFailure, feedRetryAfterSeconds } from '../users/login-throttle.js';
import { usernameKey } from '../users/users.service.js';
import type { FeedAuthenticator, FeedReader } from './feed-reader.js';
import { FEED_KEY_PATTERN, feedKeyHash } from './feed-keys.js';
import * as repo from './feed-keys.repository.js';

/** What reading apps understand: they ask for a user name and password, and send them as Basic. */
export const FEED_WWW_AUTHENTICATE = 'Basic realm="Inkstream OPDS", charset="UTF-8"';

/** A key's last use is written at most this often (a chapter's page stream must not write per page). */
export const FEED_KEY_TOUCH_INTERVAL_MS = 60_000;

export interface FeedAuthDeps {
  db: Db;
  now?: () => number;
}

/** One answer for every bad credential, so none tells a guesser what was wrong. */
const unauthorized = () =>
  new AppError(
    ErrorCode.UNAUTHORIZED,
    401,
    'A valid feed key is needed: add the feed again from your profile',
    undefined,
    undefined,
    undefined,
    {
      'www-authenticate': FEED_WWW_AUTHENTICATE,
    },
  );

/** `Authorization: Basic base64(name:key)` → its parts; null when absent or not Basic. */
function basicCredentials(header: string | undefined): { username: string; key: string } | null {
  const match = /^Basic[ ]+([A-Za-z0-9+/=_-]{1,1024})$/i.exec(header?.trim() ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { username: decoded.slice(0, colon), key: decoded.slice(colon + 1) };
}

/**
 * The feeds' authenticator (FeedAuthenticator, feed-reader.ts; docs/OPDS.md "Feed keys"): the key
 * in the path, else HTTP Basic (user name, compared as logins compare it, and the key as app
 * password; the key must be that account's). A bad credential counts against what it names from
 * that address, the Basic user name's account or else the key (users/login-throttle.ts
 * feedRetryAfterSeconds): past its budget that pair gets 429 whatever it sends, while other
 * accounts and logins from the address go on. A disabled account, like an unknown key, gets 401.
 */
export function createFeedAuthenticator(deps: FeedAuthDeps): FeedAuthenticator {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  return async (request: FastifyRequest, feedKey: string | null): Promise<FeedReader> => {
    const at = now();
    const basic = feedKey === null ? basicCredentials(request.headers.authorization) : null;
    const key = feedKey ?? basic?.key ?? null;
    // The address's budget and the key are read together (one round trip's wait, not two); a
    // source past its budget is refused whatever the key, so a good key tells a guesser nothing.
    const source = { subject: basic ? `account:${usernameKey(basic.username)}` : `key:${key ?? ''}`, ip: request.ip };
    const [retryAfter, row] = await Promise.all([
      feedRetryAfterSeconds(db, source, at),
      key !== null && FEED_KEY_PATTERN.test(key) ? repo.findLiveKeyByHash(db, feedKeyHash(key)) : undefined,
    ]);
    if (retryAfter > 0) {
      throw new AppError(
        ErrorCode.RATE_LIMITED,
        429,
        'Too many bad feed keys for this account from your network; try again later',
        undefined,
        retryAfter,
      );
    }
    // No credential at all is an app asking which to send (the WWW-Authenticate), not a guess.
    if (key === null) throw unauthorized();
    const isValid = row !== undefined && row.disabled_at === null && (basic === null || usernameKey(basic.username) === row.username_key);
    if (!isValid) {
      await countFeedFailure(db, source, at);
      throw unauthorized();
    }
    if (row.last_used_at === null || Number(row.last_used_at) <= at - FEED_KEY_TOUCH_INTERVAL_MS) {
      await repo.touchKey(db, row.key_id, at, FEED_KEY_TOUCH_INTERVAL_MS);
    }
    return {
      user: { id: row.user_id, uuid: row.uuid, username: row.username, role: knownRole(row.role) },
      keyId: row.key_id,
      // An old or odd stored value never fails a feed: the site's default then.
      language: (row.language && normalizeLanguage(row.language)) || DEFAULT_LANGUAGE,
    };
  };
}
