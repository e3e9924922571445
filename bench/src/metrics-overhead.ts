import path from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_MEMBER, ensureMemberAccounts, logIn } from './accounts.js';
import { ensureCatalogue, type Catalogue } from './catalogue-cache.js';
import { integerOption } from './cli-options.js';
import { pickFixtures, type BenchFixtures } from './fixtures.js';
import { processTicks, TICKS_PER_SECOND } from './foreign-cpu.js';
import { measureThroughput, type LoadOptions } from './load-test.js';
import {
  METRICS_OVERHEAD_TITLE,
  renderMetricsOverhead,
  type MetricsOverheadReport,
  type MetricsSetting,
  type RoundFigures,
  type RouteRounds,
} from './metrics-overhead-report.js';
import { countedRequests, scrapeOnce, startScraper, type ScrapeLog } from './metrics-scraper.js';
import { writePerformanceDoc } from './performance-doc.js';
import { buildRoutes, captureResponses, type BenchRoute } from './routes.js';
import { adminCli, repoRoot, runBenchScript, serverMain } from './script.js';
import { waitForSearchIndex } from './search-http.js';
import { isEntryPoint, loadAverages } from './section.js';
import { startRealServer, type ChildServer } from './server-process.js';

/**
 * Issue 44: what turning metrics on costs the reads that matter most, the cached public reads
 * (served by the public cache front after the first request) and the member chapter read. One
 * server process at a time on the bench's catalogue, metrics off and on in alternating rounds
 * (metrics-overhead-report.ts says how the figures are combined). A phase of `npm run bench`;
 * alone: `npm run bench:metrics`.
 */

/** The routes of the foundation benchmark (routes.ts) this one measures, by their names there. */
const ROUTE_NAMES = ['search updated_at page 0', 'chapter list asc 0/10', 'chapter content (free)', 'chapter content (member)'];
/** At least 32 characters, as METRICS_TOKEN requires; only ever given to the bench's own server on 127.0.0.1. */
const METRICS_TOKEN = 'inkstream-bench-metrics-token-0123456789';
/** The environment of each setting: one process, and both metrics settings said, whatever the shell has. */
const SETTING_ENV: Record<MetricsSetting, Record<string, string>> = {
  off: { WEB_CONCURRENCY: '1', METRICS_TOKEN: '', METRICS_LISTEN: '' },
  on: { WEB_CONCURRENCY: '1', METRICS_TOKEN, METRICS_LISTEN: '' },
};
export const DEFAULT_METRICS_ROUNDS = 3;

export async function measureMetricsOverhead(options: {
  catalogue: Pick<Catalogue, 'dataDir' | 'sqlitePath' | 'stats'>;
  load: LoadOptions;
  rounds: number;
}): Promise<MetricsOverheadReport> {
  const { catalogue, load, rounds } = options;
  const machineLoadStart = loadAverages();
  const fixtures = pickFixtures(catalogue.sqlitePath);
  // Before any server opens the data folder: the admin CLI works on it directly. Already there after `npm run bench`.
  await ensureMemberAccounts({ adminCli, dataDir: catalogue.dataDir, sqlitePath: catalogue.sqlitePath, accounts: [BENCH_MEMBER] });
  const byRoute = new Map<string, RouteRounds>(ROUTE_NAMES.map((name) => [name, { name, off: [], on: [] }]));
  const scrapes: ScrapeLog = { count: 0, slowestMs: 0, largestBytes: 0 };
  // Logged in once: JWT_SECRET is kept in the data folder, so the token holds across the restarts.
  let memberToken: string | null = null;
  for (let round = 0; round < rounds; round += 1) {
    const order: MetricsSetting[] = round % 2 === 0 ? ['off', 'on'] : ['on', 'off'];
    for (const setting of order) {
      const server = await startRealServer({ serverMain, dataDir: catalogue.dataDir, env: SETTING_ENV[setting] });
      try {
        await waitForSearchIndex(server);
        memberToken ??= await logIn(server.baseUrl, BENCH_MEMBER);
        const routes = chosenRoutes(fixtures, memberToken);
        const measured = await measureServer(server, setting, routes, load);
        for (const [name, figures] of measured.routes) byRoute.get(name)![setting].push(figures);
        if (measured.scrapes) {
          scrapes.count += measured.scrapes.count;
          scrapes.slowestMs = Math.max(scrapes.slowestMs, measured.scrapes.slowestMs);
          scrapes.largestBytes = Math.max(scrapes.largestBytes, measured.scrapes.largestBytes);
        }
      } finally {
        await server.stop();
      }
    }
  }
  return {
    date: new Date(),
    catalogue: catalogue.stats,
    load,
    rounds,
    routes: [...byRoute.values()],
    scrapes,
    machineLoad: { start: machineLoadStart, end: loadAverages() },
  };
}

function chosenRoutes(fixtures: BenchFixtures, memberToken: string): BenchRoute[] {
  const all = buildRoutes(fixtures, memberToken);
  return ROUTE_NAMES.map((name) => {
    const route = all.find((candidate) => candidate.name === name);
    if (!route) throw new Error(`routes.ts has no route named "${name}" any more`);
    return route;
  });
}

/**
 * Every route against one server: checked first (the right answer; metrics really on or really
 * off), then warmed and measured. With metrics on, the scraper runs meanwhile, and a last scrape
 * must have counted at least the requests measured: proof the figures are of metrics recording.
 */
async function measureServer(
  server: ChildServer,
  setting: MetricsSetting,
  routes: readonly BenchRoute[],
  load: LoadOptions,
): Promise<{ routes: Map<string, RoundFigures>; scrapes: ScrapeLog | null }> {
  const { problems } = await captureResponses(server.baseUrl, routes);
  if (problems.size > 0) throw new Error([...problems].map(([name, problem]) => `${name} ${problem}`).join('\n'));
  await checkSetting(server, setting);
  const scraper = setting === 'on' ? startScraper(server.baseUrl, METRICS_TOKEN) : null;
  const measured = new Map<string, RoundFigures>();
  let requests = 0;
  let scrapes: ScrapeLog | undefined;
  try {
    for (const route of routes) {
      const url = server.baseUrl + route.path;
      // The warm-up in a run of its own, so that the CPU counted below is the measured requests' alone.
      if (load.warmupSeconds > 0) await measureThroughput(url, { ...load, seconds: load.warmupSeconds, warmupSeconds: 0 }, route.headers);
      const ticksBefore = processTicks(server.pid);
      const result = await measureThroughput(url, { ...load, warmupSeconds: 0 }, route.headers);
      if (!server.isRunning()) throw new Error(`the server (metrics ${setting}) died during "${route.name}":\n${server.outputTail()}`);
      const cpuMsPerRequest = ((processTicks(server.pid) - ticksBefore) * 1000) / TICKS_PER_SECOND / result.requests;
      measured.set(route.name, { result, cpuMsPerRequest });
      requests += result.requests;
      console.log(
        `  metrics ${setting.padEnd(3)} ${route.name.padEnd(26)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s p99 ${result.p99Ms} ms` +
          ` ${cpuMsPerRequest.toFixed(3)} ms CPU/req${result.failures > 0 ? ` (${result.failures} failed)` : ''}`,
      );
    }
  } finally {
    // Stopped on every way out: its timer would otherwise keep scraping a stopped server.
    scrapes = await scraper?.stop();
  }
  if (setting === 'on') {
    const counted = countedRequests((await scrapeOnce(server.baseUrl, METRICS_TOKEN)).text);
    if (counted < requests) throw new Error(`the metrics counted ${counted} answers where ${requests} were measured`);
  }
  return { routes: measured, scrapes: scrapes ?? null };
}

/** Metrics on: `/metrics` answers the families. Off: no such route (the server must not be measuring anything). */
async function checkSetting(server: ChildServer, setting: MetricsSetting): Promise<void> {
  if (setting === 'on') {
    const { text } = await scrapeOnce(server.baseUrl, METRICS_TOKEN);
    if (!text.includes('inkstream_http_requests_total')) throw new Error('GET /metrics answered without inkstream_http_requests_total');
    return;
  }
  const response = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const body = await response.text();
  if (response.status === 200 && body.includes('inkstream_http_requests_total'))
    throw new Error('metrics are on in the server started with them off');
}

/** Measures and, unless told not to, writes the section into docs/PERFORMANCE.md. */
export async function runMetricsOverheadSection(options: {
  catalogue: Pick<Catalogue, 'dataDir' | 'sqlitePath' | 'stats'>;
  load: LoadOptions;
  rounds: number;
  writeDocs: boolean;
}): Promise<MetricsOverheadReport> {
  console.log(`\n${METRICS_OVERHEAD_TITLE.slice(3)}: ${options.rounds} round${options.rounds === 1 ? '' : 's'} of metrics off and on ...`);
  const report = await measureMetricsOverhead(options);
  const section = renderMetricsOverhead(report);
  console.log(`\n${section}`);
  if (options.writeDocs) {
    const docPath = path.join(repoRoot, 'docs/PERFORMANCE.md');
    writePerformanceDoc(docPath, METRICS_OVERHEAD_TITLE, section);
    console.log(`Wrote ${path.relative(repoRoot, docPath)} (${METRICS_OVERHEAD_TITLE.slice(3)})`);
  }
  return report;
}

const USAGE = `Usage: node bench/dist/metrics-overhead.js [--books N] [--rounds R] [--seconds S] [--warmup S] [--connections C] [--fresh] [--no-docs]
  --books N        catalogue size (default 100000, the one \`npm run bench\` uses; 100 generates in seconds)
  --rounds R       rounds of metrics off and on, one server started for each (default ${DEFAULT_METRICS_ROUNDS})
  --seconds S      measured seconds per route, server and round (default 6)
  --warmup S       unrecorded warm-up seconds per route before each measurement (default 2)
  --connections C  concurrent connections (default 10)
  --fresh          rebuild the cached catalogue in bench/.data
  --no-docs        print only; leave docs/PERFORMANCE.md alone`;

function readOptions() {
  const { values } = parseArgs({
    options: {
      books: { type: 'string', default: '100000' },
      rounds: { type: 'string', default: String(DEFAULT_METRICS_ROUNDS) },
      seconds: { type: 'string', default: '6' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '10' },
      fresh: { type: 'boolean', default: false },
      'no-docs': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const positive = integerOption(USAGE);
  return {
    help: values.help,
    books: positive('books', values.books, 100),
    rounds: positive('rounds', values.rounds, 1),
    load: {
      seconds: positive('seconds', values.seconds, 1),
      warmupSeconds: positive('warmup', values.warmup, 0),
      connections: positive('connections', values.connections, 1),
    } satisfies LoadOptions,
    fresh: values.fresh,
    writeDocs: !values['no-docs'],
  };
}

async function alone(options: ReturnType<typeof readOptions>): Promise<number> {
  const catalogue = await ensureCatalogue({
    cacheRoot: path.join(repoRoot, 'bench/.data'),
    serverMain,
    books: options.books,
    fresh: options.fresh,
  });
  console.log(
    `Catalogue: ${catalogue.stats.books} books, ${catalogue.stats.chapters} chapters (${catalogue.reused ? 'reused' : 'built'}) at ${catalogue.dataDir}`,
  );
  await runMetricsOverheadSection({ catalogue, load: options.load, rounds: options.rounds, writeDocs: options.writeDocs });
  return 0;
}

if (isEntryPoint(import.meta))
  runBenchScript({ name: 'bench:metrics', usage: USAGE, npmScript: 'npm run bench:metrics' }, readOptions, alone);
