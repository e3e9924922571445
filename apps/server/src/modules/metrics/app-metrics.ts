import type { Registry } from 'prom-client';
import type { DatabaseHandle } from '../../db/database.js';
import { createBackgroundMetrics, type BackgroundMetrics } from './background-metrics.js';
import { registerCoinGauges } from './coin-metrics.js';
import { createDatabaseMetrics } from './database-metrics.js';
import { createMoneyMetrics, type MoneyMetrics, type PaymentRails } from './money-metrics.js';
import { createCacheMetrics, type CacheCounter, type CacheName } from './cache-metrics.js';
import { createHttpMetrics, type HttpMetrics } from './http-metrics.js';
import type { MetricsConfig } from './metrics-config.js';
import { createMetricsRegistry } from './metrics-registry.js';
import type { MetricsScrape } from './metrics-scrape.js';

/** Everything an app records, on its own registry; built only when metrics are on (else null everywhere). */
export interface AppMetrics {
  registry: Registry;
  http: HttpMetrics;
  caches: Record<CacheName, CacheCounter>;
  money: MoneyMetrics;
  background: BackgroundMetrics;
}

export function createAppMetrics(config: MetricsConfig, database: DatabaseHandle, rails: PaymentRails): AppMetrics {
  const registry = createMetricsRegistry(config);
  if (database.observeQueries) {
    database.observeQueries(createDatabaseMetrics(registry, { pool: database.poolCounts ?? null }));
  }
  registerCoinGauges(registry, database.db);
  return {
    registry,
    http: createHttpMetrics(registry),
    caches: createCacheMetrics(registry),
    money: createMoneyMetrics(registry, database.db, rails),
    background: createBackgroundMetrics(registry),
  };
}

/** This process's registry as the scrape's text (one process; a cluster worker asks the primary: cluster-metrics.ts). */
export const localScrape = (registry: Registry): MetricsScrape => ({
  contentType: registry.contentType,
  text: () => registry.metrics(),
});
