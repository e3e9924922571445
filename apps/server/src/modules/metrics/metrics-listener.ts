import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MetricsScrape } from './metrics-scrape.js';

export interface MetricsListener {
  port(): number;
  close(): Promise<void>;
}

export interface ListenerLog {
  warn(fields: object, message: string): void;
}

/**
 * METRICS_LISTEN: a plain HTTP server of its own that answers `GET /metrics` and nothing else
 * (404), without a token: who can reach the address may read the metrics, so it belongs on a
 * private interface or behind a firewall (docs/OPERATIONS.md "Metrics").
 */
export async function startMetricsListener(
  address: { host: string; port: number },
  scrape: MetricsScrape,
  log: ListenerLog,
): Promise<MetricsListener> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end('Not found\n');
      return;
    }
    scrape.text().then(
      (text) => {
        response.writeHead(200, { 'content-type': scrape.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        log.warn({ err: error }, 'metrics: a scrape failed');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end('Scrape failed\n');
      },
    );
  });
  // A slow or stuck scraper must not hold sockets for ever.
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: () => (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
