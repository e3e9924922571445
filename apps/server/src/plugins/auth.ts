import { ErrorCode, VISITOR_ID_PATTERN } from '@inkstream/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import type { AuthUser, UsersService } from '../modules/users/users.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, or null for a visitor. */
    user: AuthUser | null;
    /** The visitor id header when it is well formed and no user is logged in. */
    visitorId: string | null;
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
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const header = request.headers.authorization;
    if (header !== undefined && header !== '') {
      const token = TOKEN_HEADER.exec(header)?.[1];
      const user = token ? await users.authenticate(token) : null;
      if (!user) throw new AppError(ErrorCode.INVALID_TOKEN, 401, 'Your session is no longer valid; please log in again');
      request.user = user;
      return;
    }
    const visitor = request.headers['x-visitor-id'];
    if (typeof visitor === 'string' && VISITOR_ID_PATTERN.test(visitor)) request.visitorId = visitor;
  });
}

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError(ErrorCode.AUTH_REQUIRED, 401, 'Please log in first');
  return request.user;
}
