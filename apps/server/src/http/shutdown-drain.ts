import type { FastifyInstance } from 'fastify';

/** How soon a balancer may ask /readyz again while we drain (we will be gone by then). */
const DRAINING_RETRY_AFTER_SECONDS = 5;

export interface ShutdownDrain {
  /** From now on /readyz answers 503 (reason "draining") and every answer closes its connection. */
  begin(): void;
  isDraining(): boolean;
}

/**
 * The first part of a graceful stop (serve.ts), before the listener closes. Closing at once cut
 * requests: idle keep-alive sockets were closed while clients were already sending on them (10 of
 * 10 connections reset in a burst, issue 58). While draining, the server still serves everything,
 * but /readyz tells the balancer to take this node out, and `Connection: close` on every answer
 * makes each client end its socket after the answer it is reading, so by the time the listener
 * closes no client holds a kept-alive socket to be cut. Registered before the app listens: a root
 * hook reaches every route.
 */
export function registerShutdownDrain(app: FastifyInstance): ShutdownDrain {
  let draining = false;
  app.addHook('onRequest', async (request, reply) => {
    if (!draining) return;
    reply.header('connection', 'close');
    if (request.url === '/readyz' || request.url.startsWith('/readyz?')) {
      return reply
        .code(503)
        .header('retry-after', String(DRAINING_RETRY_AFTER_SECONDS))
        .header('cache-control', 'no-store')
        .send({ error: 'The server is shutting down', code: 'SERVICE_UNAVAILABLE', reason: 'draining' });
    }
  });
  return {
    begin: () => void (draining = true),
    isDraining: () => draining,
  };
}
