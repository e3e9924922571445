import { fork, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** A server running as a child process, so it has a core and a heap of its own and its RSS can be read. */
export interface ChildServer {
  readonly pid: number;
  readonly baseUrl: string;
  isRunning(): boolean;
  /** The last lines the child printed, for error messages. */
  outputTail(): string;
  stop(): Promise<void>;
}

export interface CapturedResponse {
  path: string;
  status: number;
  contentType: string;
  /** Every header the server sent but the ones node:http writes itself (date, connection, keep-alive). */
  headers: Record<string, string>;
  body: Buffer;
}

const running = new Set<ChildProcess>();
// A crashed or interrupted harness must not leave servers holding ports and the database.
process.on('exit', () => running.forEach((child) => child.kill('SIGKILL')));
// Signals end the process without 'exit' handlers unless they are turned into an orderly exit.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(signal === 'SIGINT' ? 130 : 143));

export async function findFreePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('could not reserve a local port');
  return address.port;
}

/** Starts `node apps/server/dist/main.js` on the embedded SQLite of `dataDir` and waits for /healthz. */
export async function startRealServer(options: {
  serverMain: string;
  dataDir: string;
  timeoutMs?: number;
  /** Generate the demo catalogue, as `npm start` does (the web-quality run measures that site). */
  demoCatalogue?: boolean;
  /** Settings on top of the benchmark's defaults, e.g. WEB_CONCURRENCY for the all-cores run. */
  env?: Readonly<Record<string, string>>;
}): Promise<ChildServer> {
  const port = await findFreePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: options.dataDir, PORT: String(port), HOST: '127.0.0.1' };
  // Whatever the shell says, the benchmark measures the embedded default: SQLite, no demo data, quiet logs,
  // and glibc's malloc set as `npm start` and the README's service setup run it: two arenas, and
  // blocks of 1 MB or more given back when freed (without them every thread may keep its own arena,
  // and the memory figure is not the deployed one).
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  Object.assign(
    env,
    { DEMO_CATALOGUE: options.demoCatalogue ? 'auto' : 'off', LOG_LEVEL: 'warn', MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '1048576' },
    options.env,
  );
  const child = spawn(process.execPath, [...startScriptNodeFlags(), options.serverMain], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  return await watchChild(child, `http://127.0.0.1:${port}`, '/healthz', options.timeoutMs ?? 120_000);
}

/**
 * The flags `npm start` gives node before apps/server/dist/main.js (the V8 heap limit), read off
 * package.json's start script so the benchmark measures the server as it is deployed.
 */
export function startScriptNodeFlags(): string[] {
  const manifest = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const match = /\bnode((?: --[\w-]+(?:=\S+)?)*) apps\/server\/dist\/main\.js/.exec(manifest.scripts.start);
  if (!match) throw new Error(`package.json's start script does not run node apps/server/dist/main.js: ${manifest.scripts.start}`);
  return match[1]!.split(' ').filter(Boolean);
}

/** Forks bench/dist/bare-server.js and hands it the captured responses to answer from memory. */
export async function startBareServer(entry: string, responses: readonly CapturedResponse[]): Promise<ChildServer> {
  const port = await findFreePort();
  const child = fork(entry, [String(port)], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  child.send({ responses: responses.map((r) => ({ ...r, body: r.body.toString('base64') })) });
  const server = await watchChild(child, `http://127.0.0.1:${port}`, '/__bare_ready', 15_000);
  // The IPC channel was only for the hand-over; closing it keeps the child's event loop to HTTP alone.
  child.disconnect();
  return server;
}

async function watchChild(child: ChildProcess, baseUrl: string, readyPath: string, timeoutMs: number): Promise<ChildServer> {
  running.add(child);
  let tail = '';
  const keepTail = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', keepTail);
  child.stderr?.on('data', keepTail);
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exitCode = code ?? (signal ? -1 : null);
      // A server killed from outside prints nothing; the tail must still say how it ended.
      keepTail(Buffer.from(`\n[exited with ${signal ? `signal ${signal}` : `code ${String(code)}`}]`));
      running.delete(child);
      resolve();
    }),
  );
  const server: ChildServer = {
    pid: child.pid ?? -1,
    baseUrl,
    outputTail: () => tail.trim(),
    isRunning: () => exitCode === undefined,
    async stop() {
      if (exitCode !== undefined) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`server exited with code ${exitCode} before it was ready:\n${server.outputTail()}`);
    try {
      const response = await fetch(baseUrl + readyPath, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return server;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  await server.stop();
  throw new Error(`server did not answer ${readyPath} within ${timeoutMs / 1000} s:\n${server.outputTail()}`);
}

/** The processes whose parent is `pid` (a cluster primary's workers), from /proc; empty without it. */
export function childPids(pid: number): number[] {
  const children: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return children;
  }
  for (const entry of entries) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The parent pid is the second field after the command name, which may contain spaces.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return children;
}

/**
 * Waits until the cluster primary `pid` has `workers` children and none of them used CPU for half a
 * second: a worker that finished starting (module loading, building the app) idles until asked.
 * There is no other outside sign that every worker listens, and a busy worker must not be measured.
 */
export async function waitForIdleWorkers(pid: number, workers: number, timeoutMs = 60_000): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  let previous = '';
  let stableSince = Date.now();
  while (Date.now() < deadline) {
    const children = childPids(pid).sort((a, b) => a - b);
    const ticks = children.map((child) => {
      try {
        const stat = readFileSync(`/proc/${child}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return `${child}:${Number(fields[11] ?? 0) + Number(fields[12] ?? 0)}`;
      } catch {
        return `${child}:gone`;
      }
    });
    const now = ticks.join(',');
    if (now !== previous) {
      previous = now;
      stableSince = Date.now();
    } else if (children.length >= workers && Date.now() - stableSince >= 500) {
      return children;
    }
    await sleep(100);
  }
  throw new Error(`the cluster primary ${pid} did not settle with ${workers} idle workers within ${timeoutMs / 1000} s`);
}

/**
 * Samples resident memory from /proc (Linux) and keeps the first, the latest and the peak: of one
 * process, or summed over what `pids()` returns at each sample (a cluster primary and its workers).
 */
export function sampleMemory(
  pid: number | (() => readonly number[]),
  intervalMs = 100,
): { firstMb(): number | null; lastMb(): number | null; peakMb(): number | null; stop(): void } {
  let firstKb: number | null = null;
  let lastKb: number | null = null;
  let peakKb: number | null = null;
  const rssKb = (one: number): number | null => {
    try {
      const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${one}/status`, 'utf8'));
      return match?.[1] ? Number(match[1]) : null;
    } catch {
      // No /proc (not Linux) or the process is gone: report what was seen.
      return null;
    }
  };
  const read = () => {
    const samples = (typeof pid === 'number' ? [pid] : pid()).map(rssKb).filter((kb) => kb !== null);
    if (samples.length === 0) return;
    const kb = samples.reduce((sum, value) => sum + value, 0);
    firstKb ??= kb;
    lastKb = kb;
    peakKb = Math.max(peakKb ?? 0, kb);
  };
  read();
  const timer = setInterval(read, intervalMs);
  timer.unref();
  return {
    firstMb: () => (firstKb === null ? null : firstKb / 1024),
    lastMb: () => (lastKb === null ? null : lastKb / 1024),
    peakMb: () => (peakKb === null ? null : peakKb / 1024),
    stop: () => clearInterval(timer),
  };
}
