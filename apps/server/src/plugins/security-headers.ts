import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config.js';
// The per-route `securityHeaders` option (EMBEDDABLE_RESOURCE) is declared in the HTTP kit.
import type {} from '../http/cache-rules.js';

/** Where Stripe's buy button loads its script and draws its frames (Stripe's published CSP list). */
const STRIPE_SCRIPT_SOURCES = ['https://js.stripe.com'];
const STRIPE_FRAME_SOURCES = ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://buy.stripe.com'];
const STRIPE_CONNECT_SOURCES = ['https://api.stripe.com'];
const STRIPE_IMAGE_SOURCES = ['https://*.stripe.com'];

type HeaderConfig = Pick<AppConfig, 'publicUrl' | 'mediaPublicBaseUrl' | 'stripe'>;

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
  return { everyAnswer: Object.freeze(headersOf(options)), options };
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
 * Built files that are never a document: hashed scripts and styles, raster images, fonts. SVG is
 * left out (opened on its own it is a document that can run script), and so is the service
 * worker, whose script's policy governs the worker.
 */
const SUBRESOURCE_FILE = /\.(js|css|webp|avif|png|jpe?g|gif|ico|woff2?)$/;
const isSubresourceRoute = (url: string | undefined, subresource: boolean | undefined) =>
  subresource ?? (url !== undefined && url !== '/sw.js' && SUBRESOURCE_FILE.test(url));

const withoutDocumentHeaders = (headers: Record<string, string>) =>
  Object.freeze(Object.fromEntries(Object.entries(headers).filter(([name]) => !DOCUMENT_ONLY.has(name))));

/**
 * Security headers on every response (HTML, API, media, static files), as helmet makes them: CSP,
 * nosniff, frames refused, referrer trimmed to the origin across sites, and HSTS when the site is
 * served over https (sending it over plain http would be ignored, and wrong on localhost). Static
 * scripts, styles and images, and media (`config: { subresource: true }`), get the same without
 * the headers only documents act on (DOCUMENT_ONLY).
 *
 * The headers do not depend on the request, so helmet runs once per policy at start-up and each
 * request gets the finished list. (@fastify/helmet ran helmet anew on every request, parsing the
 * CSP each time: measured about a tenth of a member's chapter read.) A route that needs other
 * headers says so with `config: { securityHeaders: { ...helmet options } }` (EMBEDDABLE_RESOURCE).
 */
export function registerSecurityHeaders(app: FastifyInstance, { everyAnswer, options }: SecurityHeaders): void {
  const perRoute = new Map<HelmetOptions, Record<string, string>>();
  app.addHook('onRoute', (route) => {
    const own = route.config?.securityHeaders;
    if (own && !perRoute.has(own)) perRoute.set(own, headersOf({ ...options, ...own } as HelmetOptions));
  });
  // Each route's answer is the same for every request: chosen once per route (by its config object,
  // which Fastify keeps per route).
  const chosen = new WeakMap<object, Readonly<Record<string, string>>>();
  const choose = (url: string, own: HelmetOptions | undefined, subresource: boolean | undefined) => {
    const site = (own && perRoute.get(own)) || everyAnswer;
    if (isSubresourceRoute(url, subresource)) return withoutDocumentHeaders(site);
    if (url.startsWith(API_PREFIX)) return { ...withoutDocumentHeaders(site), ...API_DOCUMENT_HEADERS };
    return site;
  };
  app.addHook('onRequest', (request, reply, done) => {
    const { config, url } = request.routeOptions;
    if (url === undefined) {
      reply.headers(everyAnswer);
      return done();
    }
    let headers = chosen.get(config);
    if (!headers) chosen.set(config, (headers = choose(url, config.securityHeaders, config.subresource)));
    reply.headers(headers);
    done();
  });
}

const API_PREFIX = '/api/';
/**
 * An API answer is JSON (`nosniff` keeps it from being read as anything else), so the page's
 * policy, 1.7 KB of style hashes written and checked on every answer, would only ride along. It
 * gets the policy OWASP advises for APIs instead: nothing may load, nothing may frame it.
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
