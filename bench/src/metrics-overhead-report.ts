import type { CatalogueStats } from './generate-catalogue.js';
import type { LoadOptions, LoadResult } from './load-test.js';
import type { ScrapeLog } from './metrics-scraper.js';
import { describeMachine } from './report.js';

export const METRICS_OVERHEAD_TITLE = '## Metrics overhead';
/** Issue 44: with metrics on, the cached public reads and the member chapter read within 5 % of metrics off. */
export const OVERHEAD_BUDGET_PERCENT = 5;

export type MetricsSetting = 'off' | 'on';

/** One route measured against one server process. */
export interface RoundFigures {
  result: LoadResult;
  /** The server process's CPU time (/proc) over the requests it answered, the scrapes included (ms). */
  cpuMsPerRequest: number;
}

/** A route's figures, one per round and setting (index: the round). */
export interface RouteRounds {
  name: string;
  off: RoundFigures[];
  on: RoundFigures[];
}

export interface MetricsOverheadReport {
  date: Date;
  catalogue: CatalogueStats;
  load: LoadOptions;
  rounds: number;
  routes: RouteRounds[];
  /** Every scrape of the "on" servers together. */
  scrapes: ScrapeLog;
  /** The 1, 5 and 15 minute load averages at the start and at the end (the machine may be shared). */
  machineLoad: { start: string; end: string };
}

interface SettingSummary {
  requestsPerSecond: number;
  p99Ms: number;
  cpuMsPerRequest: number;
  /** (highest − lowest) / median of the rounds' req/s, in %: the noise the verdict has to be read against. */
  spreadPercent: number;
  failures: number;
}

export interface RouteSummary {
  name: string;
  off: SettingSummary;
  on: SettingSummary;
  /** On's median req/s against off's, in % (negative: metrics on is slower). */
  differencePercent: number;
  /** On's median CPU per request against off's, in %: the server's own cost, which a client-bound run's req/s can hide. */
  cpuDifferencePercent: number;
  /** Each round's on against its own off, in %: the two were measured minutes apart at most. */
  roundDifferences: number[];
  withinBudget: boolean;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const percentChange = (value: number, base: number) => ((value - base) / base) * 100;

function summarizeSetting(rounds: readonly RoundFigures[]): SettingSummary {
  const rates = rounds.map((round) => round.result.requestsPerSecond);
  const rate = median(rates);
  return {
    requestsPerSecond: rate,
    p99Ms: median(rounds.map((round) => round.result.p99Ms)),
    cpuMsPerRequest: median(rounds.map((round) => round.cpuMsPerRequest)),
    spreadPercent: ((Math.max(...rates) - Math.min(...rates)) / rate) * 100,
    failures: rounds.reduce((sum, round) => sum + round.result.failures, 0),
  };
}

export function summarizeRoute(route: RouteRounds): RouteSummary {
  const off = summarizeSetting(route.off);
  const on = summarizeSetting(route.on);
  const differencePercent = percentChange(on.requestsPerSecond, off.requestsPerSecond);
  return {
    name: route.name,
    off,
    on,
    differencePercent,
    cpuDifferencePercent: percentChange(on.cpuMsPerRequest, off.cpuMsPerRequest),
    roundDifferences: route.on.map((round, i) => percentChange(round.result.requestsPerSecond, route.off[i]!.result.requestsPerSecond)),
    // Only a loss counts against the budget: metrics on measured faster is noise, not a cost.
    withinBudget: differencePercent >= -OVERHEAD_BUDGET_PERCENT && off.failures === 0 && on.failures === 0,
  };
}

const signed = (percent: number) => `${percent >= 0 ? '+' : '−'}${Math.abs(percent).toFixed(1)} %`;
const rate = (value: number) => Math.round(value).toLocaleString('en-US');

export function renderOverheadTable(summaries: readonly RouteSummary[]): string {
  const rows = summaries.map((s) =>
    [
      s.name,
      rate(s.off.requestsPerSecond),
      rate(s.on.requestsPerSecond),
      signed(s.differencePercent),
      s.roundDifferences.map(signed).join(', '),
      `${s.off.spreadPercent.toFixed(1)} % / ${s.on.spreadPercent.toFixed(1)} %`,
      `${s.off.p99Ms} ms / ${s.on.p99Ms} ms`,
      `${s.off.cpuMsPerRequest.toFixed(3)} / ${s.on.cpuMsPerRequest.toFixed(3)} ms (${signed(s.cpuDifferencePercent)})`,
      s.off.failures + s.on.failures > 0 ? `no (${s.off.failures + s.on.failures} failed)` : s.withinBudget ? 'yes' : 'no',
    ].join(' | '),
  );
  return [
    `| route | off req/s | on req/s | difference | each round (on vs off) | spread off / on | p99 off / on | CPU per request off / on | within ${OVERHEAD_BUDGET_PERCENT} % |`,
    '| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | --- |',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

/** The verdict, and a warning when the rounds spread wider than the budget (the figure is then within noise). */
export function overheadVerdict(summaries: readonly RouteSummary[]): string[] {
  const within = summaries.filter((s) => s.withinBudget).length;
  const lines = [
    `${within} of ${summaries.length} routes within ${OVERHEAD_BUDGET_PERCENT} % of metrics off (the medians' req/s)${
      within === summaries.length
        ? '.'
        : `; over it: ${summaries
            .filter((s) => !s.withinBudget)
            .map((s) => s.name)
            .join(', ')}.`
    }`,
  ];
  const widest = Math.max(...summaries.flatMap((s) => [s.off.spreadPercent, s.on.spreadPercent]));
  if (widest > OVERHEAD_BUDGET_PERCENT) {
    lines.push(
      `The rounds of one setting spread by up to ${widest.toFixed(1)} %, more than the budget: on this machine at this load a difference of that size is noise; take the figures again on an idle machine, or with more rounds (\`--rounds\`).`,
    );
  }
  return lines;
}

export function renderMetricsOverhead(report: MetricsOverheadReport): string {
  const { load, catalogue, scrapes } = report;
  const summaries = report.routes.map(summarizeRoute);
  const count = (value: number) => value.toLocaleString('en-US');
  return [
    METRICS_OVERHEAD_TITLE,
    '',
    `Issue 44: with metrics on (\`METRICS_TOKEN\` set, and \`/metrics\` scraped every 15 s as Prometheus would), the cached public reads and the member chapter read stay within ${OVERHEAD_BUDGET_PERCENT} % of metrics off. Measured by \`npm run bench\` or alone by \`npm run bench:metrics\` (bench/src/metrics-overhead.ts) on ${report.date.toISOString().replace(/\.\d+Z$/, 'Z')}.`,
    '',
    `- Machine: ${describeMachine()}; load average (1, 5, 15 minutes) ${report.machineLoad.start} at the start, ${report.machineLoad.end} at the end.`,
    `- Catalogue: ${count(catalogue.books)} generated books, ${count(catalogue.chapters)} chapters, on the embedded SQLite database; one server process (\`WEB_CONCURRENCY=1\`). The member read is a paid chapter asked with a member's token, as in the foundation benchmark above.`,
    `- How: one server at a time on the same data folder, never both (they would share the cores): started with metrics off, then again with them on, and so for ${report.rounds} round${report.rounds === 1 ? '' : 's'}; every other round on first (off, on, on, off, ...) so that a machine getting busier or quieter does not always favour the same setting. Against each server every route is warmed ${load.warmupSeconds} s, then measured ${load.seconds} s by autocannon at ${load.connections} connections (in a process of its own, bench/src/load-client.ts). Each setting's figures are its median round; "each round" is that round's on against its own off; the spread is the rounds' (highest − lowest) / median req/s. CPU per request is the server's CPU time (/proc, 10 ms ticks) over the requests it answered, the scrapes included: autocannon shares the cores and often bounds the req/s, so the server's own cost shows there first.`,
    `- Scrapes: ${scrapes.count} during the "on" measurements, at most ${(scrapes.largestBytes / 1024).toFixed(0)} KB, the slowest ${scrapes.slowestMs.toFixed(0)} ms. autocannon reports whole milliseconds, so a p99 of a few ms moves in steps larger than ${OVERHEAD_BUDGET_PERCENT} %: the verdict is on throughput.`,
    '',
    renderOverheadTable(summaries),
    '',
    ...overheadVerdict(summaries),
    '',
  ].join('\n');
}
