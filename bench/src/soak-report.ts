import type { Catalogue } from './catalogue-cache.js';
import { describeMachine, renderTable } from './report.js';
import { MIX_WEIGHTS, PACED_PER_MINUTE } from './soak-mix.js';
import { startScriptNodeFlags } from './server-process.js';
import { MEMORY_TOLERANCE, type KindSummary, type MinuteSummary, type SoakVerdict } from './soak-stats.js';

export const SOAK_SECTION_TITLE = '## Soak';

export interface SoakReport {
  date: Date;
  catalogue: Catalogue;
  minutes: number;
  rate: number;
  connections: number;
  accounts: number;
  perMinute: MinuteSummary[];
  perKind: KindSummary[];
  verdict: SoakVerdict;
  socketErrors: number;
  serverAlive: boolean;
  readyRssMb: number | null;
  peakRssMb: number | null;
  foreignCpuCores: number | null;
}

const integer = (value: number) => Math.round(value).toLocaleString('en-US');
const ms = (value: number) => (Number.isNaN(value) ? '–' : `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms`);
const cores = (value: number | null) => (value === null ? '–' : value.toFixed(2));

export function renderMinuteTable(report: SoakReport): string {
  const rows = report.perMinute.map((m) => [
    String(m.minute),
    integer(m.requestsPerSecond),
    ms(m.p50Ms),
    ms(m.p99Ms),
    ms(m.maxMs),
    integer(m.errors),
    m.rssMb === null ? '–' : `${m.rssMb.toFixed(0)} MB`,
    cores(m.serverCpuCores),
    cores(m.foreignCpuCores),
  ]);
  return renderTable(
    ['Minute', 'req/s', 'p50', 'p99', 'Max', 'Errors', 'Server RSS (mean)', 'Server CPU (cores)', 'Other programs (cores)'],
    rows,
  );
}

export function renderKindTable(report: SoakReport): string {
  const total = report.perKind.reduce((sum, kind) => sum + kind.requests, 0);
  const seconds = report.minutes * 60;
  const rows = report.perKind.map((k) => [
    k.kind,
    integer(k.requests),
    total > 0 ? `${((k.requests / total) * 100).toFixed(1)} %` : '–',
    (k.requests / seconds).toFixed(k.requests / seconds < 10 ? 2 : 0),
    ms(k.p50Ms),
    ms(k.p99Ms),
    ms(k.maxMs),
    k.errors === 0 ? '0' : `${integer(k.errors)} (${k.unexpected})`,
  ]);
  return renderTable(['Request', 'Requests', 'Share', 'req/s', 'p50', 'p99', 'Max', 'Errors'], rows);
}

export function summarizeSoak(report: SoakReport): string[] {
  const { verdict, perMinute } = report;
  const second = perMinute[1]?.rssMb;
  const last = perMinute[perMinute.length - 1]?.rssMb;
  const memory =
    verdict.memoryRatio === null
      ? 'Memory: not measured (no /proc, or fewer than two minutes).'
      : `Memory: ${last?.toFixed(0)} MB in the last minute against ${second?.toFixed(0)} MB in minute two (${((verdict.memoryRatio - 1) * 100).toFixed(1)} %; within ±${MEMORY_TOLERANCE * 100} % required): ${Math.abs(verdict.memoryRatio - 1) <= MEMORY_TOLERANCE ? 'met' : 'MISSED'}.`;
  const foreign = report.foreignCpuCores;
  return [
    `${verdict.passed ? 'PASSED' : 'FAILED'}: ${report.minutes} minutes at ${integer(report.rate)} req/s offered.`,
    ...(report.serverAlive ? [] : ['The server process died during the soak.']),
    `Errors: ${integer(verdict.errors)} (${integer(report.socketErrors)} connection errors or timeouts; the rest unexpected statuses, 429 included): ${verdict.errors === 0 ? 'met' : 'MISSED'}.`,
    memory,
    ...(foreign !== null && foreign > 0.2
      ? [`WARNING: other programs kept ${foreign.toFixed(2)} cores busy on average during the soak; latencies are inflated.`]
      : []),
  ];
}

export function renderSoakSection(report: SoakReport): string {
  const { catalogue } = report;
  const count = (value: number) => value.toLocaleString('en-US');
  const mb = (value: number | null) => (value === null ? 'not measured' : `${value.toFixed(0)} MB`);
  const weights = Object.entries(MIX_WEIGHTS)
    .map(([kind, weight]) => `${kind} ${weight} %`)
    .join(', ');
  return [
    SOAK_SECTION_TITLE,
    '',
    `Measured by \`npm run bench:soak\` (bench/src/soak.ts) on ${report.date.toISOString().replace(/\.\d+Z$/, 'Z')}.`,
    '',
    `- Machine: ${describeMachine()}.`,
    `- Server: one process (\`node ${startScriptNodeFlags().join(' ')} apps/server/dist/main.js\` with MALLOC_ARENA_MAX=2 and MALLOC_MMAP_THRESHOLD_=1048576, as \`npm start\` runs it; WEB_CONCURRENCY=1) on a copy of the benchmark catalogue (${count(catalogue.stats.books)} books, ${count(catalogue.stats.chapters)} chapters, embedded SQLite), rate limits on.`,
    `- Load: autocannon at a fixed ${count(report.rate)} req/s over ${report.connections} connections for ${report.minutes} minutes. Requests: ${weights} of the unpaced stream; 80 % of books read are among the thousand most popular, 20 % anywhere in the catalogue; searches in both orders, half with a genre tag, mostly page 0 and sometimes up to page 200. Member chapters and likes carry the token of one of ${report.accounts} member accounts (made with the admin CLI).`,
    `- How to read the latencies: autocannon's fixed rate lets each connection send its share of every second as fast as answers come back, then wait for the next second, so the server sees bursts of ${report.connections} concurrent requests and p50 includes that queueing. A connection waiting for an answer sends nothing else (coordinated omission), so a stall of the server shows in Max rather than as many slow requests in p99.`,
    `- Paced inside the per-IP limits (every request comes from 127.0.0.1; a 429 counts as an error): ${PACED_PER_MINUTE.login} logins a minute (limit 30) and ${PACED_PER_MINUTE.events} reading-event calls a minute of 3 events each (limit 120), half of them logged in.`,
    `- Server RSS: ${mb(report.readyRssMb)} when it first answered, ${mb(report.peakRssMb)} at the peak. CPU used by other programs: ${report.foreignCpuCores === null ? 'not measured' : `${report.foreignCpuCores.toFixed(2)} cores on average`}.`,
    '',
    renderMinuteTable(report),
    '',
    renderKindTable(report),
    '',
    '### Verdict',
    '',
    ...summarizeSoak(report).map((line) => `- ${line}`),
    '',
  ].join('\n');
}
