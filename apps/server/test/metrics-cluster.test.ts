import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSamples, sampleValue } from './helpers/prometheus-text.js';
import { freePort, startServerProcess, type ServerProcess } from './helpers/server-process.js';
import { TEST_DIALECT } from './helpers/test-context.js';
import { until } from './helpers/until.js';

/**
 * Issue 44, the node's view: one real server with WEB_CONCURRENCY=2 and METRICS_LISTEN. The
 * primary answers the metrics port with the sum of both workers; a worker's token route asks the
 * primary and answers the same sum. SQLite only: the cluster's sum does not depend on the database.
 */
const TOKEN = randomBytes(24).toString('hex');
let server: ServerProcess;
let metricsPort: number;
let dataDir: string;

/** One request on a connection of its own, so the cluster's round robin hands it to the next worker. */
function get(port: number, urlPath: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, agent: false, headers }, (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}
const healthz = (text: string) =>
  sampleValue(parseSamples(text), 'inkstream_http_requests_total', { route: '/healthz', method: 'GET', status_class: '2xx' });

beforeAll(async () => {
  if (TEST_DIALECT !== 'sqlite') return;
  dataDir = mkdtempSync(path.join(tmpdir(), 'inkstream-metrics-'));
  metricsPort = await freePort();
  server = await startServerProcess({
    name: 'metrics-cluster',
    port: await freePort(),
    env: {
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DEMO_CATALOGUE: 'off',
      WEB_CONCURRENCY: '2',
      METRICS_LISTEN: `127.0.0.1:${metricsPort}`,
      METRICS_TOKEN: TOKEN,
      NODE_NAME: 'node-a',
      JWT_SECRET: randomBytes(32).toString('hex'),
      MEDIA_SIGNING_SECRET: randomBytes(32).toString('hex'),
    },
  });
  await until(async () => server.lines.filter((line) => line.msg?.includes(' is serving ')).length === 2);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe.runIf(TEST_DIALECT === 'sqlite')('metrics of a cluster (WEB_CONCURRENCY=2, METRICS_LISTEN)', () => {
  it('sums both workers on the metrics port and on a worker’s token route', async () => {
    for (let i = 0; i < 6; i += 1) expect((await get(server.port, '/healthz')).status).toBe(200);
    const scraped = await get(metricsPort, '/metrics');
    expect(scraped.status).toBe(200);
    expect(healthz(scraped.body)).toBe(6);
    // Two workers' process metrics, summed: both answered the primary.
    expect(sampleValue(parseSamples(scraped.body), 'inkstream_build_info', { node: 'node-a' })).toBe(1);
    const servingPids = new Set(server.lines.filter((line) => line.msg?.includes(' is serving ')).map((line) => line.pid));
    expect(servingPids.size).toBe(2);

    // Through the main port, a worker asks the primary: the same six (the scrape itself is counted once it is answered).
    const viaToken = await get(server.port, '/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(viaToken.status).toBe(200);
    expect(healthz(viaToken.body)).toBe(6);
    expect((await get(server.port, '/metrics')).status).toBe(401);
  });

  it('answers nothing but GET /metrics on the metrics port', async () => {
    expect((await get(metricsPort, '/healthz')).status).toBe(404);
    expect((await get(metricsPort, '/')).status).toBe(404);
  });
});

describe.runIf(TEST_DIALECT === 'sqlite')('metrics of one process (WEB_CONCURRENCY=1, METRICS_LISTEN)', () => {
  let single: ServerProcess;
  let singleDataDir: string;
  let singleMetricsPort: number;
  beforeAll(async () => {
    singleDataDir = mkdtempSync(path.join(tmpdir(), 'inkstream-metrics-one-'));
    singleMetricsPort = await freePort();
    single = await startServerProcess({
      name: 'metrics-one-process',
      port: await freePort(),
      env: {
        NODE_ENV: 'development',
        DATA_DIR: singleDataDir,
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        DEMO_CATALOGUE: 'off',
        WEB_CONCURRENCY: '1',
        METRICS_LISTEN: `127.0.0.1:${singleMetricsPort}`,
        JWT_SECRET: randomBytes(32).toString('hex'),
        MEDIA_SIGNING_SECRET: randomBytes(32).toString('hex'),
      },
    });
  }, 60_000);
  afterAll(async () => {
    await single?.stop();
    if (singleDataDir) rmSync(singleDataDir, { recursive: true, force: true });
  });

  it('serves its own registry on the metrics port, and no /metrics on the main port without METRICS_TOKEN', async () => {
    for (let i = 0; i < 3; i += 1) expect((await get(single.port, '/healthz')).status).toBe(200);
    const scraped = await get(singleMetricsPort, '/metrics');
    expect(scraped.status).toBe(200);
    expect(healthz(scraped.body)).toBe(3);
    expect((await get(single.port, '/metrics', { authorization: `Bearer ${TOKEN}` })).status).toBe(404);
  });
});
