import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';

/** Where Stripe's buy button loads its script and draws its frames (Stripe's published CSP list). */
const STRIPE_SCRIPT_SOURCES = ['https://js.stripe.com'];
const STRIPE_FRAME_SOURCES = ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://buy.stripe.com'];
const STRIPE_CONNECT_SOURCES = ['https://api.stripe.com'];
const STRIPE_IMAGE_SOURCES = ['https://*.stripe.com'];

/** Route option for responses other sites may embed: media is drawn by pages on a CDN host too. */
export const EMBEDDABLE_RESOURCE = { crossOriginResourcePolicy: { policy: 'cross-origin' as const } };

type HeaderConfig = Pick<AppConfig, 'publicUrl' | 'mediaPublicBaseUrl' | 'stripe'>;

/**
 * The Content-Security-Policy of the web app. Scripts come from our own origin only (Vite emits
 * no inline script; the JSON-LD block in the head is data, not script), so no 'unsafe-inline' is
 * needed. Stripe's hosts are added only when Stripe is configured, and the media CDN only when set.
 */
export function contentSecurityPolicy(config: HeaderConfig): Record<string, string[]> {
  const stripe = config.stripe !== null;
  const mediaOrigin = config.mediaPublicBaseUrl ? [new URL(config.mediaPublicBaseUrl).origin] : [];
  const isHttps = config.publicUrl.startsWith('https:');
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(stripe ? STRIPE_SCRIPT_SOURCES : [])],
    'style-src': ["'self'"],
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

/**
 * Security headers on every response (HTML, API, media, static files) through @fastify/helmet:
 * CSP, nosniff, frames refused, referrer trimmed to the origin across sites, and HSTS when the
 * site is served over https (sending it over plain http would be ignored, and wrong on localhost).
 * Registered before the routes so per-route overrides (EMBEDDABLE_RESOURCE) are seen.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: HeaderConfig): Promise<void> {
  const isHttps = config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // Stripe's checkout may open in a pop-up that reports back to the opener.
    crossOriginOpenerPolicy: { policy: config.stripe ? 'same-origin-allow-popups' : 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}
