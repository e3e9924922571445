import { performance } from 'node:perf_hooks';
import http, { type IncomingMessage, type OutgoingHttpHeaders, type RequestListener, type ServerResponse } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import { varyKey, type VaryRule } from '../http/vary-key.js';

/**
 * The front of the public cache: a repeat of a URL whose answer is already kept is written
 * straight from the HTTP server's request event, before Fastify routes, validates or runs a
 * hook, with exactly the status line, headers and bytes the full path sent the first time. The
 * full path (plugins/public-cache.ts) decides what may be kept and fills this table; this file
 * only replays it, so a cached answer costs about what a static file served from memory does.
 *
 * Only the exact URL string seen before is replayed (other spellings of the same request take
 * the full path, which normalises them), only for GET without an Authorization header, only to a
 * request that sends the same values of the headers the answer varies on (its Vary: Save-Data,
 * say) as the request it was kept from, and never while the server is closing (Fastify then
 * answers 503 and closes the connection).
 */
export interface FrontEntry {
  /** Every header the full path sent, content-length included. */
  headers: OutgoingHttpHeaders;
  /** The headers of a 304: the same without content-type and content-length. */
  notModifiedHeaders: OutgoingHttpHeaders;
  etag: string;
  body: Buffer;
  expiresAt: number;
  /** The headers the answer varies on, and their values (http/vary-key.ts) in the request it was kept from. */
  vary: VaryRule;
  variant: string;
  /** The route template of the answer (its metrics label: a replay counts as a request of that route). */
  route: string;
}

/** Told of each answer the front replayed; `startedAt` is performance.now() when the request reached it. */
export type FrontServed = (request: IncomingMessage, status: number, entry: FrontEntry, startedAt: number) => void;

export interface PublicCacheFront {
  /** Answers `request` from the table; false when the full path must answer it. */
  serve(request: IncomingMessage, response: ServerResponse): boolean;
  /** Installed by the public cache once it is registered. */
  attach(lookup: (url: string, now: number) => FrontEntry | undefined, onServed?: FrontServed): void;
  /** From then on every request takes the full path (graceful stop). */
  close(): void;
}

export function createPublicCacheFront(now: () => number = Date.now): PublicCacheFront {
  let lookup: ((url: string, now: number) => FrontEntry | undefined) | undefined;
  let served: FrontServed | undefined;
  let closing = false;
  return {
    serve(request, response) {
      // Keyed by the URL: a request whose headers the answer varies on differ takes the full path,
      // which keys on them.
      if (!lookup || closing || request.method !== 'GET' || request.headers.authorization !== undefined || !request.url) return false;
      const startedAt = performance.now();
      const entry = lookup(request.url, now());
      if (!entry || varyKey(entry.vary, request.headers) !== entry.variant) return false;
      if (ifNoneMatch(request.headers['if-none-match'], entry.etag)) {
        response.writeHead(304, entry.notModifiedHeaders).end();
        served?.(request, 304, entry, startedAt);
      } else {
        response.writeHead(200, entry.headers).end(entry.body);
        served?.(request, 200, entry, startedAt);
      }
      return true;
    },
    attach(next, onServed) {
      lookup = next;
      served = onServed;
    },
    close() {
      closing = true;
    },
  };
}

/** The same rules as the full path: the strong tag, its weak form, or `*`. */
export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === etag || value === `W/${etag}` || value === '*';
  });
}

/**
 * Fastify's `serverFactory`: the HTTP/1.1 server Fastify would make (same timeouts), with the
 * front of the public cache ahead of Fastify's own request handler.
 */
export function serverWithFront(front: PublicCacheFront) {
  return (handler: RequestListener, options: FastifyServerOptions): http.Server => {
    const server = http.createServer((options as { http?: http.ServerOptions }).http ?? {}, (request, response) => {
      if (!front.serve(request, response)) handler(request, response);
    });
    // What Fastify sets on a server it makes itself (fastify/lib/server.js).
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    return server;
  };
}
