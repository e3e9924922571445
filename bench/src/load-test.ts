import { fork } from 'node:child_process';

export interface LoadResult {
  requestsPerSecond: number;
  /** autocannon's latency percentiles, in whole milliseconds. */
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Non-2xx answers plus connection errors and timeouts: any of them makes the figures suspect. */
  failures: number;
  /** With a cycle of paths: where the next run should go on from (requests sent, warm-up included, plus the offset). */
  sent?: number;
}

export interface LoadOptions {
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

/**
 * A short unrecorded run first, so JIT compilation, SQLite's page cache and keep-alive sockets are
 * warm. autocannon runs in a child process with a heap of its own (load-client.ts says why).
 */
export async function measureThroughput(
  url: string,
  options: LoadOptions,
  headers: Readonly<Record<string, string>> = {},
  cycle?: { file: string; offset: number },
  expectedStatus?: number,
): Promise<LoadResult> {
  const run = {
    expectedStatus,
    url,
    connections: options.connections,
    headers: { ...headers },
    warmupSeconds: options.warmupSeconds,
    seconds: options.seconds,
    cycle,
  };
  const child = fork(new URL('./load-client.js', import.meta.url), [JSON.stringify(run)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<LoadResult>((resolve, reject) => {
    let result: LoadResult | undefined;
    child.once('message', (message) => (result = message as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => (result ? resolve(result) : reject(new Error(`load client exited with ${code} before reporting`))));
  });
}

/** Rounds of a server-against-bare comparison, each measuring both for a third of the measured seconds. */
export const COMPARISON_ROUNDS = 3;

/**
 * The same route against two servers, in alternating rounds (A, B, A, B, A, B) after one warm-up
 * each: on a shared machine the CPU left to a benchmark drifts by tens of percent within a minute,
 * and measuring one server for five seconds and then the other turned that drift into the ratio.
 * Each side's figures are its median round (requests per second and p50), its worst p99, and the
 * sums of requests and failures.
 */
export async function compareThroughput(
  urls: { a: string; b: string },
  options: LoadOptions,
  headers: Readonly<Record<string, string>> = {},
): Promise<{ a: LoadResult; b: LoadResult }> {
  const round = { ...options, warmupSeconds: 0, seconds: Math.max(1, Math.round(options.seconds / COMPARISON_ROUNDS)) };
  const rounds = { a: [] as LoadResult[], b: [] as LoadResult[] };
  for (let i = 0; i < COMPARISON_ROUNDS; i += 1) {
    const first = i === 0;
    rounds.a.push(await measureThroughput(urls.a, first ? { ...round, warmupSeconds: options.warmupSeconds } : round, headers));
    rounds.b.push(await measureThroughput(urls.b, first ? { ...round, warmupSeconds: options.warmupSeconds } : round, headers));
  }
  return { a: combineRounds(rounds.a), b: combineRounds(rounds.b) };
}

export function combineRounds(results: readonly LoadResult[]): LoadResult {
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? Number.NaN;
  return {
    requestsPerSecond: median(results.map((r) => r.requestsPerSecond)),
    p50Ms: median(results.map((r) => r.p50Ms)),
    p99Ms: Math.max(...results.map((r) => r.p99Ms)),
    requests: results.reduce((sum, r) => sum + r.requests, 0),
    failures: results.reduce((sum, r) => sum + r.failures, 0),
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
