import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isLogLevelEnabled } from './request-logging.js';
import {
  publicCacheState,
  versionStamp,
  type CacheTopic,
  type PublicCacheRoute,
  type VersionSource,
  type WithPublicCacheState,
} from '../http/cache-rules.js';
import { AUTH_PLUGIN } from './auth.js';
import { ifNoneMatch, type FrontEntry, type PublicCacheFront } from './public-cache-front.js';
import { coversVary, varyKey, varyNames, type VaryRule } from '../http/vary-key.js';

/**
 * Answers that are the same for every visitor, kept as the bytes Fastify sent, so a repeat is
 * served from the onRequest hook: no database, no validation, no serialisation. See docs/API.md
 * ("Caching") for the routes and how stale each may be.
 *
 * A route opts in with `config: { publicCache: {...} }`. The key holds the version of each thing the
 * route's answers show (`shows`: the catalogue unless it says otherwise; site settings, legal
 * texts), and the answers that show a thing are dropped when its version moves, so a publish shows
 * at once and a legal text leaves the book lists kept; what changes without a version (likes,
 * popularity) is bounded by the route's `ttlMs`. Never stored: requests with an
 * Authorization header, answers other than 200, and, on routes with `confirm`, answers the
 * handler did not vouch for with `allowPublicCache` (chapter content: only free chapters).
 *
 * Like a shared cache, the key holds every request header the answer varies on (the route's
 * `vary`, http/vary-key.ts): a data saver's lighter answer is never replayed to other visitors,
 * nor theirs to it. An answer whose Vary names a header the route did not declare is not kept.
 */
interface Entry {
  /** The answer's bytes; the front's entry for the exact URL holds the same Buffer, not a copy. */
  body: Buffer;
  etag: string;
  contentType: string;
  bytes: number;
  expiresAt: number;
  /** What it shows (its route's `shows`): dropped when one of their versions moves. */
  shows: readonly CacheTopic[];
}

const PRIVATE = 'private, no-store';
const state: typeof publicCacheState = publicCacheState;
type WithState = WithPublicCacheState;

/** What a route's answers show when it does not say. */
const CATALOGUE_ONLY: readonly CacheTopic[] = ['catalogue'];
const showsOf = (route: PublicCacheRoute): readonly CacheTopic[] => route.shows ?? CATALOGUE_ONLY;

export interface PublicCacheOptions {
  versions: VersionSource;
  /** The HTTP server's front (public-cache-front.ts): replays kept answers before routing. */
  front?: PublicCacheFront;
  /** LOG_REQUESTS: answers from the front are logged at info; else at debug, like other request lines. */
  logRequests?: boolean;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
  /** Metrics (modules/metrics/) when they are on; absent: nothing counted, nothing timed. */
  metrics?: PublicCacheMetrics | null;
}

/** What the public cache reports when metrics are on: its hits and misses, and the front's answers as HTTP requests. */
export interface PublicCacheMetrics {
  hit(): void;
  miss(): void;
  /** An answer the front replayed (Fastify never saw it, so its onResponse hook did not count it). */
  frontAnswered(route: string, method: string, statusCode: number, seconds: number): void;
}

export function createPublicCacheStore<E extends { bytes: number; expiresAt: number; shows: readonly CacheTopic[] } = Entry>(limits: {
  maxEntries: number;
  maxBytes: number;
}) {
  // A Map keeps insertion order: re-inserting on a hit makes its first key the least recently used.
  const entries = new Map<string, E>();
  let bytes = 0;
  const remove = (key: string, entry: E) => {
    entries.delete(key);
    bytes -= entry.bytes;
  };
  return {
    get(key: string, now: number): E | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      remove(key, entry);
      if (entry.expiresAt <= now) return undefined;
      entries.set(key, entry);
      bytes += entry.bytes;
      return entry;
    },
    set(key: string, entry: E): void {
      if (entry.bytes > limits.maxBytes) return;
      const old = entries.get(key);
      if (old) remove(key, old);
      entries.set(key, entry);
      bytes += entry.bytes;
      for (const [oldest, value] of entries) {
        if (entries.size <= limits.maxEntries && bytes <= limits.maxBytes) break;
        remove(oldest, value);
      }
    },
    clear(): void {
      entries.clear();
      bytes = 0;
    },
    /** Drops the entries that show `topic` (its version moved); the others stay. */
    dropShowing(topic: CacheTopic): void {
      for (const [key, entry] of entries) if (entry.shows.includes(topic)) remove(key, entry);
    },
    stats: () => ({ entries: entries.size, bytes }),
  };
}

export type PublicCacheStore = Omit<ReturnType<typeof createPublicCacheStore<Entry>>, 'stats'> & {
  stats(): { entries: number; bytes: number; front: { entries: number; bytes: number; served: number } };
};

/** Each route's Vary rule, read once from its options. */
const rules = new WeakMap<PublicCacheRoute, VaryRule>();
function ruleOf(route: PublicCacheRoute): VaryRule {
  let rule = rules.get(route);
  if (!rule) {
    rule = { names: varyNames(route.vary), ...(route.varyCookies ? { cookies: route.varyCookies } : {}) };
    rules.set(route, rule);
  }
  return rule;
}

/**
 * Sorted parameters, a lower-cased language and the headers the route varies on: requests that
 * mean the same share one entry, requests that may be answered differently never do. Null when
 * the request cannot share an answer.
 */
function keyOf(request: FastifyRequest, route: PublicCacheRoute, version: string): string | null {
  const variant = varyKey(ruleOf(route), request.headers);
  if (variant === null) return null;
  const params = Object.entries((request.params ?? {}) as Record<string, string>)
    .map(([name, value]) => `${name}=${name === 'language' ? value.toLowerCase() : value}`)
    .sort()
    .join('&');
  const at = request.url.indexOf('?');
  const query =
    at < 0
      ? ''
      : [...new URLSearchParams(request.url.slice(at + 1))]
          .map(([name, value]) => [name, name === 'language' ? value.toLowerCase() : value] as const)
          .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)) // stable: repeated names keep their order
          .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
          .join('&');
  return `${request.routeOptions.url}\n${params}\n${query}\n${version}${variant}`;
}

const cacheControl = (route: PublicCacheRoute) => `public, max-age=${route.maxAge}, stale-while-revalidate=${route.staleWhileRevalidate}`;

/** The route's Vary, added to any the handler set (never replacing it: a cache downstream must see both). */
function publicHeaders(reply: FastifyReply, route: PublicCacheRoute, etag: string): void {
  reply.header('etag', etag).header('cache-control', cacheControl(route));
  if (!route.vary) return;
  const set = reply.getHeader('vary');
  const own = varyNames(set);
  const missing = route.vary
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '' && !own.includes(name.toLowerCase()));
  if (own.length === 0) reply.header('vary', route.vary);
  else if (missing.length > 0) reply.header('vary', [String(set), ...missing].join(', '));
}

export function registerPublicCache(app: FastifyInstance, options: PublicCacheOptions): PublicCacheStore {
  const now = options.now ?? Date.now;
  const store = createPublicCacheStore({ maxEntries: options.maxEntries ?? 5000, maxBytes: options.maxBytes ?? 32 * 1024 * 1024 });
  // Keys carry the versions too; dropping frees the old answers at once rather than when evicted.
  // The front's table, keyed by the exact URL: only what the full path kept, dropped with it.
  let frontServed = 0;
  const exact = createPublicCacheStore<FrontEntry & { bytes: number; shows: readonly CacheTopic[] }>({
    maxEntries: options.maxEntries ?? 5000,
    maxBytes: options.maxBytes ?? 32 * 1024 * 1024,
  });
  const unsubscribe = options.versions.subscribe((topic) => {
    store.dropShowing(topic);
    exact.dropShowing(topic);
  });
  const metrics = options.metrics ?? null;
  options.front?.attach(
    (url, at) => exact.get(url, at),
    (request, status, entry, startedAt) => {
      frontServed += 1;
      if (metrics) {
        metrics.hit();
        metrics.frontAnswered(entry.route, 'GET', status, (performance.now() - startedAt) / 1000);
      }
      const level = options.logRequests ? 'info' : 'debug';
      if (isLogLevelEnabled(app.log, level))
        app.log[level](
          { req: { method: request.method, url: request.url }, res: { statusCode: status } },
          'request completed from the cache',
        );
    },
  );
  app.addHook('preClose', async () => options.front?.close());
  app.addHook('onClose', async () => void unsubscribe());

  // Callback hooks, not async ones: they run on every request of these routes, most of which
  // (a member's chapter, a miss) only look and go on.
  app.addHook('onRequest', (request: WithState, reply, done) => {
    const route = request.routeOptions.config?.publicCache;
    if (!route || request.method !== 'GET' || request.headers.authorization) return done();
    const version = versionStamp(options.versions, showsOf(route));
    if (version === undefined) return done();
    const key = keyOf(request, route, version);
    if (key === null) return done();
    request[state] = { key, version };
    const entry = store.get(key, now());
    if (!entry) {
      metrics?.miss();
      return done();
    }
    metrics?.hit();
    request[state].hit = true;
    publicHeaders(reply, route, entry.etag);
    // Answered here: Fastify skips the rest of the request when a hook sends without calling done.
    if (ifNoneMatch(request.headers['if-none-match'], entry.etag)) reply.code(304).send();
    else reply.code(200).header('content-type', entry.contentType).send(entry.body);
  });

  app.addHook('onSend', (request: WithState, reply, payload, done) => {
    const route = request.routeOptions.config?.publicCache;
    if (!route || request.method !== 'GET' || request[state]?.hit) return done(null, payload);
    done(null, kept(request, reply, route, payload));
  });

  /** The answer to send: marked public, kept and compared with If-None-Match when it may be shared. */
  function kept(request: WithState, reply: FastifyReply, route: PublicCacheRoute, payload: unknown): unknown {
    const seen = request[state];
    const shareable =
      !request.headers.authorization &&
      reply.statusCode === 200 &&
      typeof payload === 'string' &&
      (!route.confirm || seen?.allowed === true);
    if (!shareable) {
      // Whatever the handler said, an answer this route did not share must not be kept by a CDN.
      reply.header('cache-control', PRIVATE);
      return payload;
    }
    const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
    publicHeaders(reply, route, etag);
    // An answer begun before a version it follows moved is not kept: its key is already unreachable.
    // Nor one that varies on a header its key was not made from (a handler's own Vary).
    const rule = ruleOf(route);
    const shows = showsOf(route);
    if (seen?.key && seen.version === versionStamp(options.versions, shows) && coversVary(rule, varyNames(reply.getHeader('vary')))) {
      const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
      const expiresAt = now() + route.ttlMs;
      // One Buffer for both tables: each counts it against its own limit, but it is held once.
      const body = Buffer.from(payload);
      store.set(seen.key, { body, etag, contentType, bytes: body.length, expiresAt, shows });
      if (options.front) keepForFront(request, rule, reply, body, etag, expiresAt, shows);
    }
    if (ifNoneMatch(request.headers['if-none-match'], etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  }

  /**
   * The exact URL's answer as sent: every header the full path set (security headers included),
   * with the values of the headers it varies on, which a request must match to be served it.
   */
  function keepForFront(
    request: FastifyRequest,
    rule: VaryRule,
    reply: FastifyReply,
    body: Buffer,
    etag: string,
    expiresAt: number,
    shows: readonly CacheTopic[],
  ): void {
    const variant = varyKey(rule, request.headers);
    if (variant === null) return;
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) headers[name] = typeof value === 'number' ? String(value) : value;
    }
    headers['content-length'] = String(body.length);
    const notModifiedHeaders = Object.fromEntries(
      Object.entries(headers).filter(([name]) => name !== 'content-length' && name !== 'content-type'),
    );
    const route = request.routeOptions.url ?? 'unmatched';
    exact.set(request.url, { headers, notModifiedHeaders, etag, body, expiresAt, bytes: body.length, vary: rule, variant, route, shows });
  }

  return {
    ...store,
    clear() {
      store.clear();
      exact.clear();
    },
    dropShowing(topic: CacheTopic) {
      store.dropShowing(topic);
      exact.dropShowing(topic);
    },
    /** `entries`, `bytes`: the full path's table; `front`: the front's table and how often it answered. */
    stats: () => ({ ...store.stats(), front: { ...exact.stats(), served: frontServed } }),
  };
}

/**
 * registerPublicCache as a plugin that decorates the app with its store (`app.publicCache`). It
 * depends on auth: its onRequest hook must run after the token check, so a request with a bad
 * token is refused before any kept answer could be served.
 */
export const publicCachePlugin = fp<PublicCacheOptions>(
  async (app, options) => {
    app.decorate('publicCache', registerPublicCache(app, options));
  },
  { name: 'inkstream-public-cache', fastify: '5.x', dependencies: [AUTH_PLUGIN] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared answers of public reads; tests look at its size. */
    publicCache: PublicCacheStore;
  }
}
