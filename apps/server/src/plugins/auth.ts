import { VISITOR_HEADER, VISITOR_ID_PATTERN } from '@inkstream/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { invalidTokenError } from '../http/guards.js';
import type { AuthUser, TokenClaims } from '../http/request-user.js';

/**
 * How the auth hook checks a token, handed in by the wiring root (the users service is one):
 * this plugin only reads the header and carries the answer on the request.
 */
export interface Authenticator {
  /** The token's claims when its signature and expiry are good, not yet checked against the account. */
  verifyToken(token: string): Promise<TokenClaims | null>;
  /** The account the token belongs to, or null when it is malformed, expired or revoked. */
  authenticate(token: string): Promise<AuthUser | null>;
}

const TOKEN_HEADER = /^(?:Token|Bearer)\s+(\S+)$/i;

/**
 * Reads `Authorization: Token <jwt>` (or `X-VISITOR-ID`) on every API request. A token that is
 * malformed, expired or revoked is refused on every endpoint, so the client drops the session.
 * The request fields it sets are declared in http/request-user.ts; routes read them through
 * requireUser / requireAdmin (http/guards.ts).
 */
export function registerAuth(app: FastifyInstance, users: Authenticator): void {
  app.decorateRequest('user', null);
  app.decorateRequest('visitorId', null);
  app.decorateRequest('tokenClaims', null);
  // A callback hook: a visitor's request (most of them) needs no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const header = request.headers.authorization;
    if (header !== undefined && header !== '') {
      const token = TOKEN_HEADER.exec(header)?.[1];
      if (!token) return done(invalidToken());
      if (request.routeOptions.config.authInHandler) {
        users.verifyToken(token).then((claims) => {
          if (!claims) return done(invalidToken());
          request.tokenClaims = claims;
          done();
        }, done);
        return;
      }
      users.authenticate(token).then((user) => {
        if (!user) return done(invalidToken());
        request.user = user;
        done();
      }, done);
      return;
    }
    // Node lower-cases header names.
    const visitor = request.headers[VISITOR_HEADER.toLowerCase()];
    if (typeof visitor === 'string' && VISITOR_ID_PATTERN.test(visitor)) request.visitorId = visitor;
    done();
  });
}

const invalidToken = invalidTokenError;

/** The auth plugin's name: plugins whose hooks read what it sets declare it as a dependency. */
export const AUTH_PLUGIN = 'inkstream-auth';

/**
 * registerAuth as a named plugin (fastify-plugin: its hooks apply to the whole app). The public
 * cache and the rate limits depend on it: registering either first fails at start-up.
 */
export const authPlugin = fp<{ users: Authenticator }>(async (app, { users }) => registerAuth(app, users), {
  name: AUTH_PLUGIN,
  fastify: '5.x',
});
