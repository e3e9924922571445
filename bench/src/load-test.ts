import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  /** autocannon's latency percentiles, in whole milliseconds. */
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Non-2xx answers plus connection errors and timeouts: any of them makes the figures suspect. */
  failures: number;
}

export interface LoadOptions {
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

/** A short unrecorded run first, so JIT compilation, SQLite's page cache and keep-alive sockets are warm. */
export async function measureThroughput(
  url: string,
  options: LoadOptions,
  headers: Readonly<Record<string, string>> = {},
): Promise<LoadResult> {
  const common = { url, connections: options.connections, headers: { ...headers } };
  if (options.warmupSeconds > 0) await autocannon({ ...common, duration: options.warmupSeconds });
  const result = await autocannon({ ...common, duration: options.seconds });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

export interface DepthPoint {
  page: number;
  medianMs: number;
  p90Ms: number;
}

/**
 * Sequential requests (one at a time, sub-millisecond timer) for each page: with no queueing in the way
 * the median is the query's own cost, so an OFFSET scan shows up as a cost that grows with the page number.
 */
export async function probePageDepth(
  baseUrl: string,
  pathForPage: (page: number) => string,
  pages: readonly number[],
): Promise<DepthPoint[]> {
  const points: DepthPoint[] = [];
  for (const page of pages) {
    const url = baseUrl + pathForPage(page);
    const samples: number[] = [];
    for (let i = 0; i < 230; i++) {
      const started = performance.now();
      const response = await fetch(url);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
      if (i >= 30) samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    points.push({ page, medianMs: percentile(samples, 0.5), p90Ms: percentile(samples, 0.9) });
  }
  return points;
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}
