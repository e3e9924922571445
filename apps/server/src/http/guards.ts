import { ErrorCode } from '@inkstream/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import type { AuthUser } from './request-user.js';

/** A token that is malformed, expired or revoked: the client drops the session. */
export const invalidTokenError = () => new AppError(ErrorCode.INVALID_TOKEN, 401, 'Your session is no longer valid; please log in again');

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError(ErrorCode.AUTH_REQUIRED, 401, 'Please log in first');
  return request.user;
}

export function requireAdmin(request: FastifyRequest): AuthUser {
  const user = request.user;
  if (!user) throw new AppError(ErrorCode.AUTH_REQUIRED, 401, 'Please log in first');
  if (user.role !== 'admin') throw new AppError(ErrorCode.FORBIDDEN, 403, 'Only administrators may do this');
  return user;
}

/**
 * Closes a route scope to everyone but administrators: 401 without a token, 403 FORBIDDEN for any
 * other account. It runs at `onRequest`, before the body is read, so an upload from anyone else is
 * refused before a byte of it is stored.
 */
export function registerAdminGuard(scope: FastifyInstance): void {
  scope.addHook('onRequest', async (request) => {
    requireAdmin(request);
  });
}
