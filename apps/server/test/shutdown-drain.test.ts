import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './helpers/server-process.js';

/**
 * Issue 58: SIGTERM in the middle of a burst on keep-alive connections. Before the drain, the stop
 * closed idle keep-alive sockets while the clients were sending on them: every connection was reset.
 * Here ten clients keep sending on kept-alive sockets; a "balancer" polls /readyz on fresh
 * connections and, once it reads 503 "draining", stops the clients, as a real one stops routing.
 * No request the server accepted may fail, and the process must exit 0 after the drain.
 */

const CLIENTS = 10;
/** Requests each client has had answered before SIGTERM: the signal lands mid-burst. */
const WARM_REQUESTS = 20;
// Room for a loaded 2-core machine: the balancer below must read the 503 before the listener closes.
const DRAIN_SECONDS = 5;

/** A free port in the range this project's tests on a shared machine keep to (4900–4990). */
async function freePortInRange(): Promise<number> {
  const first = 4900 + Math.floor(Math.random() * 91);
  for (let i = 0; i < 91; i += 1) {
    const port = 4900 + ((first - 4900 + i) % 91);
    const probe = createServer();
    const free = await new Promise<boolean>((resolve) => {
      probe.once('error', () => resolve(false)).listen(port, '127.0.0.1', () => resolve(true));
    });
    if (free) {
      await new Promise((resolve) => probe.close(resolve));
      return port;
    }
  }
  throw new Error('no free port in 4900–4990');
}

interface Answer {
  status: number;
  closes: boolean;
  body: string;
}

function get(port: number, urlPath: string, agent: http.Agent | false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, agent }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, closes: response.headers.connection === 'close', body }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

// The server runs on SQLite whatever the project: once is enough.
describe.skipIf(process.env.INKSTREAM_TEST_DB === 'postgres')('SIGTERM during a burst on keep-alive connections', () => {
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'inkstream-drain-'));
    server = await startServerProcess({
      name: 'drain',
      port: await freePortInRange(),
      env: { DATA_DIR: dataDir, DEMO_CATALOGUE: 'off', SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS), NODE_ENV: 'development' },
    });
  });

  afterAll(() => {
    server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('drains: /readyz 503 at once, every accepted request answered, then exit 0', async () => {
    const port = server.port;
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    let balancerSawDraining = false;
    const failures: string[] = [];
    const answered = Array.from({ length: CLIENTS }, () => ({ ok: 0, closedByServer: 0 }));
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));

    const client = async (index: number) => {
      const urls = ['/healthz', '/api/v1/config/public'];
      for (let n = 0; !balancerSawDraining; n += 1) {
        try {
          const answer = await get(port, urls[n % urls.length]!, agent);
          if (answer.status !== 200) failures.push(`client ${index}: ${answer.status} ${answer.body.slice(0, 200)}`);
          else answered[index]!.ok += 1;
          if (answer.closes) answered[index]!.closedByServer += 1;
        } catch (error) {
          failures.push(`client ${index}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
          return;
        }
      }
    };
    const clients = answered.map((_, index) => client(index));

    while (!answered.every((count) => count.ok >= WARM_REQUESTS)) {
      if (failures.length > 0) break;
      await sleep(10);
    }
    const before = answered.map((count) => count.ok);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');

    // The balancer: /readyz on a fresh connection each time, until it reads "draining".
    let drainingSeenAfterMs = -1;
    while (!balancerSawDraining) {
      const probe = await get(port, '/readyz', false).catch((error: Error) => ({ status: 0, closes: true, body: error.message }));
      if (probe.status === 503 && JSON.parse(probe.body).reason === 'draining') {
        drainingSeenAfterMs = Date.now() - signalledAt;
        balancerSawDraining = true;
      } else if (probe.status !== 200) {
        failures.push(`readyz: ${probe.status} ${probe.body.slice(0, 200)}`);
        break;
      }
    }
    balancerSawDraining = true;
    await Promise.all(clients);
    const code = await exited;
    const exitedAfterMs = Date.now() - signalledAt;
    agent.destroy();

    const report = `${JSON.stringify({ drainingSeenAfterMs, exitedAfterMs, answered })}\n${server.tail(3000)}`;
    expect(failures, report).toEqual([]);
    expect(drainingSeenAfterMs, report).toBeGreaterThanOrEqual(0);
    // The drain is what the balancer needs to notice: it read 503 well before the listener closed.
    expect(drainingSeenAfterMs, report).toBeLessThan(DRAIN_SECONDS * 1000);
    expect(code, report).toBe(0);
    expect(exitedAfterMs, report).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000);
    // Requests kept being served after the signal, each answer telling its client to close the socket.
    expect(
      answered.reduce((sum, count) => sum + count.closedByServer, 0),
      report,
    ).toBeGreaterThan(0);
    expect(
      answered.some((count, index) => count.ok > before[index]!),
      report,
    ).toBe(true);
    const messages = server.lines.map((line) => line.msg ?? '');
    expect(messages.includes('shutting down')).toBe(true);
    expect(messages.indexOf('stopped')).toBeGreaterThan(messages.findIndex((msg) => msg.startsWith('drained:')));
  });
});
