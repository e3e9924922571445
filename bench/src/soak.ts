import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ensureMemberAccounts, logIn, type BenchAccount } from './accounts.js';
import { ensureCatalogue } from './catalogue-cache.js';
import { startForeignCpuMeter, startProcessCpuMeter } from './foreign-cpu.js';
import { writePerformanceDoc } from './performance-doc.js';
import { sampleMemory, startRealServer, type ChildServer } from './server-process.js';
import { createSoakMix, type LoggedInAccount, type SoakKind } from './soak-mix.js';
import { loadSoakPool } from './soak-pool.js';
import {
  renderKindTable,
  renderMinuteTable,
  renderSoakSection,
  SOAK_SECTION_TITLE,
  summarizeSoak,
  type SoakReport,
} from './soak-report.js';
import { createSoakRecorder, judgeSoak, type SoakRecorder } from './soak-stats.js';
import { integerOption } from './cli-options.js';
import { adminCli, repoRoot, runBenchScript, serverMain } from './script.js';

/**
 * `npm run bench:soak` (issue 12, "Soak"): one server process under a steady mixed load for minutes
 * on end. Exits 0 only when no request failed and memory did not drift; writes docs/PERFORMANCE.md.
 */
const USAGE = `Usage: node bench/dist/soak.js [--minutes M] [--rate R] [--connections C] [--books N] [--fresh] [--no-docs]
  --minutes M      length of the soak (default 10; at least 2, minute two is the memory baseline)
  --rate R         requests per second offered, all kinds together (default 700)
  --connections C  concurrent connections (default 10)
  --books N        catalogue size (default 100000, the cached catalogue of \`npm run bench\`)
  --fresh          rebuild the cached catalogue in bench/.data
  --no-docs        print only; leave docs/PERFORMANCE.md alone`;

const SEED = 20261123;
const ACCOUNTS: BenchAccount[] = [1, 2, 3, 4].map((n) => ({ username: `soakreader${n}`, password: `soak-password-${n}` }));

function readOptions() {
  const { values } = parseArgs({
    options: {
      minutes: { type: 'string', default: '10' },
      rate: { type: 'string', default: '700' },
      connections: { type: 'string', default: '10' },
      books: { type: 'string', default: '100000' },
      fresh: { type: 'boolean', default: false },
      'no-docs': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const integer = integerOption(USAGE);
  return {
    help: values.help,
    minutes: integer('minutes', values.minutes, 2),
    rate: integer('rate', values.rate, 10),
    connections: integer('connections', values.connections, 1),
    books: integer('books', values.books, 100),
    fresh: values.fresh,
    writeDocs: !values['no-docs'],
  };
}

async function main(options: ReturnType<typeof readOptions>): Promise<number> {
  const cacheRoot = path.join(repoRoot, 'bench/.data');
  const catalogue = await ensureCatalogue({ cacheRoot, serverMain, books: options.books, fresh: options.fresh });
  console.log(`Catalogue: ${catalogue.stats.books} books, ${catalogue.stats.chapters} chapters (${catalogue.reused ? 'reused' : 'built'})`);
  // Likes, events and logins write to the database: a copy keeps the cached catalogue as `npm run bench` expects it.
  const dataDir = path.join(cacheRoot, 'soak-run');
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(catalogue.dataDir, dataDir, { recursive: true });
  try {
    const sqlitePath = path.join(dataDir, 'inkstream.sqlite');
    const pool = loadSoakPool(sqlitePath);
    await ensureMemberAccounts({ adminCli, dataDir, sqlitePath, accounts: ACCOUNTS });
    const server = await startRealServer({ serverMain, dataDir });
    try {
      const memory = sampleMemory(server.pid);
      const loggedIn: LoggedInAccount[] = [];
      for (const account of ACCOUNTS) loggedIn.push({ ...account, token: await logIn(server.baseUrl, account) });
      console.log(
        `Server ready (pid ${server.pid}); soaking for ${options.minutes} min at ${options.rate} req/s over ${options.connections} connections`,
      );
      const foreignCpu = startForeignCpuMeter([process.pid, server.pid]);
      const recorder = createSoakRecorder(options.minutes);
      const mix = createSoakMix(pool, loggedIn, SEED);
      await runLoad({ server, recorder, memory, next: (now) => mix.next(now), ...options });
      const foreignCpuCores = foreignCpu.stop();
      memory.stop();
      const serverAlive = server.isRunning();
      if (!serverAlive) console.error(`The server died during the soak:\n${server.outputTail()}`);
      const perMinute = recorder.minutes();
      const report: SoakReport = {
        date: new Date(),
        catalogue,
        minutes: options.minutes,
        rate: options.rate,
        connections: options.connections,
        accounts: ACCOUNTS.length,
        perMinute,
        perKind: recorder.kinds(),
        verdict: judgeSoak(perMinute, serverAlive),
        socketErrors: recorder.socketErrors(),
        serverAlive,
        readyRssMb: memory.firstMb(),
        peakRssMb: memory.peakMb(),
        foreignCpuCores,
      };
      console.log(`\n${renderMinuteTable(report)}\n\n${renderKindTable(report)}\n`);
      for (const line of summarizeSoak(report)) console.log(line);
      if (options.writeDocs) {
        const docPath = path.join(repoRoot, 'docs/PERFORMANCE.md');
        writePerformanceDoc(docPath, SOAK_SECTION_TITLE, renderSoakSection(report));
        console.log(`\nWrote ${path.relative(repoRoot, docPath)}`);
      }
      return report.verdict.passed ? 0 : 1;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * One autocannon run for the whole soak at a fixed overall rate. Every request is chosen as it is
 * sent (setupRequest), and its answer is filed under the minute it arrived in; once a second the
 * server's RSS is sampled, and at each minute's end its CPU and other programs' CPU are recorded.
 */
async function runLoad(options: {
  server: ChildServer;
  recorder: SoakRecorder;
  memory: ReturnType<typeof sampleMemory>;
  next: (now: number) => { kind: SoakKind; method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string };
  minutes: number;
  rate: number;
  connections: number;
}): Promise<void> {
  const { server, recorder, memory } = options;
  const started = performance.now();
  const minuteNow = () => Math.floor((performance.now() - started) / 60_000);
  // autocannon reports an answer to onResponse (which knows the request's context) and then, in the
  // same synchronous call, to the 'response' event (which knows the latency): this hands one to the other.
  let answered: { kind: SoakKind; status: number } | null = null;
  let finished: (error: unknown) => void = () => undefined;
  const done = new Promise<void>((resolve, reject) => {
    finished = (error) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve());
  });
  const loadOptions: autocannon.Options = {
    url: server.baseUrl,
    connections: options.connections,
    overallRate: options.rate,
    duration: options.minutes * 60,
    requests: [
      {
        setupRequest: (request, context) => {
          const next = options.next(Date.now());
          (context as { kind?: SoakKind }).kind = next.kind;
          // A fresh headers object each time: autocannon adds Content-Length to it.
          return { ...request, method: next.method, path: next.path, headers: { ...next.headers }, body: next.body ?? '' };
        },
        onResponse: (status, _body, context) => {
          answered = { kind: (context as { kind: SoakKind }).kind, status };
        },
      },
    ],
  };
  // The callback form returns the event emitter (the promise form does not expose it in the typings).
  const instance = autocannon(loadOptions, (error) => finished(error));
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    const answer = answered ?? { kind: 'search' as const, status: statusCode };
    answered = null;
    recorder.response(minuteNow(), answer.kind, statusCode, responseTime);
  });
  instance.on('reqError', () => recorder.socketError(minuteNow()));

  let minute = 0;
  let serverCpu = startProcessCpuMeter(server.pid);
  let foreignCpu = startForeignCpuMeter([process.pid, server.pid]);
  const closeMinute = () => {
    recorder.cpu(minute, serverCpu.stop(), foreignCpu.stop());
    const m = recorder.minutes()[minute];
    if (m) {
      console.log(
        `  minute ${m.minute}: ${m.requestsPerSecond.toFixed(0)} req/s, p99 ${m.p99Ms.toFixed(1)} ms, max ${m.maxMs.toFixed(0)} ms, ${m.errors} errors, ` +
          `RSS ${m.rssMb?.toFixed(0) ?? '?'} MB, server CPU ${m.serverCpuCores?.toFixed(2) ?? '?'} cores, others ${m.foreignCpuCores?.toFixed(2) ?? '?'}`,
      );
    }
  };
  const ticker = setInterval(() => {
    const now = minuteNow();
    if (now !== minute && now < options.minutes) {
      closeMinute();
      minute = now;
      serverCpu = startProcessCpuMeter(server.pid);
      foreignCpu = startForeignCpuMeter([process.pid, server.pid]);
    }
    recorder.memory(minute, memory.lastMb());
    if (!server.isRunning()) instance.stop();
  }, 1000);
  try {
    await done;
  } finally {
    clearInterval(ticker);
  }
  closeMinute();
}

runBenchScript({ name: 'soak', usage: USAGE, npmScript: 'npm run bench:soak' }, readOptions, main);
