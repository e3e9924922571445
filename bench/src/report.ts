import os from 'node:os';
import type { Catalogue } from './catalogue-cache.js';
import type { BenchFixtures } from './fixtures.js';
import type { DepthPoint, LoadOptions, LoadResult } from './load-test.js';
import type { BenchRoute } from './routes.js';
import { startScriptNodeFlags } from './server-process.js';

export const P99_TARGET_MS = 25;
export const RSS_TARGET_MB = 250;
/** Issue 12: p99 at 100 connections, and the server's share of the bare server's requests per second. */
export const HEAVY_CONNECTIONS = 100;
export const HEAVY_P99_TARGET_MS = 150;
export const CACHED_RATIO_TARGET = 0.8;
export const MEMBER_RATIO_TARGET = 0.3;

export interface RouteOutcome {
  route: BenchRoute;
  real?: LoadResult;
  bare?: LoadResult;
  /** The same route against the server with one worker per core (WEB_CONCURRENCY). */
  allCores?: LoadResult;
  /** The same route against the one-process server at HEAVY_CONNECTIONS connections. */
  heavy?: LoadResult;
  /** Why the route could not be measured (the server's answer was wrong). */
  problem?: string;
  /**
   * CPU time each server process spent per request it answered during the comparison (ms): the
   * cost a client-bound run cannot hide behind equal req/s.
   */
  cpuMsPerRequest?: { real: number; bare: number };
}

export interface BenchReport {
  date: Date;
  catalogue: Catalogue;
  fixtures: BenchFixtures;
  load: LoadOptions;
  outcomes: RouteOutcome[];
  depth: { name: string; points: DepthPoint[] }[];
  /** Resident memory of the server process when it first answered, and the most seen over the run. */
  readyRssMb: number | null;
  peakRssMb: number | null;
  /** Average cores other programs kept busy during the measurements. */
  foreignCpuCores: number | null;
  /** The all-cores run: its worker count, and the memory and foreign CPU seen meanwhile; null when it did not run. */
  allCores: { workers: number; peakRssMb: number | null; foreignCpuCores: number | null } | null;
}

/** Above this, other programs took a noticeable share of a 2-core machine and tail latencies are suspect. */
const BUSY_MACHINE_CORES = 0.2;

export function describeMachine(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const memoryGiB = (os.totalmem() / 1024 ** 3).toFixed(1);
  return `${cpu}, ${os.availableParallelism()} cores, ${memoryGiB} GiB RAM, ${os.type()} ${os.release()} ${os.arch()}, Node ${process.version}`;
}

const integer = (value: number) => Math.round(value).toLocaleString('en-US');
const ms = (value: number) => `${value < 10 ? value.toFixed(value % 1 === 0 ? 0 : 2) : value.toFixed(0)} ms`;

export function meetsLatencyTarget(result: LoadResult | undefined): boolean {
  return result !== undefined && result.failures === 0 && result.p99Ms < P99_TARGET_MS;
}

function routeRow(outcome: RouteOutcome): string[] {
  const { real, bare } = outcome;
  if (!real || !bare) return [outcome.route.name, 'not measured', '', '', '', '', '', '', '', '', 'no'];
  const verdict = meetsLatencyTarget(real) ? 'yes' : real.failures > 0 ? `no (${integer(real.failures)} failed)` : 'no';
  return [
    outcome.route.name,
    integer(real.requestsPerSecond),
    ms(real.p50Ms),
    ms(real.p99Ms),
    integer(bare.requestsPerSecond),
    ms(bare.p50Ms),
    ms(bare.p99Ms),
    (real.requestsPerSecond / bare.requestsPerSecond).toFixed(2),
    outcome.cpuMsPerRequest ? outcome.cpuMsPerRequest.real.toFixed(3) : '–',
    outcome.cpuMsPerRequest ? outcome.cpuMsPerRequest.bare.toFixed(3) : '–',
    verdict,
  ];
}

/** Pads every column to its widest cell: readable in a terminal and already in Prettier's Markdown table layout. */
export function renderTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) => Math.max(3, title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) => `| ${widths.map((width, column) => (cells[column] ?? '').padEnd(width)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

export function renderRouteTable(report: BenchReport): string {
  const header = [
    'Route',
    'Server req/s',
    'p50',
    'p99',
    'Bare req/s',
    'Bare p50',
    'Bare p99',
    'Server/bare req/s',
    'Server CPU ms/req',
    'Bare CPU ms/req',
    `p99 < ${P99_TARGET_MS} ms`,
  ];
  return renderTable(header, report.outcomes.map(routeRow));
}

/** One process against one worker per core, side by side, for every route the all-cores run measured. */
export function renderCoresTable(report: BenchReport): string {
  const rows = report.outcomes.flatMap((outcome) => {
    const { real, bare, allCores } = outcome;
    if (!real || !allCores) return [];
    return [
      [
        outcome.route.name,
        integer(real.requestsPerSecond),
        integer(allCores.requestsPerSecond),
        (allCores.requestsPerSecond / real.requestsPerSecond).toFixed(2),
        ms(real.p99Ms),
        allCores.failures > 0 ? `${ms(allCores.p99Ms)} (${integer(allCores.failures)} failed)` : ms(allCores.p99Ms),
        bare ? (allCores.requestsPerSecond / bare.requestsPerSecond).toFixed(2) : '–',
      ],
    ];
  });
  const cores = report.allCores?.workers ?? 0;
  return renderTable(
    [
      'Route',
      '1 process req/s',
      `All cores (${cores}) req/s`,
      'All cores / 1 process',
      '1 process p99',
      'All cores p99',
      'All cores / bare req/s',
    ],
    rows,
  );
}

/** Page 0 against page 50 of each search under load; throughput noise makes this a comparison, the depth probe the verdict. */
export function renderPageComparison(report: BenchReport): string {
  const rows: string[][] = [];
  for (const first of report.outcomes) {
    const search = first.route.search;
    if (!search || search.page !== 0) continue;
    const deeper = report.outcomes.find(
      (o) =>
        o.route.search && o.route.search.order === search.order && o.route.search.tagged === search.tagged && o.route.search.page !== 0,
    );
    const label = `search ${search.order}${search.tagged ? ' +tag' : ''}`;
    if (!first.real || !deeper?.real) {
      rows.push([label, 'not measured', '', '', '']);
      continue;
    }
    rows.push([
      label,
      integer(first.real.requestsPerSecond),
      integer(deeper.real.requestsPerSecond),
      (deeper.real.requestsPerSecond / first.real.requestsPerSecond).toFixed(2),
      `${ms(first.real.p99Ms)} / ${ms(deeper.real.p99Ms)}`,
    ]);
  }
  return renderTable(['Search', 'Page 0 req/s', 'Page 50 req/s', 'Page 50 / page 0 req/s', 'p99 page 0 / page 50'], rows);
}

export function isDepthFlat(points: readonly DepthPoint[]): boolean {
  const first = points[0];
  const last = points[points.length - 1];
  // Half a millisecond of slack: at sub-millisecond medians, noise is a larger share than any real trend.
  return first !== undefined && last !== undefined && last.medianMs <= first.medianMs * 1.5 + 0.5;
}

export function renderDepthTable(report: BenchReport): string {
  const rows = report.depth.map((series) => [
    series.name,
    ...series.points.map((p) => `page ${integer(p.page)}: ${p.medianMs.toFixed(2)} ms (p90 ${p.p90Ms.toFixed(2)})`),
    isDepthFlat(series.points) ? 'yes' : 'no',
  ]);
  const columns = Math.max(0, ...report.depth.map((series) => series.points.length));
  const header = [
    'Search',
    ...Array.from({ length: columns }, (_, i) => (i === 0 ? 'First page' : i === columns - 1 ? 'Last page' : 'Deeper page')),
    'Flat',
  ];
  return renderTable(header, rows);
}

export function summarizeTargets(report: BenchReport): string[] {
  const measured = report.outcomes.filter((o) => o.real);
  const missed = measured.filter((o) => !meetsLatencyTarget(o.real)).map((o) => o.route.name);
  const unmeasured = report.outcomes.filter((o) => !o.real).map((o) => o.route.name);
  const pageCostFlat = report.depth.every((series) => isDepthFlat(series.points));
  const rss = report.peakRssMb;
  const foreign = report.foreignCpuCores;
  const ratio = (o: RouteOutcome) => (o.real && o.bare ? o.real.requestsPerSecond / o.bare.requestsPerSecond : 0);
  const isMember = (o: RouteOutcome) => o.route.name.includes('(member)');
  const ratioLine = (what: string, outcomes: RouteOutcome[], target: number) => {
    if (outcomes.length === 0) return `${what} at ≥ ${target}× the bare server: not measured.`;
    const low = outcomes.filter((o) => ratio(o) < target);
    const range = `${Math.min(...outcomes.map(ratio)).toFixed(2)}–${Math.max(...outcomes.map(ratio)).toFixed(2)}×`;
    return low.length === 0
      ? `${what} at ≥ ${target}× the bare server: met on all ${outcomes.length} (${range}).`
      : `${what} at ≥ ${target}× the bare server: MISSED on ${low.map((o) => o.route.name).join('; ')} (${range}).`;
  };
  const heavy = measured.filter((o) => o.heavy);
  const heavyMissed = heavy.filter((o) => o.heavy!.failures > 0 || o.heavy!.p99Ms >= HEAVY_P99_TARGET_MS).map((o) => o.route.name);
  return [
    ...(foreign !== null && foreign > BUSY_MACHINE_CORES
      ? [`WARNING: other programs kept ${foreign.toFixed(2)} cores busy on average during the run; latencies are inflated and noisy.`]
      : []),
    missed.length === 0
      ? `p99 under ${P99_TARGET_MS} ms at ${report.load.connections} connections: met on all ${measured.length} measured routes.`
      : `p99 under ${P99_TARGET_MS} ms at ${report.load.connections} connections: MISSED on ${missed.length} of ${measured.length} routes (${missed.join('; ')}).`,
    heavy.length === 0
      ? `p99 under ${HEAVY_P99_TARGET_MS} ms at ${HEAVY_CONNECTIONS} connections: not measured.`
      : heavyMissed.length === 0
        ? `p99 under ${HEAVY_P99_TARGET_MS} ms with 0 errors at ${HEAVY_CONNECTIONS} connections: met on all ${heavy.length} measured routes.`
        : `p99 under ${HEAVY_P99_TARGET_MS} ms with 0 errors at ${HEAVY_CONNECTIONS} connections: MISSED on ${heavyMissed.join('; ')}.`,
    ratioLine(
      'Cached public reads',
      measured.filter((o) => !isMember(o)),
      CACHED_RATIO_TARGET,
    ),
    ratioLine("A member's chapter content", measured.filter(isMember), MEMBER_RATIO_TARGET),
    ...(unmeasured.length > 0 ? [`Not measured, the server answered wrongly: ${unmeasured.join('; ')}.`] : []),
    report.depth.length === 0
      ? 'Search cost by page depth: not measured.'
      : pageCostFlat
        ? 'Search cost independent of the page number: met (the last page costs about what the first does).'
        : 'Search cost independent of the page number: MISSED (deeper pages cost more; see the depth table).',
    rss === null
      ? `Server memory: not measured (no /proc); target under ${RSS_TARGET_MB} MB.`
      : `Server memory: peak RSS ${rss.toFixed(0)} MB (${report.readyRssMb?.toFixed(0) ?? '?'} MB when it first answered; MALLOC_ARENA_MAX=2, MALLOC_MMAP_THRESHOLD_=1048576 and node ${startScriptNodeFlags().join(' ')}, as \`npm start\` runs it) against a target under ${RSS_TARGET_MB} MB: ${rss < RSS_TARGET_MB ? 'met' : 'MISSED'}.`,
  ];
}

/** p99 of every route at HEAVY_CONNECTIONS connections against the one-process server. */
export function renderHeavyTable(report: BenchReport): string {
  const rows = report.outcomes.flatMap((outcome) => {
    const { heavy } = outcome;
    if (!heavy) return [];
    return [[outcome.route.name, integer(heavy.requestsPerSecond), ms(heavy.p50Ms), ms(heavy.p99Ms), integer(heavy.failures)]];
  });
  return renderTable(['Route', 'req/s', 'p50', 'p99', 'Errors'], rows);
}
