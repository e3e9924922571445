import autocannon from 'autocannon';

/**
 * The load generator, in a process of its own (load-test.ts forks it for each run). In the bench
 * runner's process autocannon shared a heap of hundreds of megabytes (the catalogue fixtures, the
 * import benchmark's images) and its collector: measured on 2026-11-24, it reached about 17,000
 * requests a second against the bare server where the same autocannon alone reached 30,000, so
 * every ratio compared two servers through a client that was the bottleneck.
 *
 * Input: one JSON argument ({ url, connections, headers, warmupSeconds, seconds }); output: the
 * measured run's autocannon result summary, sent to the parent.
 */
interface ClientRun {
  url: string;
  connections: number;
  headers: Record<string, string>;
  warmupSeconds: number;
  seconds: number;
}

const run = JSON.parse(process.argv[2] ?? '{}') as ClientRun;
const common = { url: run.url, connections: run.connections, headers: run.headers };
if (run.warmupSeconds > 0) await autocannon({ ...common, duration: run.warmupSeconds });
const result = await autocannon({ ...common, duration: run.seconds });
process.send!({
  requestsPerSecond: result.requests.average,
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  requests: result.requests.total,
  failures: result.non2xx + result.errors + result.timeouts,
});
process.disconnect();
