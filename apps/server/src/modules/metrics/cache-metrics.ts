import { Counter, type Registry } from 'prom-client';

/** One cache's hits and misses: two pre-bound counters, so the hot path is one increment. */
export interface CacheCounter {
  hit(): void;
  miss(): void;
}

export type CacheName = 'public' | 'chapter' | 'reader_state';

/** `inkstream_cache_requests_total{cache,result}`: the public cache, the chapter cache, the reader-state cache. */
export function createCacheMetrics(registry: Registry): Record<CacheName, CacheCounter> {
  const counter = new Counter({
    name: 'inkstream_cache_requests_total',
    help: 'Lookups in the in-process caches, by cache (public, chapter, reader_state) and result (hit, miss).',
    labelNames: ['cache', 'result'],
    registers: [registry],
  });
  const bound = (cache: CacheName): CacheCounter => {
    const hits = counter.labels(cache, 'hit');
    const misses = counter.labels(cache, 'miss');
    return { hit: () => hits.inc(), miss: () => misses.inc() };
  };
  return { public: bound('public'), chapter: bound('chapter'), reader_state: bound('reader_state') };
}
