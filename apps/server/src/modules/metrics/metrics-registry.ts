import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { MetricsConfig } from './metrics-config.js';

/** apps/server/package.json, three folders up from src/modules/metrics and from dist/modules/metrics alike. */
function serverVersion(): string {
  try {
    const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    return typeof manifest.version === 'string' ? manifest.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * One registry per app (tests build many apps in one process; prom-client's global `register` is
 * never used): every series carries `node`, prom-client's process and Node.js metrics unprefixed,
 * the event loop's busy time and the build.
 */
export function createMetricsRegistry(config: Pick<MetricsConfig, 'nodeName'>): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ node: config.nodeName });
  collectDefaultMetrics({ register: registry });

  // Cumulative, read at scrape: rate() of it is the share of time the loop was busy (0..1 a process).
  let reportedMs = 0;
  new Counter({
    name: 'inkstream_event_loop_utilization_seconds_total',
    help: 'Time the event loop was busy (performance.eventLoopUtilization().active); rate() is the utilisation.',
    registers: [registry],
    collect() {
      const activeMs = performance.eventLoopUtilization().active;
      if (activeMs > reportedMs) this.inc((activeMs - reportedMs) / 1000);
      reportedMs = Math.max(reportedMs, activeMs);
    },
  });
  new Gauge({
    name: 'inkstream_build_info',
    help: 'Always 1; the server version in its label.',
    labelNames: ['version'],
    registers: [registry],
    aggregator: 'first',
  }).set({ version: serverVersion() }, 1);
  return registry;
}
