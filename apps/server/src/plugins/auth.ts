import { ErrorCode, VISITOR_ID_PATTERN } from '@inkstream/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { invalidTokenError } from '../modules/users/auth-user.js';
import type { TokenClaims } from '../modules/users/tokens.js';
import type { AuthUser, UsersService } from '../modules/users/users.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, or null for a visitor. */
    user: AuthUser | null;
    /** The visitor id header when it is well formed and no user is logged in. */
    visitorId: string | null;
    /**
     * On an `authInHandler` route only: a token whose signature and expiry are good, not yet
     * checked against the account. The handler must pass it to authUserOf (users/auth-user.ts)
     * with the account columns its own statement read, and refuse the request when that says null.
     */
    tokenClaims: TokenClaims | null;
  }
  interface FastifyContextConfig {
    /**
     * The route reads the account together with its own data, in one statement, and checks the
     * token against it itself: the hottest authenticated read (a member's chapter) saves a
     * statement per request. `request.user` stays null until the handler sets it.
     */
    authInHandler?: boolean;
  }
}

const TOKEN_HEADER = /^(?:Token|Bearer)\s+(\S+)$/i;

/**
 * Reads `Authorization: Token <jwt>` (or `X-VISITOR-ID`) on every API request. A token that is
 * malformed, expired or revoked is refused on every endpoint, so the client drops the session.
 */
export function registerAuth(app: FastifyInstance, users: UsersService): void {
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
    const visitor = request.headers['x-visitor-id'];
    if (typeof visitor === 'string' && VISITOR_ID_PATTERN.test(visitor)) request.visitorId = visitor;
    done();
  });
}

const invalidToken = invalidTokenError;

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError(ErrorCode.AUTH_REQUIRED, 401, 'Please log in first');
  return request.user;
}
