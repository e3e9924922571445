import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import type { Registry } from 'prom-client';
import { hotCounter, hotHistogram, type CounterChild, type HistogramChild } from './hot-path-metrics.js';

/** Requests by route template, never the URL: a bounded label set, and no id of a reader or a book in it. */
export interface HttpMetrics {
  observe(route: string, method: string, statusCode: number, seconds: number): void;
}

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;
const statusClassOf = (statusCode: number) => STATUS_CLASSES[Math.min(4, Math.max(0, Math.floor(statusCode / 100) - 1))]!;
/** What Node's HTTP parser lets through is bounded already; anything else is one label value. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function createHttpMetrics(registry: Registry): HttpMetrics {
  const labelNames = ['route', 'method', 'status_class'] as const;
  const requests = hotCounter(registry, {
    name: 'inkstream_http_requests_total',
    help: 'HTTP requests answered, by route template, method and status class (2xx..5xx).',
    labelNames,
  });
  const durations = hotHistogram(registry, {
    name: 'inkstream_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route template, method and status class.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  // Label children bound once per (route, method, class): a request is one lookup and two additions.
  const children = new Map<string, { count: CounterChild; time: HistogramChild }>();
  return {
    observe(route, method, statusCode, seconds) {
      const verb = METHODS.has(method) ? method : 'OTHER';
      const statusClass = statusClassOf(statusCode);
      const key = `${route} ${verb} ${statusClass}`;
      let child = children.get(key);
      if (!child) {
        child = { count: requests.child(route, verb, statusClass), time: durations.child(route, verb, statusClass) };
        children.set(key, child);
      }
      child.count.inc();
      child.time.observe(seconds);
    },
  };
}

/**
 * Every answer Fastify sends from a route (the public cache's front counts its own:
 * plugins/public-cache-front.ts): each route gets a hook of its own with its template closed over.
 * A global hook would read `request.routeOptions`, a getter that builds a 13-field object at every
 * request: a measurable share of a cached answer's cost (docs/PERFORMANCE.md, "Metrics overhead").
 * Registered before the routes (onRoute hooks see only routes added after them).
 */
export function registerHttpMetrics(app: FastifyInstance, http: HttpMetrics): void {
  app.addHook('onRoute', (route) => {
    // The full template, prefix included; the HEAD route Fastify adds beside a GET comes here too.
    const hook = responseHook(http, route.url);
    const existing = route.onResponse;
    route.onResponse = existing === undefined ? [hook] : [...(Array.isArray(existing) ? existing : [existing]), hook];
  });
}

/** For the not-found handler (modules/pages/pages.routes.ts): a request no route matched is `unmatched`, its URL unbounded. */
export const unmatchedResponseHook = (http: HttpMetrics): onResponseHookHandler => responseHook(http, 'unmatched');

function responseHook(http: HttpMetrics, label: string): onResponseHookHandler {
  return (request, reply, done) => {
    http.observe(label, request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  };
}
