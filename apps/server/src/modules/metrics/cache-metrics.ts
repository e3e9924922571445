import type { Registry } from 'prom-client';
import { hotCounter } from './hot-path-metrics.js';

/** One cache's hits and misses: two children bound once (hot-path-metrics.ts), so the hot path is one addition. */
export interface CacheCounter {
  hit(): void;
  miss(): void;
}

export type CacheName = 'public' | 'chapter' | 'reader_state';

/** `inkstream_cache_requests_total{cache,result}`: the public cache, the chapter cache, the reader-state cache. */
export function createCacheMetrics(registry: Registry): Record<CacheName, CacheCounter> {
  const counter = hotCounter(registry, {
    name: 'inkstream_cache_requests_total',
    help: 'Lookups in the in-process caches, by cache (public, chapter, reader_state) and result (hit, miss).',
    labelNames: ['cache', 'result'],
  });
  const bound = (cache: CacheName): CacheCounter => {
    const hits = counter.child(cache, 'hit');
    const misses = counter.child(cache, 'miss');
    return { hit: () => hits.inc(), miss: () => misses.inc() };
  };
  return { public: bound('public'), chapter: bound('chapter'), reader_state: bound('reader_state') };
}
