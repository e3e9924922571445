import type { FastifyRequest } from 'fastify';
import type { Language } from '@inkstream/contracts';
import type { AuthUser } from '../../http/request-user.js';

/**
 * Who reads an OPDS feed (issue 32, docs/OPDS.md): the owner of a feed key. Reading apps cannot
 * carry the site's bearer token, so the feeds have their own credentials: a key in the feed URL's
 * path (`/opds/key/{feedKey}/…`, the URL a reader pastes into an app) or HTTP Basic with the user
 * name and the same key as an app password (`/opds/…`, for apps that ask for a login). A key can
 * only read: no feed route changes the account or pays.
 */
export interface FeedReader {
  user: AuthUser;
  /** The feed key used (its last use is recorded; revoking it ends access at once). */
  keyId: number;
  /** The owner's language on the site (the feeds are written in it), read with the key. */
  language: Language;
}

/**
 * Resolves the reader of a feed request from the key in its path (`feedKey`, null on the Basic
 * tree) or the request's `Authorization: Basic` header. Throws AppError 401 `UNAUTHORIZED` with a
 * `WWW-Authenticate: Basic realm="Inkstream OPDS"` header for a missing, malformed, unknown or
 * revoked key, and 429 `RATE_LIMITED` when a source keeps trying bad keys (as logins are limited).
 */
export type FeedAuthenticator = (request: FastifyRequest, feedKey: string | null) => Promise<FeedReader>;
