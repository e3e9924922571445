import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The real built server (`npx tsc -b apps/server`; `npm test` builds first). */
export const SERVER_MAIN = path.resolve(import.meta.dirname, '../../dist/main.js');

/** Keeps this much of a process's output, for the message of a failing test. */
const OUTPUT_KEPT = 64 * 1024;

export interface LogLine {
  pid: number;
  msg?: string;
  [field: string]: unknown;
}

export interface ServerProcess {
  name: string;
  port: number;
  baseUrl: string;
  child: ChildProcess;
  /** Parsed JSON log lines, oldest first. */
  lines: LogLine[];
  /** The last `chars` characters of stdout and stderr together. */
  tail(chars?: number): string;
  /** SIGTERM (graceful: in-flight requests finish, leases are released); resolves with the exit code. */
  stop(timeoutMs?: number): Promise<number | null>;
  /** SIGKILL unless already gone. */
  kill(): void;
}

/**
 * Parses the child's stdout into `lines` as JSON log lines arrive (other text is skipped), and
 * hands every chunk of stdout and stderr to `onOutput` (for a failing test's message).
 */
export function readLogLines(child: ChildProcess, lines: LogLine[], onOutput: (text: string) => void): void {
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    onOutput(text);
    pending += text;
    const parts = pending.split('\n');
    pending = parts.pop() ?? '';
    for (const part of parts) {
      try {
        lines.push(JSON.parse(part) as LogLine);
      } catch {
        // not a log line
      }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => onOutput(chunk.toString()));
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/**
 * Starts `node dist/main.js` with exactly `env` (plus PATH/HOME from this process) on `port`, and
 * resolves once it logs that it is serving; a process that exits or stays silent past
 * `startTimeoutMs` rejects with its output.
 */
export async function startServerProcess(options: {
  name: string;
  port: number;
  env: Record<string, string>;
  startTimeoutMs?: number;
  /** The log line that counts as started; the " is serving " line otherwise. */
  startedWhen?: (line: LogLine) => boolean;
}): Promise<ServerProcess> {
  if (!existsSync(SERVER_MAIN)) throw new Error('build the server first: npx tsc -b apps/server');
  const { name, port } = options;
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...options.env, PORT: String(port) };
  const child = spawn(process.execPath, [SERVER_MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: LogLine[] = [];
  let output = '';
  const keep = (text: string) => {
    output += text;
    if (output.length > 2 * OUTPUT_KEPT) output = output.slice(-OUTPUT_KEPT);
  };
  readLogLines(child, lines, keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const gone = () => child.exitCode !== null || child.signalCode !== null;

  const server: ServerProcess = {
    name,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    lines,
    tail: (chars = 4000) => `--- ${name} (port ${port}, pid ${child.pid}) ---\n${output.slice(-chars)}`,
    async stop(timeoutMs = 15_000) {
      if (!gone()) child.kill('SIGTERM');
      const timer = setTimeout(() => server.kill(), timeoutMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
    kill() {
      if (!gone()) child.kill('SIGKILL');
    },
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? 45_000);
  const isStarted = options.startedWhen ?? ((line: LogLine) => typeof line.msg === 'string' && line.msg.includes(' is serving '));
  while (!lines.some(isStarted)) {
    if (gone()) throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before serving:\n${server.tail()}`);
    if (Date.now() > deadline) {
      server.kill();
      throw new Error(`${name} did not start serving in time:\n${server.tail()}`);
    }
    await sleep(50);
  }
  return server;
}
