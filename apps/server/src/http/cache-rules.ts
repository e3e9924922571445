import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HelmetOptions } from 'helmet';

/**
 * The caching and header rules a route states in its `config` (the HTTP kit: routes in modules/
 * and the plugins that apply the rules both import this file, so neither imports the other).
 *
 * Public answers: see plugins/public-cache.ts for how they are kept and replayed.
 */
/**
 * What a kept answer may show, each with a version of its own that moves when it changes
 * (modules/catalogue/catalogue-changes.ts): a change drops only the answers that show it.
 */
export const CACHE_TOPICS = ['catalogue', 'site-settings', 'legal-texts'] as const;
export type CacheTopic = (typeof CACHE_TOPICS)[number];

/**
 * The versions of what is kept in memory (the catalogue, site settings, legal texts), handed in by
 * the wiring root (modules/catalogue/catalogue-changes.ts): the public cache and the page renderer
 * key what they keep on them and drop it when one moves.
 */
export interface VersionSource {
  /** The version of `topic` last seen, or undefined before it is known (nothing showing it is kept then). */
  peek(topic: CacheTopic): string | undefined;
  /** Called with the topic whose version moved; returns the unsubscribe function. */
  subscribe(listener: (topic: CacheTopic) => void): () => void;
}

/**
 * The versions of `shows` as one key part, to compare with a kept one; undefined while one is unknown
 * (nothing is kept then). One topic, the usual case, is its version alone.
 */
export function versionStamp(versions: VersionSource, shows: readonly CacheTopic[]): string | undefined {
  if (shows.length === 1) return versions.peek(shows[0]!);
  let stamp = '';
  for (const topic of shows) {
    const version = versions.peek(topic);
    if (version === undefined) return undefined;
    stamp += `${topic}=${version};`;
  }
  return stamp;
}

export interface PublicCacheRoute {
  /** Seconds a browser or CDN may reuse the answer (Cache-Control max-age). */
  maxAge: number;
  staleWhileRevalidate: number;
  /** How long this process serves its copy when the versions it follows do not change. */
  ttlMs: number;
  /**
   * What the answer shows (default: the catalogue, books and chapters): it is kept per version of
   * each, and dropped when one of them moves. When in doubt, list it: a stale answer is worse.
   */
  shows?: readonly CacheTopic[];
  /**
   * Request headers the answer depends on besides the URL (sent as Vary): each becomes part of the
   * in-process cache's key (http/vary-key.ts), as a shared cache keys on Vary.
   */
  vary?: string;
  /** With Cookie in `vary`: the cookies the answer follows, so only their values key it. */
  varyCookies?: readonly string[];
  /** Only answers the handler marks with allowPublicCache() are public. */
  confirm?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    publicCache?: PublicCacheRoute;
  }
}

/** Per-route policies (docs/API.md, "Caching"). */
export const PUBLIC_CACHE = {
  // Book lists follow the catalogue version; popularity order and counts move without it (30 s here).
  bookLists: { maxAge: 10, staleWhileRevalidate: 60, ttlMs: 30_000 },
  // Tags and recommendations change only with the catalogue version.
  catalogueFacts: { maxAge: 60, staleWhileRevalidate: 300, ttlMs: 300_000 },
  // Free chapters only (the handler vouches); total_likes moves without the version. A logged-in
  // reader's answer differs (already_favor), hence Vary: a browser must not reuse a visitor's copy;
  // so does a data saver's (Save-Data: the lighter pages), kept apart from the others.
  freeChapter: { maxAge: 60, staleWhileRevalidate: 300, ttlMs: 10_000, vary: 'Authorization, Save-Data', confirm: true },
  // A page of chapter comments as a visitor sees it (no Authorization: a reader's own answer is
  // private): a new comment reaches visitors within about 3 s (2 s here, then the browser's 1 s).
  commentPages: { maxAge: 1, staleWhileRevalidate: 2, ttlMs: 2_000, vary: 'Authorization' },
  // Issue 46, the release calendar: follows the catalogue version (a chapter out or scheduled, a
  // book's days); without ?week= it is this week, whose "today" moves at midnight: a minute here.
  calendar: { maxAge: 60, staleWhileRevalidate: 300, ttlMs: 60_000 },
  // Issue 46, author pages: credits follow the catalogue version, the books' order popularity (30 s, as book lists).
  authorPages: { maxAge: 60, staleWhileRevalidate: 300, ttlMs: 30_000 },
  // Rankings (issue 46): figures computed every few minutes in the background, the cards as the
  // book lists'; a new computation reaches the cached copies within 30 s.
  discoveryLists: { maxAge: 10, staleWhileRevalidate: 60, ttlMs: 30_000 },
  // "Readers also read": as discoveryLists for visitors; with a token the answer leaves out the
  // reader's finished books, so it is private (Vary: a browser must not reuse a visitor's copy).
  discoveryPersonal: { maxAge: 10, staleWhileRevalidate: 60, ttlMs: 30_000, vary: 'Authorization' },
  // Site settings and the coin packs on sale (these move without a version: 2 s here); no book or chapter.
  siteConfig: { maxAge: 60, staleWhileRevalidate: 300, ttlMs: 2_000, shows: ['site-settings'] },
  // Privacy and terms pages (issue 43): a published version, or a site setting they name, shows
  // within seconds on every node; without `?language=` the answer follows Accept-Language.
  legalPages: { maxAge: 60, staleWhileRevalidate: 300, ttlMs: 5_000, vary: 'Accept-Language', shows: ['legal-texts', 'site-settings'] },
} satisfies Record<string, PublicCacheRoute>;

/** The per-request note the public cache keeps (plugins/public-cache.ts reads and writes it). */
export const publicCacheState = Symbol('publicCache');
export interface PublicCacheRequestState {
  key?: string;
  version?: string;
  hit?: boolean;
  allowed?: boolean;
}
export type WithPublicCacheState = FastifyRequest & { [publicCacheState]?: PublicCacheRequestState };

/** Lets a `confirm` route's answer be shared (call only when it is the same for every visitor). */
export function allowPublicCache(reply: FastifyReply): void {
  const request = reply.request as WithPublicCacheState;
  (request[publicCacheState] ??= {}).allowed = true;
}

/** Route option for responses other sites may embed: media is drawn by pages on a CDN host too. */
export const EMBEDDABLE_RESOURCE: HelmetOptions = { crossOriginResourcePolicy: { policy: 'cross-origin' } };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Helmet options that replace the site's for this route (computed once, at start-up; plugins/security-headers.ts). */
    securityHeaders?: HelmetOptions;
    /**
     * Never a document (images, scripts): sent without the headers only documents act on
     * (plugins/security-headers.ts). Static files are told by their extension.
     */
    subresource?: boolean;
  }
}
