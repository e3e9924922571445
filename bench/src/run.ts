import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_MEMBER, ensureMemberAccounts, logIn } from './accounts.js';
import { ensureCatalogue } from './catalogue-cache.js';
import { pickFixtures } from './fixtures.js';
import { DISCOVERY_BENCH_ENV, prepareDiscoveryReading } from './discovery-reading.js';
import { processTicks, startForeignCpuMeter, TICKS_PER_SECOND } from './foreign-cpu.js';
import { runImportSection } from './import-run.js';
import { runReadersSection } from './readers-bench.js';
import { runCommentsSection } from './comments-bench.js';
import { runRatingsSection } from './ratings-bench.js';
import { runOpdsSection } from './opds-bench.js';
import { DEFAULT_METRICS_ROUNDS, runMetricsOverheadSection } from './metrics-overhead.js';
import { renderSearchHttp, runSearchHttp, SEARCH_HTTP_TITLE, waitForSearchIndex } from './search-http.js';
import { loadAverages } from './section.js';
import { compareThroughput, measureThroughput, probePageDepth, type LoadOptions } from './load-test.js';
import { API_SECTION_TITLE, renderSection, writePerformanceDoc } from './performance-doc.js';
import {
  renderCoresTable,
  renderDepthTable,
  renderPageComparison,
  renderRouteTable,
  summarizeTargets,
  HEAVY_CONNECTIONS,
  type BenchReport,
  type RouteOutcome,
} from './report.js';
import { buildRoutes, captureResponses, searchPath, searchTotal, type BenchRoute, type SearchOrder } from './routes.js';
import { integerOption } from './cli-options.js';
import { adminCli, repoRoot, runBenchScript, serverMain } from './script.js';
import {
  childPids,
  sampleMemory,
  startBareServer,
  startRealServer,
  waitForIdleWorkers,
  type CapturedResponse,
  type ChildServer,
} from './server-process.js';

/**
 * `npm run bench`: the foundation API benchmark of issue 2. Exits non-zero only when the harness could not
 * measure (no server build, a crash, a route answering wrongly); missed targets are printed, not fatal.
 */
const USAGE = `Usage: node bench/dist/run.js [--books N] [--seconds S] [--warmup S] [--connections C] [--fresh] [--metrics-rounds R] [--no-docs]
  --books N        catalogue size (default 100000; about 10 chapters per book)
  --seconds S      measured seconds per route and server, in 3 alternating rounds (default 6)
  --warmup S       unrecorded warm-up seconds before each measurement (default 1)
  --connections C  concurrent connections (default 10)
  --fresh          rebuild the cached catalogue in bench/.data
  --import-pages N generated pages for the import benchmark (default 60; 0 skips it)
  --readers N      accounts of the readers benchmark's large database (default 200000; 0 skips it)
  --metrics-rounds R  rounds of metrics off and on of the metrics-overhead phase, last, on the same catalogue:
                   each route measured S s after the warm-up against each server of each round (default 3; 0 skips it)
  --no-docs        print only; leave docs/PERFORMANCE.md alone`;

const bareServerEntry = path.join(import.meta.dirname, 'bare-server.js');
/** One worker per core for the side-by-side run, as WEB_CONCURRENCY's production default does. */
const ALL_CORES = os.availableParallelism();

function readOptions() {
  const { values } = parseArgs({
    options: {
      books: { type: 'string', default: '100000' },
      seconds: { type: 'string', default: '6' },
      warmup: { type: 'string', default: '1' },
      connections: { type: 'string', default: '10' },
      fresh: { type: 'boolean', default: false },
      'import-pages': { type: 'string', default: '60' },
      readers: { type: 'string', default: '200000' },
      'metrics-rounds': { type: 'string', default: String(DEFAULT_METRICS_ROUNDS) },
      'no-docs': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const positive = integerOption(USAGE);
  return {
    help: values.help,
    books: positive('books', values.books, 100),
    load: {
      seconds: positive('seconds', values.seconds, 1),
      warmupSeconds: positive('warmup', values.warmup, 0),
      connections: positive('connections', values.connections, 1),
    } satisfies LoadOptions,
    fresh: values.fresh,
    importPages: positive('import-pages', values['import-pages'], 0),
    readers: positive('readers', values.readers, 0),
    metricsRounds: positive('metrics-rounds', values['metrics-rounds'], 0),
    writeDocs: !values['no-docs'],
  };
}

async function main(options: ReturnType<typeof readOptions>): Promise<number> {
  // First, while no server runs: the import benchmark wants both cores to itself.
  if (options.importPages > 0) await runImportSection({ repoRoot, pages: options.importPages, writeDocs: options.writeDocs });
  // Then the readers section (issue 27), also one server at a time and one request at a time.
  if (options.readers > 0)
    await runReadersSection({ repoRoot, accounts: options.readers, fresh: options.fresh, writeDocs: options.writeDocs });

  // Chapter comments (issue 31): a chapter with 50,000 comments, its own server and data.
  await runCommentsSection({ repoRoot, load: options.load, writeDocs: options.writeDocs });
  await runRatingsSection({ repoRoot, load: options.load, writeDocs: options.writeDocs }); // issue 31: the book page with ratings
  await runOpdsSection({ repoRoot, load: options.load, writeDocs: options.writeDocs }); // issue 32: OPDS feed pages
  console.log(`Catalogue: ${options.books.toLocaleString('en-US')} books ...`);
  const catalogue = await ensureCatalogue({
    cacheRoot: path.join(repoRoot, 'bench/.data'),
    serverMain,
    books: options.books,
    fresh: options.fresh,
  });
  const { stats } = catalogue;
  console.log(
    `Catalogue: ${stats.books} books, ${stats.chapters} chapters, ${stats.pages} pages ` +
      `(${catalogue.reused ? 'reused; built' : 'built'} in ${catalogue.generationSeconds.toFixed(1)} s) at ${catalogue.dataDir}`,
  );
  const fixtures = pickFixtures(catalogue.sqlitePath);
  await ensureMemberAccounts({ adminCli, dataDir: catalogue.dataDir, sqlitePath: catalogue.sqlitePath, accounts: [BENCH_MEMBER] });
  const discovery = await prepareDiscoveryReading(catalogue.sqlitePath, stats.books);

  const servers: ChildServer[] = [];
  let exitCode: number;
  try {
    const started = performance.now();
    const real = await startRealServer({ serverMain, dataDir: catalogue.dataDir, env: DISCOVERY_BENCH_ENV });
    servers.push(real);
    const memory = sampleMemory(real.pid);
    // Lists and searches wait for the search index the server builds once it is ready (23 s at
    // 100,000 books): the first route measured the build before this wait (360 req/s, p99 130 ms).
    const indexSeconds = await waitForSearchIndex(real);
    console.log(
      `Server ready in ${((performance.now() - started) / 1000).toFixed(1)} s (pid ${real.pid}; search index after ${indexSeconds.toFixed(1)} s)`,
    );
    const routes = buildRoutes(fixtures, await logIn(real.baseUrl, BENCH_MEMBER), discovery);

    const { captured, problems } = await captureResponses(real.baseUrl, routes);
    for (const [name, problem] of problems) console.error(`NOT MEASURED ${name}: ${problem}`);
    const bare = await startBareServer(bareServerEntry, captured);
    servers.push(bare);
    await checkBareServer(bare, captured);
    const foreignCpu = startForeignCpuMeter([process.pid, real.pid, bare.pid]);

    const outcomes: RouteOutcome[] = [];
    for (const route of routes) {
      const problem = problems.get(route.name);
      if (problem) {
        outcomes.push({ route, problem });
        continue;
      }
      // Warm both up first, outside the CPU count: the comparison's requests exclude warm-up ones.
      const warmUp = { ...options.load, warmupSeconds: 0, seconds: options.load.warmupSeconds };
      if (warmUp.seconds > 0) {
        await measureThroughput(real.baseUrl + route.path, warmUp, route.headers);
        await measureThroughput(bare.baseUrl + route.path, warmUp, route.headers);
      }
      const ticksBefore = { real: processTicks(real.pid), bare: processTicks(bare.pid) };
      const { a: realResult, b: bareResult } = await compareThroughput(
        { a: real.baseUrl + route.path, b: bare.baseUrl + route.path },
        { ...options.load, warmupSeconds: 0 },
        route.headers,
      );
      if (!real.isRunning()) throw new Error(`the server died during "${route.name}":\n${real.outputTail()}`);
      // Each process is idle while the other is measured: its CPU time over its own requests.
      const cpuMs = (pid: number, before: number, requests: number) => ((processTicks(pid) - before) * 1000) / TICKS_PER_SECOND / requests;
      const cpuMsPerRequest = {
        real: cpuMs(real.pid, ticksBefore.real, realResult.requests),
        bare: cpuMs(bare.pid, ticksBefore.bare, bareResult.requests),
      };
      outcomes.push({ route, real: realResult, bare: bareResult, cpuMsPerRequest });
      console.log(
        `  ${route.name.padEnd(34)} server ${realResult.requestsPerSecond.toFixed(0).padStart(6)} req/s p99 ${realResult.p99Ms} ms` +
          ` ${cpuMsPerRequest.real.toFixed(3)} ms CPU/req` +
          `${realResult.failures > 0 ? ` (${realResult.failures} failed)` : ''} | bare ${bareResult.requestsPerSecond.toFixed(0).padStart(6)} req/s` +
          ` ${cpuMsPerRequest.bare.toFixed(3)} ms CPU/req`,
      );
    }

    // Many readers at once: the same routes at HEAVY_CONNECTIONS connections, one process.
    for (const outcome of outcomes) {
      if (!outcome.real) continue;
      const heavyLoad = { ...options.load, connections: HEAVY_CONNECTIONS };
      outcome.heavy = await measureThroughput(real.baseUrl + outcome.route.path, heavyLoad, outcome.route.headers);
      if (!real.isRunning())
        throw new Error(`the server died during "${outcome.route.name}" at ${HEAVY_CONNECTIONS} connections:\n${real.outputTail()}`);
      console.log(
        `  ${outcome.route.name.padEnd(34)} ${HEAVY_CONNECTIONS} connections: p99 ${outcome.heavy.p99Ms} ms, ${outcome.heavy.failures} failed`,
      );
    }

    const depth = await probeDepth(real, fixtures.tag, captured, routes);
    const foreignCpuCores = foreignCpu.stop();
    memory.stop();
    // The one-process server and the bare server leave the machine to the all-cores run.
    await real.stop();
    await bare.stop();
    // Search with q (issue 30), servers of its own; alone: `npm run bench:search -- --http`.
    const machineLoad = loadAverages();
    const searchHttp = await runSearchHttp({ serverMain, bareServerEntry, dataDir: catalogue.dataDir, load: options.load });
    const searchSection = renderSearchHttp(searchHttp, { date: new Date(), books: stats.books, load: options.load, machineLoad });
    console.log(`\n${searchSection}`);
    // The index itself (build time, memory, p50/p99 per kind of query) in a process of its own, with
    // the garbage collector exposed so its heap figure is the index's: `npm run bench:search` alone.
    console.log('\n## Book search index (in process)\n');
    const indexRun = spawnSync(
      process.execPath,
      ['--expose-gc', path.join(import.meta.dirname, 'search-bench.js'), '--books', String(stats.books)],
      { stdio: 'inherit' },
    );
    if (indexRun.status !== 0) problems.set('search index', `the in-process search bench exited with ${indexRun.status}`);
    const allCores = await measureAllCores(catalogue.dataDir, outcomes, options.load);
    const report: BenchReport = {
      date: new Date(),
      catalogue,
      fixtures,
      load: options.load,
      outcomes,
      depth,
      readyRssMb: memory.firstMb(),
      peakRssMb: memory.peakMb(),
      foreignCpuCores,
      allCores,
    };
    printReport(report);
    if (options.writeDocs) {
      const docPath = path.join(repoRoot, 'docs/PERFORMANCE.md');
      writePerformanceDoc(docPath, API_SECTION_TITLE, renderSection(report));
      writePerformanceDoc(docPath, SEARCH_HTTP_TITLE, searchSection);
      console.log(`\nWrote ${path.relative(repoRoot, docPath)}`);
    }
    exitCode = problems.size > 0 ? 1 : 0;
  } finally {
    for (const server of servers) await server.stop();
  }
  // Metrics off against on (issue 44), after the API figures are written: a failure here leaves them.
  if (options.metricsRounds > 0)
    await runMetricsOverheadSection({ catalogue, load: options.load, rounds: options.metricsRounds, writeDocs: options.writeDocs });
  return exitCode;
}

/**
 * The same routes against the server with WEB_CONCURRENCY workers (apps/server/src/cluster.ts): what
 * the machine serves with every core, next to what one process does. autocannon shares those cores.
 */
async function measureAllCores(dataDir: string, outcomes: RouteOutcome[], load: LoadOptions): Promise<BenchReport['allCores']> {
  const started = performance.now();
  const server = await startRealServer({ serverMain, dataDir, env: { WEB_CONCURRENCY: String(ALL_CORES) } });
  try {
    const workers = await waitForIdleWorkers(server.pid, ALL_CORES);
    console.log(
      `All cores: ${workers.length} workers ready in ${((performance.now() - started) / 1000).toFixed(1)} s (primary pid ${server.pid})`,
    );
    const tree = () => [server.pid, ...childPids(server.pid)];
    const memory = sampleMemory(tree, 500);
    const foreignCpu = startForeignCpuMeter([process.pid, ...tree()]);
    for (const outcome of outcomes) {
      if (!outcome.real) continue;
      const result = await measureThroughput(server.baseUrl + outcome.route.path, load, outcome.route.headers);
      if (!server.isRunning()) throw new Error(`the all-cores server died during "${outcome.route.name}":\n${server.outputTail()}`);
      outcome.allCores = result;
      console.log(
        `  ${outcome.route.name.padEnd(34)} all cores ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s p99 ${result.p99Ms} ms` +
          `${result.failures > 0 ? ` (${result.failures} failed)` : ''} | 1 process ${outcome.real.requestsPerSecond.toFixed(0).padStart(6)} req/s`,
      );
    }
    const foreignCpuCores = foreignCpu.stop();
    memory.stop();
    return { workers: workers.length, peakRssMb: memory.peakMb(), foreignCpuCores };
  } finally {
    await server.stop();
  }
}

/** The baseline must answer byte for byte what the server did, or the comparison means nothing. */
async function checkBareServer(bare: ChildServer, captured: readonly CapturedResponse[]): Promise<void> {
  for (const expected of captured) {
    const body = Buffer.from(await (await fetch(bare.baseUrl + expected.path)).arrayBuffer());
    if (!body.equals(expected.body)) throw new Error(`bare server answered ${expected.path} with different bytes`);
  }
}

/** First, 50th, middle and last page of two searches, one request at a time; skipped for routes that failed. */
async function probeDepth(real: ChildServer, tag: string, captured: readonly CapturedResponse[], routes: readonly BenchRoute[]) {
  const series: BenchReport['depth'] = [];
  const variants: { order: SearchOrder; tag: string | null }[] = [
    { order: 'updated_at', tag: null },
    { order: 'popularity', tag },
  ];
  for (const variant of variants) {
    const index = routes.findIndex(
      (r) => r.search?.order === variant.order && r.search.tagged === (variant.tag !== null) && r.search.page === 0,
    );
    const total = searchTotal(captured[index]);
    if (total === null || total <= 10) continue;
    const last = Math.floor((total - 1) / 10);
    const pages = [...new Set([0, 50, Math.floor(last / 2), last])].filter((page) => page <= last).sort((a, b) => a - b);
    const name = `search ${variant.order}${variant.tag === null ? '' : ' +tag'} (${total.toLocaleString('en-US')} results)`;
    series.push({ name, points: await probePageDepth(real.baseUrl, (page) => searchPath(variant.order, variant.tag, page), pages) });
  }
  return series;
}

function printReport(report: BenchReport): void {
  console.log(`\n${renderRouteTable(report)}\n`);
  if (report.allCores) console.log(`${renderCoresTable(report)}\n`);
  console.log(`${renderPageComparison(report)}\n`);
  if (report.depth.length > 0) console.log(`${renderDepthTable(report)}\n`);
  for (const line of summarizeTargets(report)) console.log(line);
  const foreign = report.allCores?.foreignCpuCores ?? null;
  if (foreign !== null && foreign > 0.2)
    console.log(`WARNING: other programs kept ${foreign.toFixed(2)} cores busy during the all-cores run.`);
}

runBenchScript({ name: 'bench', usage: USAGE, npmScript: 'npm run bench' }, readOptions, main);
