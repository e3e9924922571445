/**
 * Prometheus's part in the metrics-overhead bench (metrics-overhead.ts): `GET /metrics` with the
 * bearer token (METRICS_TOKEN) at once and then every 15 s, the scrape_interval of docs/OPERATIONS.md's
 * example, while the "on" server is measured. A scrape serialises every series on the server's event
 * loop, so its cost is part of the overhead measured and must not be left out.
 */
export const SCRAPE_INTERVAL_MS = 15_000;

export interface ScrapeLog {
  count: number;
  slowestMs: number;
  largestBytes: number;
}

/** One scrape; anything but 200 fails the bench (the figures would not be the ones of metrics on). */
export async function scrapeOnce(baseUrl: string, token: string): Promise<{ text: string; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}: ${text.slice(0, 300)}`);
  return { text, ms: performance.now() - started };
}

/** The answers the scrape counted (`inkstream_http_requests_total`, every route and status together). */
export function countedRequests(scrape: string): number {
  let total = 0;
  for (const line of scrape.split('\n')) {
    const match = /^inkstream_http_requests_total(?:\{[^}]*\})? (\S+)/.exec(line);
    if (match) total += Number(match[1]);
  }
  return total;
}

/** Scrapes until `stop`, which waits for a scrape under way and fails if any scrape failed. */
export function startScraper(baseUrl: string, token: string, intervalMs = SCRAPE_INTERVAL_MS): { stop(): Promise<ScrapeLog> } {
  const log: ScrapeLog = { count: 0, slowestMs: 0, largestBytes: 0 };
  let failure: unknown = null;
  let inFlight: Promise<void> = Promise.resolve();
  const scrape = () => {
    inFlight = scrapeOnce(baseUrl, token).then(
      ({ text, ms }) => {
        log.count += 1;
        log.slowestMs = Math.max(log.slowestMs, ms);
        log.largestBytes = Math.max(log.largestBytes, Buffer.byteLength(text));
      },
      (error: unknown) => {
        failure ??= error;
      },
    );
  };
  scrape();
  const timer = setInterval(scrape, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await inFlight;
      if (failure !== null) throw new Error(`a scrape failed during the measurement`, { cause: failure });
      return log;
    },
  };
}
