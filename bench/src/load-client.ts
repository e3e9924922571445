import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/**
 * The load generator, in a process of its own (load-test.ts forks it for each run), so its heap and
 * collector are not the bench runner's (hundreds of megabytes of catalogue fixtures and import
 * benchmark state). On 2026-11-24 this machine's bench runs were client-bound either way: the bare
 * server answered 16,000–24,000 requests a second with autocannon in the runner's process and
 * 18,000–24,000 with it here, where autocannon started alone reached about 30,000.
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
  /** Paths to ask in turn instead of the url's (one a line in this file), from `offset` on: every request a different URL. */
  cycle?: { file: string; offset: number };
  /** The status every answer should have when not 2xx (304 for a revalidation): others are failures. */
  expectedStatus?: number;
}

const run = JSON.parse(process.argv[2] ?? '{}') as ClientRun;
const paths = run.cycle ? readFileSync(run.cycle.file, 'utf8').split('\n').filter(Boolean) : [];
let sent = run.cycle?.offset ?? 0;
const requests = run.cycle
  ? [{ method: 'GET' as const, setupRequest: (request: { path?: string }) => ({ ...request, path: paths[sent++ % paths.length] }) }]
  : undefined;
const common = { url: run.url, connections: run.connections, headers: run.headers, ...(requests ? { requests } : {}) };
if (run.warmupSeconds > 0) await autocannon({ ...common, duration: run.warmupSeconds });
const result = await autocannon({ ...common, duration: run.seconds });
/** Non-2xx answers, or with an expected status every answer with another one. */
function failedAnswers(): number {
  if (run.expectedStatus === undefined) return result.non2xx;
  const stats = (result as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  return Object.entries(stats).reduce((sum, [code, { count }]) => (Number(code) === run.expectedStatus ? sum : sum + count), 0);
}
process.send!({
  requestsPerSecond: result.requests.average,
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  requests: result.requests.total,
  failures: failedAnswers() + result.errors + result.timeouts,
  sent,
});
process.disconnect();
