import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
// The per-route `securityHeaders` option (EMBEDDABLE_RESOURCE) is declared in the HTTP kit.
import type {} from '../http/cache-rules.js';

/** Where Stripe's buy button loads its script and draws its frames (Stripe's published CSP list). */
const STRIPE_SCRIPT_SOURCES = ['https://js.stripe.com'];
const STRIPE_FRAME_SOURCES = ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://buy.stripe.com'];
const STRIPE_CONNECT_SOURCES = ['https://api.stripe.com'];
const STRIPE_IMAGE_SOURCES = ['https://*.stripe.com'];

/** What the policy depends on, from the configuration (config.ts reads it; app.ts hands it in). */
interface HeaderConfig {
  readonly publicUrl: string;
  readonly mediaPublicBaseUrl: string | null;
  /** Set when Stripe is configured: its buy button's sources join the policy. */
  readonly stripe: object | null;
}

/**
 * The hashes of what server-rendered pages carry inline, handed in by the wiring root (app.ts)
 * from the page code that writes them, so this plugin does not import it.
 */
export interface InlineSources {
  /** The one inline script: the loader of server-rendered pages (modules/pages/deferred-app-code.ts). */
  scriptSources?: readonly string[];
  /** The `<style>` elements server-rendered pages carry (modules/pages/inline-styles.ts). */
  styleSources?: readonly string[];
}

/**
 * The Content-Security-Policy of the web app. Scripts come from our own origin only, plus the one
 * constant inline loader of server-rendered pages, allowed by its hash (Vite emits no inline
 * script; the JSON blocks are data, not script), so no 'unsafe-inline' is needed. Stripe's hosts
 * are added only when Stripe is configured, and the media CDN only when set.
 */
export function contentSecurityPolicy(
  config: HeaderConfig,
  { scriptSources = [], styleSources = [] }: InlineSources = {},
): Record<string, string[]> {
  const stripe = config.stripe !== null;
  const mediaOrigin = config.mediaPublicBaseUrl ? [new URL(config.mediaPublicBaseUrl).origin] : [];
  const isHttps = config.publicUrl.startsWith('https:');
  return {
    'default-src': ["'self'"],
    // With the hash of the one inline script: the loader of server-rendered pages (modules/pages/deferred-app-code.ts).
    'script-src': ["'self'", ...scriptSources, ...(stripe ? STRIPE_SCRIPT_SOURCES : [])],
    // With the hashes of the stylesheets server-rendered pages carry inline (modules/pages/inline-styles.ts).
    'style-src': ["'self'", ...styleSources],
    // Style attributes only (no <style> element, no script): server-rendered pages carry the ones
    // React writes (a reading-progress bar, a page's aspect ratio), which the browser would
    // otherwise drop until the app re-renders them.
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...mediaOrigin, ...(stripe ? STRIPE_IMAGE_SOURCES : [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(stripe ? STRIPE_CONNECT_SOURCES : [])],
    'frame-src': stripe ? STRIPE_FRAME_SOURCES : ["'none'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'media-src': ["'self'", ...mediaOrigin],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(isHttps ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

export interface SecurityHeaders {
  /** The site's headers: every answer carries them, the router's and the HTTP parser's refusals included. */
  everyAnswer: Readonly<Record<string, string>>;
  /** The same for an answer that is data, not a page (JSON, XML, text): the API's short policy. */
  dataAnswer: Readonly<Record<string, string>>;
  options: HelmetOptions;
}

/**
 * The site's security headers, computed once (helmet runs here, at start-up): the options are
 * needed before the app exists, by the answers Fastify and node's parser give before any hook runs
 * (plugins/client-error-handler.ts).
 */
export function createSecurityHeaders(config: HeaderConfig, inlineSources: InlineSources = {}): SecurityHeaders {
  const isHttps = config.publicUrl.startsWith('https:');
  const options: HelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config, inlineSources) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // Stripe's checkout may open in a pop-up that reports back to the opener.
    crossOriginOpenerPolicy: { policy: config.stripe ? 'same-origin-allow-popups' : 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
  const everyAnswer = Object.freeze(headersOf(options));
  return { everyAnswer, dataAnswer: variantOf(everyAnswer, 'data'), options };
}

/**
 * Headers that only a document (or a worker) acts on. A script, a stylesheet, an image or a font
 * is never a document (`nosniff` keeps it from being sniffed into one), so these bytes would only
 * ride along: the policy alone is about 1.7 KB, uncompressed on HTTP/1.1, and a phone on slow 3G
 * fetching a book list's twenty scripts and covers spent 0.7 s on it.
 */
const DOCUMENT_ONLY = new Set([
  'content-security-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-xss-protection',
  'x-download-options',
  'x-dns-prefetch-control',
  'x-permitted-cross-domain-policies',
]);

/**
 * What an answer is, for its headers:
 * - `page`: HTML (and SVG or XHTML, documents that can run script): the site's full policy;
 * - `subresource`: a script, a stylesheet, a raster image, a font, audio or video, never a
 *   document: without the headers only documents act on (DOCUMENT_ONLY);
 * - `data`: everything else, JSON, XML (OPDS, sitemaps), text, a download: the short policy OWASP
 *   advises for APIs, nothing may load and nothing may frame it, with nosniff.
 */
type AnswerKind = 'page' | 'subresource' | 'data';

const PAGE_TYPE = /^(?:text\/html|application\/xhtml\+xml|image\/svg\+xml)\b/i;
const SUBRESOURCE_TYPE = /^(?:text\/css|(?:text|application)\/javascript|image\/|font\/|audio\/|video\/)/i;
/** The service worker is a script whose own policy governs the worker: it keeps the site's. */
const SERVICE_WORKER = '/sw.js';

/** The kind by the answer's Content-Type; null when it has none (a 304, a redirect, an empty 204). */
function kindOfType(contentType: unknown, url: string | undefined): AnswerKind | null {
  if (typeof contentType !== 'string' || contentType === '') return null;
  if (PAGE_TYPE.test(contentType)) return 'page';
  if (SUBRESOURCE_TYPE.test(contentType)) return url === SERVICE_WORKER ? 'page' : 'subresource';
  return 'data';
}

/**
 * The kind a route's answers usually are, set when the request arrives so that every answer has
 * its headers even before its type is known; an answer with a Content-Type is then set right by
 * it (registerSecurityHeaders). An answer with none (a 304 revalidating a page) keeps this guess.
 */
const SUBRESOURCE_FILE = /\.(js|css|webp|avif|png|jpe?g|gif|ico|woff2?)$/;
function kindOfRoute(url: string | undefined, subresource: boolean | undefined): AnswerKind {
  if (url === undefined) return 'page';
  if (subresource ?? (url !== SERVICE_WORKER && SUBRESOURCE_FILE.test(url))) return 'subresource';
  return url.startsWith(API_PREFIX) ? 'data' : 'page';
}

function variantOf(site: Readonly<Record<string, string>>, kind: AnswerKind): Readonly<Record<string, string>> {
  if (kind === 'page') return site;
  const withoutDocument = Object.fromEntries(Object.entries(site).filter(([name]) => !DOCUMENT_ONLY.has(name)));
  return Object.freeze(kind === 'data' ? { ...withoutDocument, ...API_DOCUMENT_HEADERS } : withoutDocument);
}

type Variants = Readonly<Record<AnswerKind, Readonly<Record<string, string>>>>;
const variantsOf = (site: Readonly<Record<string, string>>): Variants => ({
  page: site,
  subresource: variantOf(site, 'subresource'),
  data: variantOf(site, 'data'),
});

/**
 * Security headers on every response (HTML, API, media, static files), as helmet makes them: CSP,
 * nosniff, frames refused, referrer trimmed to the origin across sites, and HSTS when the site is
 * served over https (sending it over plain http would be ignored, and wrong on localhost). Which
 * set an answer gets is chosen by what the answer is (AnswerKind, by its Content-Type), not by
 * where it was asked: a media refusal is JSON, an OPDS feed XML, an unknown `/api` path a JSON
 * 404, and each gets the data policy like the API does.
 *
 * The headers do not depend on the request, so helmet runs once per policy at start-up and each
 * request gets a finished list. (@fastify/helmet ran helmet anew on every request, parsing the
 * CSP each time: measured about a tenth of a member's chapter read.) A route that needs other
 * headers says so with `config: { securityHeaders: { ...helmet options } }` (EMBEDDABLE_RESOURCE).
 */
export function registerSecurityHeaders(app: FastifyInstance, { everyAnswer, options }: SecurityHeaders): void {
  const perRoute = new Map<HelmetOptions, Variants>();
  app.addHook('onRoute', (route) => {
    const own = route.config?.securityHeaders;
    if (own && !perRoute.has(own)) perRoute.set(own, variantsOf(Object.freeze(headersOf({ ...options, ...own } as HelmetOptions))));
  });
  const site = variantsOf(everyAnswer);
  const guessed = new WeakMap<object, AnswerKind>();
  app.addHook('onRequest', (request, reply, done) => {
    const { config, url } = request.routeOptions;
    let kind = guessed.get(config);
    if (!kind) guessed.set(config, (kind = kindOfRoute(url, config.subresource)));
    reply.headers(((config.securityHeaders && perRoute.get(config.securityHeaders)) || site)[kind]);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const { config, url } = request.routeOptions;
    const kind = kindOfType(reply.getHeader('content-type'), url);
    if (kind !== null && kind !== guessed.get(config)) {
      const headers = ((config.securityHeaders && perRoute.get(config.securityHeaders)) || site)[kind];
      for (const name of DOCUMENT_ONLY) if (!(name in headers)) reply.removeHeader(name);
      reply.headers(headers);
    }
    done(null, payload);
  });
}

const API_PREFIX = '/api/';
/**
 * An answer that is data (JSON, XML, text) is never a page (`nosniff` keeps it from being read as
 * one), so the page's policy, 1.7 KB of style hashes written and checked on every answer, would
 * only ride along. It gets the policy OWASP advises for APIs instead: nothing may load, nothing
 * may frame it.
 */
const API_DOCUMENT_HEADERS = { 'content-security-policy': "default-src 'none'; frame-ancestors 'none'", 'x-frame-options': 'DENY' };

/** The headers helmet sets with these options, read off a stand-in response. */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  return headers;
}
