import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '@inkstream/server/dist/db/database.js';
import { createDomainEvents } from '@inkstream/server/dist/db/domain-events.js';
import { createCatalogueVersion } from '@inkstream/server/dist/modules/catalogue/catalogue-version.js';
import { createBookSearch } from '@inkstream/server/dist/modules/search/book-search.js';
import { handleContentChanges } from '@inkstream/server/dist/modules/catalogue/catalogue-changes.js';
import { markSearchChanged } from '@inkstream/server/dist/modules/catalogue/catalogue-write.repository.js';
import { ensureCatalogue } from './catalogue-cache.js';
import { integerOption } from './cli-options.js';
import { COMPARISON_ROUNDS } from './load-test.js';
import { writePerformanceDoc } from './performance-doc.js';
import { renderSearchHttp, runSearchHttp, searchQueries, SEARCH_HTTP_TITLE } from './search-http.js';
import { loadAverages } from './section.js';

/**
 * The book search at catalogue scale, in process (no HTTP: the index is what is measured; the
 * HTTP path is the catalogue search the main benchmark already measures): how long the index takes
 * to build from the database, how much heap it holds, and each kind of query's time, p50 and p99.
 *
 * `node --expose-gc bench/dist/search-bench.js [--books 100000]`
 */
const RUNS = 300;

/** One query of each kind the search knows, worded for the generated catalogue (catalogue-text.ts). */
const QUERIES: [kind: string, query: string][] = [
  ['one word', 'dragon'],
  ['two words, any order', 'sword crimson'],
  ['a prefix while typing', 'drag'],
  ['a long prefix', 'celesti'],
  ['one typo', 'dargon'],
  ['two typos, long word', 'alchemsiit'],
  ['a whole title', 'the crimson sword'],
  ['no match', 'zzzqqqxx'],
  ['two Chinese characters', '天剑'],
  ['Traditional characters', '龍帝'],
  ['pinyin', 'tianjian'],
  ['pinyin initials', 'tjd'],
  ['an introduction word', 'alliances'],
  ['100 characters', 'the crimson sword of the northern sect and the hidden dragon of the jade palace in neon city tonight'],
];

const ROOT = path.resolve(import.meta.dirname, '../..');
const USAGE = `Usage: node --expose-gc bench/dist/search-bench.js [--books N] [--http] [--seconds S] [--no-docs]
  --books N    catalogue size (default 100000)
  --http       only the search over HTTP against the bare server (what \`npm run bench\` runs too), written to docs/PERFORMANCE.md
  --seconds S  with --http: measured seconds per side, in ${COMPARISON_ROUNDS} alternating rounds (default 6)
  --no-docs    with --http: print only
  --books-only a catalogue without chapters (generated in minutes, not tens of minutes, at a million books; the search reads no chapters)`;
const { values } = parseArgs({
  options: {
    books: { type: 'string', default: '100000' },
    http: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '6' },
    'no-docs': { type: 'boolean', default: false },
    'books-only': { type: 'boolean', default: false },
  },
});
const positive = integerOption(USAGE);
const books = positive('books', values.books, 100);
const gc = (globalThis as { gc?: () => void }).gc;

function heapMb(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

const catalogue = await ensureCatalogue({
  books,
  cacheRoot: path.join(ROOT, 'bench/.data'),
  serverMain: path.join(ROOT, 'apps/server/dist/main.js'),
  fresh: false,
  booksOnly: values['books-only'],
});
if (values.http) {
  const load = { connections: 10, warmupSeconds: 1, seconds: positive('seconds', values.seconds, 1) };
  const machineLoad = loadAverages();
  const report = await runSearchHttp({
    serverMain: path.join(ROOT, 'apps/server/dist/main.js'),
    bareServerEntry: path.join(import.meta.dirname, 'bare-server.js'),
    dataDir: catalogue.dataDir,
    load,
  });
  const section = renderSearchHttp(report, { date: new Date(), books, load, machineLoad });
  console.log(section);
  if (!values['no-docs']) writePerformanceDoc(path.join(ROOT, 'docs/PERFORMANCE.md'), SEARCH_HTTP_TITLE, section);
  process.exit(0);
}
const handle = openDatabase({ databaseUrl: null, sqlitePath: catalogue.sqlitePath });
const versions = createCatalogueVersion(handle.db);
const search = createBookSearch(handle.db, versions);
// As the server's wiring root does (services.ts): a committed change moves the version, re-read at once.
const domainEvents = createDomainEvents(handle.db);
handleContentChanges(domainEvents, { catalogue: versions });

const heapBefore = heapMb();
// How long the build holds the event loop at once: every request of the process waits that long.
let longestStall = 0;
let lastTick = performance.now();
// On a shared machine a turn's wall time includes the time the process waited for a core: its CPU time does not.
let longestTurnCpu = 0;
let lastCpu = process.cpuUsage();
const ticker = setInterval(() => {
  const now = performance.now();
  longestStall = Math.max(longestStall, now - lastTick);
  lastTick = now;
  const cpu = process.cpuUsage(lastCpu);
  longestTurnCpu = Math.max(longestTurnCpu, (cpu.user + cpu.system) / 1000);
  lastCpu = process.cpuUsage();
}, 5);
const started = performance.now();
await search.warm();
const buildSeconds = (performance.now() - started) / 1000;
// A stall that ends the build is only seen by the next tick.
await new Promise((resolve) => setTimeout(resolve, 20));
clearInterval(ticker);
const heapAfter = heapMb();

console.log(`Machine load (uptime): ${loadAverages()}`);
console.log(
  `Search index at ${books.toLocaleString('en')} books: built in ${buildSeconds.toFixed(1)} s, ` +
    `longest event-loop stall ${longestStall.toFixed(0)} ms (the most CPU time between two turns: ${longestTurnCpu.toFixed(0)} ms), ` +
    `heap +${(heapAfter - heapBefore).toFixed(0)} MB`,
);
console.log('| Kind of query | Query | Books found | p50 | p99 | CPU time p50 / p99 |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const [kind, query] of QUERIES) {
  // Warm up first: the first runs of a kind of query include the compiler's work, not the search's.
  for (let run = 0; run < 30; run += 1) await search.search(query);
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let found = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    found = (await search.search(query)).length;
    times.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  const at = (values: number[], share: number) =>
    [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(share * values.length))]!.toFixed(2);
  console.log(
    `| ${kind} | \`${query.length > 40 ? `${query.slice(0, 37)}…` : query}\` | ${found} | ${at(times, 0.5)} ms | ${at(times, 0.99)} ms | ${at(cpuTimes, 0.5)} / ${at(cpuTimes, 0.99)} ms |`,
  );
}
// The header's suggestions also look up authors and tags (name-index.ts) at every pause in typing.
// (The generated catalogue has tags but no authors: the author index is empty here.)
const NAME_QUERIES: [kind: string, query: string][] = [
  ['a tag word', 'fantasy'],
  ['a tag prefix', 'myst'],
  ['a tag in French', 'science-fiction'],
  ['a tag in Chinese', '科幻'],
  ['a title word', 'dragon'],
  ['no match', 'zzzqqqxx'],
];
console.log('| Suggested names for | Query | Authors, tags | p50 | p99 |');
console.log('| --- | --- | --- | --- | --- |');
for (const [kind, query] of NAME_QUERIES) {
  for (let run = 0; run < 30; run += 1) await search.names(query, 3);
  const times: number[] = [];
  let found = '';
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    const names = await search.names(query, 3);
    times.push(performance.now() - start);
    found = `${names.authors.length}, ${names.tags.length}`;
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))]!.toFixed(2);
  console.log(`| ${kind} | \`${query.length > 40 ? `${query.slice(0, 37)}…` : query}\` | ${found} | ${at(0.5)} ms | ${at(0.99)} ms |`);
}

/**
 * Keeping the index current (search-delta.ts): the books changed since the base are read again
 * into a delta searched beside it. Marks `count` books changed (as a rename would), then times the
 * first search after (which waits for the delta) and a one-word query with that delta in place.
 */
async function timeDelta(count: number, label = count.toLocaleString('en')): Promise<void> {
  const ids = Array.from({ length: count }, (_, i) => 1 + Math.floor((i * books) / count));
  await domainEvents.transact(async (trx) => {
    await markSearchChanged(trx, ids);
    for (const bookId of ids) await domainEvents.raise(trx, { type: 'book-changed', bookId });
  });
  const start = performance.now();
  await search.search('dragon');
  const catchUp = performance.now() - start;
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const at = performance.now();
    await search.search('dragon');
    times.push(performance.now() - at);
  }
  times.sort((a, b) => a - b);
  const { baseBuilds, deltaBooks } = search.stats();
  console.log(
    `| ${label} | ${deltaBooks.toLocaleString('en')} | ${catchUp.toFixed(0)} ms | ` +
      `${times[Math.floor(0.5 * RUNS)]!.toFixed(2)} / ${times[Math.floor(0.99 * RUNS)]!.toFixed(2)} ms | ${baseBuilds} |`,
  );
}
console.log('\n| Books changed | Delta | First search after (catch-up) | `dragon` with the delta, p50 / p99 | Base builds |');
console.log('| --- | --- | --- | --- | --- |');
for (const count of [1, 100, 1_000, 2_000]) await timeDelta(count);
// One more change with the delta full: what a single rename costs at the delta's largest.
await timeDelta(1, '1 more');

// The 1,000 distinct queries the HTTP benchmark asks in turn: what an uncached search request spends in the index.
const generated = searchQueries();
for (const query of generated) await search.search(query);
const generatedTimes: number[] = [];
for (const query of generated) {
  const start = performance.now();
  await search.search(query);
  generatedTimes.push(performance.now() - start);
}
generatedTimes.sort((a, b) => a - b);
const mean = generatedTimes.reduce((sum, t) => sum + t, 0) / generatedTimes.length;
const atShare = (share: number) =>
  generatedTimes[Math.min(generatedTimes.length - 1, Math.floor(share * generatedTimes.length))]!.toFixed(2);
console.log(
  `The ${generated.length} queries of the HTTP benchmark (search-http.ts), once each: mean ${mean.toFixed(2)} ms, p50 ${atShare(0.5)} ms, p99 ${atShare(0.99)} ms, slowest ${atShare(1)} ms`,
);
console.log(`Machine load (uptime): ${loadAverages()}`);
await handle.close();
