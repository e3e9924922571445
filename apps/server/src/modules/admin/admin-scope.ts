import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { registerAdminGuard } from '../../plugins/admin-guard.js';

/**
 * `/api/v1/admin/…`: one scope, one guard. Each domain contributes its own admin router (books in
 * catalogue/, refunds in payments/, …); all of them sit behind the guard, so no admin route can be
 * added without it. Answers are never cached by anyone.
 */
export function adminScope(routers: FastifyPluginAsync[]) {
  return async (scope: FastifyInstance) => {
    registerAdminGuard(scope);
    scope.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'private, no-store');
      return payload;
    });
    for (const router of routers) await scope.register(router);
  };
}
