import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { COMPARISON_ROUNDS } from './load-test.js';
import {
  describeMachine,
  renderCoresTable,
  renderDepthTable,
  renderHeavyTable,
  HEAVY_CONNECTIONS,
  renderPageComparison,
  renderRouteTable,
  summarizeTargets,
  RSS_TARGET_MB,
  type BenchReport,
} from './report.js';

export const API_SECTION_TITLE = '## Foundation API benchmark';

export function renderSection(report: BenchReport): string {
  const { catalogue, fixtures, load } = report;
  const count = (value: number) => value.toLocaleString('en-US');
  const mb = (value: number | null) => (value === null ? 'not measured' : `${value.toFixed(0)} MB`);
  const foreign = report.foreignCpuCores === null ? 'not measured' : `${report.foreignCpuCores.toFixed(2)} cores on average`;
  const built = catalogue.reused
    ? `generated in ${catalogue.generationSeconds.toFixed(0)} s on first use and reused from bench/.data`
    : `generated in ${catalogue.generationSeconds.toFixed(0)} s for this run`;
  const problems = report.outcomes.filter((o) => o.problem).map((o) => `- ${o.route.name}: ${o.problem ?? ''}`);
  return [
    API_SECTION_TITLE,
    '',
    `Measured by \`npm run bench\` (bench/src/run.ts) on ${report.date.toISOString().replace(/\.\d+Z$/, 'Z')}.`,
    '',
    `- Machine: ${describeMachine()}.`,
    `- Catalogue: ${count(catalogue.stats.books)} books, ${count(catalogue.stats.chapters)} chapters, ${count(catalogue.stats.pages)} pages on the embedded SQLite database (${built}).`,
    `- Load: autocannon, ${load.connections} connections, ${load.seconds} s per route and server after a ${load.warmupSeconds} s warm-up of each, in ${COMPARISON_ROUNDS} alternating rounds (server, bare, server, bare, ...: the CPU a shared machine leaves drifts, and one long run of each turned that drift into the ratio) against a bare node:http server answering the same bytes (status, every header the server sent, body) from memory; each side's figures are its median round, its p99 the worst round's. Server, bare server and autocannon (in a process of its own, bench/src/load-client.ts) share the machine; autocannon reports whole milliseconds. CPU used by other programs meanwhile: ${foreign}.`,
    `- Searches ask for 10 books in en-us; "+tag" uses ${fixtures.tag}, the least used genre (${count(fixtures.tagBooks)} books). The chapter list is the first 10 of a ${fixtures.bookChapters}-chapter book; the content is its free chapter ${fixtures.chapterNumber}, asked without a token; the member content is its paid chapter ${fixtures.paidChapterNumber}, asked with the token of a member account made with the admin CLI (\`user create\`, \`membership grant\`). The same member asks again and again, so after the first request their account and the chapter's numbers come from the server's memory (reader-state-cache: no database statement); an account's first read costs two statements, a refusal one (docs/ARCHITECTURE.md).`,
    '',
    renderRouteTable(report),
    '',
    ...(report.allCores ? renderAllCores(report, report.allCores) : []),
    `### ${HEAVY_CONNECTIONS} connections`,
    '',
    `The same routes against the one-process server at ${HEAVY_CONNECTIONS} connections (after the 10-connection runs).`,
    '',
    renderHeavyTable(report),
    '',
    '### Targets',
    '',
    ...summarizeTargets(report).map((line) => `- ${line}`),
    '',
    'Page 0 against page 50 under load:',
    '',
    renderPageComparison(report),
    '',
    'Median latency of one request at a time, from the first to the last page (an OFFSET scan would grow with the page number):',
    '',
    report.depth.length > 0 ? renderDepthTable(report) : 'Not measured.',
    '',
    `Resident memory of the server process (VmRSS, sampled every 100 ms): ${mb(report.readyRssMb)} when it first answered, ${mb(report.peakRssMb)} at the peak (target under ${RSS_TARGET_MB} MB).`,
    ...(problems.length > 0 ? ['', 'Routes that could not be measured:', '', ...problems] : []),
    '',
  ].join('\n');
}

function renderAllCores(report: BenchReport, allCores: NonNullable<BenchReport['allCores']>): string[] {
  const foreign = allCores.foreignCpuCores === null ? 'not measured' : `${allCores.foreignCpuCores.toFixed(2)} cores on average`;
  const rss = allCores.peakRssMb === null ? 'not measured' : `${allCores.peakRssMb.toFixed(0)} MB`;
  return [
    '### One process and all cores',
    '',
    `The same routes, the same load, against the server started with \`WEB_CONCURRENCY=${allCores.workers}\` (a node:cluster primary and ${allCores.workers} workers, apps/server/src/cluster.ts) after the one-process server stopped. autocannon runs on the same ${allCores.workers} cores, so the gain is bounded by what it leaves. Peak RSS of the primary and its workers together: ${rss}. CPU used by other programs meanwhile: ${foreign}.`,
    '',
    renderCoresTable(report),
    '',
  ];
}

/** Replaces one benchmark's section (starting at `title`) of docs/PERFORMANCE.md, leaving the other sections alone. */
export function writePerformanceDoc(docPath: string, title: string, section: string): void {
  const current = existsSync(docPath)
    ? readFileSync(docPath, 'utf8')
    : '# Performance\n\nMeasured figures, rewritten by the benchmarks that produce them.\n';
  const start = current.indexOf(`${title}\n`);
  let next: string;
  if (start === -1) {
    next = `${current.trimEnd()}\n\n${section}`;
  } else {
    const end = current.slice(start + title.length).search(/^## /m);
    const rest = end === -1 ? '' : current.slice(start + title.length + end);
    next = `${current.slice(0, start)}${section}${rest ? `\n${rest}` : ''}`;
  }
  writeFileSync(docPath, `${next.trimEnd()}\n`);
}
