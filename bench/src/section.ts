import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { integerOption } from './cli-options.js';
import { measureThroughput, type LoadOptions, type LoadResult } from './load-test.js';
import { writePerformanceDoc } from './performance-doc.js';
import { startRealServer, type ChildServer } from './server-process.js';

/**
 * What the sections that load a server of their own (comments, ratings, OPDS) share: how they are
 * run alone (`runSectionAlone`), their temporary data folder and servers (`withSectionServers`), how
 * their calls are measured and their rows and section written into docs/PERFORMANCE.md. The readers
 * and import sections share the entry check, the exit and the doc writing.
 */

/** What `npm run bench` hands every such section, and what its command line gives it when run alone. */
export interface SectionOptions {
  repoRoot: string;
  load: LoadOptions;
  writeDocs: boolean;
}

export interface MeasuredRoute {
  name: string;
  result: LoadResult;
}

export interface SectionRoute {
  name: string;
  /** Below the server's base URL. */
  path: string;
  headers?: Record<string, string>;
  /** The status every answer must have (200 unless said). */
  status?: number;
}

/** The section's data folder, and servers started on it. */
export interface SectionServers {
  readonly dataDir: string;
  readonly sqlitePath: string;
  readonly serverMain: string;
  readonly adminCli: string;
  /** Starts the server on the data folder; whatever is still running when the section ends is stopped then. */
  start(options?: { demoCatalogue?: boolean; timeoutMs?: number }): Promise<ChildServer>;
}

/** True when this module is the script node was asked to run (not imported by `npm run bench`). */
export const isEntryPoint = (meta: ImportMeta): boolean =>
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(meta.filename);

/** Ends the process when a script's work is done: a server child or a keep-alive socket must not hold it open. */
export function exitWhenDone(name: string, work: Promise<unknown>): void {
  work.then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`${name} bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exit(1);
    },
  );
}

/**
 * `node bench/dist/<section>.js [--seconds S] [--warmup S] [--connections C] [--no-docs]`: runs the
 * section alone when its module is the script, with its own default load; does nothing when imported.
 */
export function runSectionAlone(
  meta: ImportMeta,
  name: string,
  defaults: LoadOptions,
  run: (options: SectionOptions) => Promise<unknown>,
): void {
  if (!isEntryPoint(meta)) return;
  const usage = `Usage: node bench/dist/${path.basename(meta.filename)} [--seconds S] [--warmup S] [--connections C] [--no-docs]`;
  const alone = async () => {
    const { values } = parseArgs({
      options: {
        seconds: { type: 'string', default: String(defaults.seconds) },
        warmup: { type: 'string', default: String(defaults.warmupSeconds) },
        connections: { type: 'string', default: String(defaults.connections) },
        'no-docs': { type: 'boolean', default: false },
      },
    });
    const positive = integerOption(usage);
    await run({
      repoRoot: path.resolve(meta.dirname, '../..'),
      load: {
        seconds: positive('seconds', values.seconds, 1),
        warmupSeconds: positive('warmup', values.warmup, 0),
        connections: positive('connections', values.connections, 1),
      },
      writeDocs: !values['no-docs'],
    });
  };
  exitWhenDone(name, alone());
}

/**
 * Runs `work` on a fresh temporary data folder (`inkstream-<name>-bench-…`); afterwards, however it
 * ended, stops the servers it started and removes the folder.
 */
export async function withSectionServers<T>(repoRoot: string, name: string, work: (servers: SectionServers) => Promise<T>): Promise<T> {
  const serverMain = path.join(repoRoot, 'apps/server/dist/main.js');
  if (!existsSync(serverMain)) throw new Error(`${serverMain} does not exist: run \`npm run build\` first`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `inkstream-${name}-bench-`));
  const started: ChildServer[] = [];
  try {
    return await work({
      dataDir,
      sqlitePath: path.join(dataDir, 'inkstream.sqlite'),
      serverMain,
      adminCli: path.join(repoRoot, 'apps/server/dist/cli/admin.js'),
      async start(options = {}) {
        const server = await startRealServer({ serverMain, dataDir, ...options });
        started.push(server);
        return server;
      },
    });
  } finally {
    for (const server of started) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Measures each route in turn under `load`; a server that dies on the way fails the section. */
export async function measureRoutes(server: ChildServer, routes: readonly SectionRoute[], load: LoadOptions): Promise<MeasuredRoute[]> {
  const width = Math.max(...routes.map((route) => route.name.length));
  const rows: MeasuredRoute[] = [];
  for (const route of routes) {
    const result = await measureThroughput(server.baseUrl + route.path, load, route.headers, undefined, route.status);
    if (!server.isRunning()) throw new Error(`the server died during "${route.name}":\n${server.outputTail()}`);
    rows.push({ name: route.name, result });
    console.log(
      `  ${route.name.padEnd(width)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s p50 ${result.p50Ms} ms p99 ${result.p99Ms} ms` +
        `${result.failures > 0 ? ` (${result.failures} failed)` : ''}`,
    );
  }
  return rows;
}

/** A row of the `| name | req/s | p50 | p99 | failed | target |` table, the target being p99 under `targetP99Ms`. */
export const loadTableRow =
  (targetP99Ms: number) =>
  ({ name, result }: MeasuredRoute): string =>
    `| ${name} | ${result.requestsPerSecond.toFixed(0)} | ${result.p50Ms} ms | ${result.p99Ms} ms | ${result.failures} | ${
      result.p99Ms < targetP99Ms ? 'met' : 'missed'
    } |`;

/** The 1, 5 and 15 minute load averages, e.g. `3.2, 2.9, 2.5` (the machine is shared: the figures depend on it). */
export const loadAverages = (): string =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');

/** Writes the section into docs/PERFORMANCE.md, unless the run was asked not to. */
export function writeSection(options: Pick<SectionOptions, 'repoRoot' | 'writeDocs'>, title: string, section: string): void {
  if (!options.writeDocs) return;
  const docPath = path.join(options.repoRoot, 'docs/PERFORMANCE.md');
  writePerformanceDoc(docPath, title, section);
  console.log(`Wrote ${path.relative(options.repoRoot, docPath)} (${title.slice(3)})`);
}

/** The `data` of an API answer; anything but 2xx fails the section (its figures would mean nothing). */
export async function apiData<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}
