import { ErrorCode } from '@inkstream/contracts';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { registerAdminGuard } from '../../http/guards.js';
import { hasTwoStep } from '../users/two-step.js';

/**
 * `/api/v1/admin/…`: one scope, one guard. Each domain contributes its own admin router (books in
 * catalogue/, refunds in payments/, …); all of them sit behind the guard, so no admin route can be
 * added without it. Answers are never cached by anyone. With ADMIN_REQUIRE_2FA, an administrator
 * without two-step sign-in is refused 403 TOTP_SETUP_REQUIRED (the admin CLI is not behind it).
 */
export function adminScope(routers: FastifyPluginAsync[], options: { db: Db; requireTwoStep: boolean }) {
  return async (scope: FastifyInstance) => {
    registerAdminGuard(scope);
    if (options.requireTwoStep) {
      // ADMIN_REQUIRE_2FA: an administrator without two-step sign-in may log in, read and set it up
      // (/user/totp/*), but no console call answers until it is on. After the guard, before the body.
      scope.addHook('onRequest', async (request) => {
        if (request.user && !(await hasTwoStep(options.db, request.user.id)))
          throw new AppError(
            ErrorCode.TOTP_SETUP_REQUIRED,
            403,
            'Administrators must turn on two-step sign-in (profile) before using the console',
          );
      });
    }
    scope.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'private, no-store');
      return payload;
    });
    for (const router of routers) await scope.register(router);
  };
}
