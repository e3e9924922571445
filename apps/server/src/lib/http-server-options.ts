import type { FastifyServerOptions } from 'fastify';

/**
 * Timeouts of the HTTP server, chosen for a public site behind a load balancer:
 * - headers must arrive within 20 s and the whole request (headers and body; our bodies are at
 *   most 256 KiB) within 30 s, so slow-loris clients cannot hold sockets open;
 * - idle keep-alive connections are kept 72 s, longer than the usual 60 s idle timeout of load
 *   balancers (AWS ALB, nginx), so the balancer always closes first and never reuses a socket we
 *   are closing (the cause of sporadic 502s); the server says so (`Keep-Alive: timeout=72`);
 * - a socket with no traffic either way for 75 s is closed (a media download that keeps flowing
 *   is never cut). Longer than the keep-alive on purpose: a client that honours the advertised
 *   72 s must never find the socket already closed for idleness (issue 56: it was 60 s, and a
 *   client reusing a socket after a minute's pause got "other side closed").
 *   httpServerOptions refuses timeouts that break this.
 * Node checks the header and request deadlines every `connectionsCheckingInterval`; 2 s keeps the
 * enforcement close to the deadline.
 */
export const HTTP_TIMEOUTS = {
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 30_000,
  idleSocketTimeoutMs: 75_000,
  keepAliveTimeoutMs: 72_000,
  checkIntervalMs: 2_000,
} as const;

export type HttpTimeouts = { readonly [K in keyof typeof HTTP_TIMEOUTS]: number };

export function httpServerOptions(timeouts: HttpTimeouts = HTTP_TIMEOUTS): Partial<FastifyServerOptions> {
  if (timeouts.idleSocketTimeoutMs <= timeouts.keepAliveTimeoutMs) {
    throw new Error(
      `the idle socket timeout (${timeouts.idleSocketTimeoutMs} ms) must be longer than the keep-alive it advertises (${timeouts.keepAliveTimeoutMs} ms)`,
    );
  }
  return {
    requestTimeout: timeouts.requestTimeoutMs,
    connectionTimeout: timeouts.idleSocketTimeoutMs,
    keepAliveTimeout: timeouts.keepAliveTimeoutMs,
    http: {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
  } as Partial<FastifyServerOptions>;
}
