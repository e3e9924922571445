import cluster, { type Worker } from 'node:cluster';
import type { AppConfig } from './config.js';
import { prepareOnce, processLogger } from './serve.js';
import { createPrimaryMetrics } from './modules/metrics/cluster-metrics.js';
import { metricsEnabled } from './modules/metrics/metrics-config.js';
import { startMetricsListener } from './modules/metrics/metrics-listener.js';

/** A worker that lived less than this died young: its replacement waits longer each time. */
const STABLE_AFTER_MS = 30_000;
const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;
/**
 * After a stop signal and the workers' drain (SHUTDOWN_DRAIN_SECONDS), a worker still busy this long
 * is killed (a request that hangs must not keep the node).
 */
const FINISH_TIMEOUT_MS = 30_000;

/** Wait before re-forking a slot whose workers keep dying young: 0, then 0.5 s, 1 s, 2 s … 30 s. */
export function restartDelayMs(youngDeaths: number): number {
  if (youngDeaths <= 1) return 0;
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (youngDeaths - 2));
}

interface Slot {
  index: number;
  worker: Worker | null;
  startedAt: number;
  youngDeaths: number;
  timer: NodeJS.Timeout | null;
}

/**
 * The cluster primary (WEB_CONCURRENCY > 1): migrates and seeds once, forks one worker per slot
 * (each builds the app and listens; node:cluster shares the port), replaces a worker that dies
 * with a back-off so a crash loop does not spin, and on SIGTERM/SIGINT asks every worker to stop
 * (each closes its server and lets in-flight requests finish) and exits once all are gone.
 */
export async function runClusterPrimary(config: AppConfig): Promise<void> {
  const log = processLogger(config).child({ role: 'primary' });
  // Stopped (SIGTERM, SIGINT) while waiting for the database: nothing was forked yet.
  if (!(await prepareOnce(config, log))) {
    log.info('stopped while waiting for the database');
    process.exit(0);
  }

  let stopping = false;
  const slots: Slot[] = Array.from({ length: config.webConcurrency }, (_, index) => ({
    index,
    worker: null,
    startedAt: 0,
    youngDeaths: 0,
    timer: null,
  }));

  const fork = (slot: Slot) => {
    slot.timer = null;
    if (stopping) return;
    slot.startedAt = Date.now();
    const worker = cluster.fork({ INKSTREAM_WORKER_INDEX: String(slot.index) });
    slot.worker = worker;
    log.info({ worker: slot.index, workerPid: worker.process.pid }, 'worker started');
    worker.once('exit', (code, signal) => {
      slot.worker = null;
      if (stopping) {
        log.info({ worker: slot.index, workerPid: worker.process.pid, code, signal }, 'worker stopped');
        if (slots.every((s) => s.worker === null)) finish();
        return;
      }
      slot.youngDeaths = Date.now() - slot.startedAt < STABLE_AFTER_MS ? slot.youngDeaths + 1 : 1;
      const delayMs = restartDelayMs(slot.youngDeaths);
      log.error({ worker: slot.index, workerPid: worker.process.pid, code, signal, restartInMs: delayMs }, 'worker died; replacing it');
      slot.timer = setTimeout(() => fork(slot), delayMs);
    });
  };

  let exitCode = 0;
  const finish = () => {
    log.info('all workers stopped');
    process.exit(exitCode);
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: draining every worker');
    for (const slot of slots) {
      if (slot.timer) clearTimeout(slot.timer);
      slot.timer = null;
    }
    const alive = slots.flatMap((slot) => (slot.worker ? [slot.worker] : []));
    if (alive.length === 0) return finish();
    // Each worker handles SIGTERM as a single process does: close the server, finish, exit 0.
    for (const worker of alive) worker.process.kill('SIGTERM');
    const killAfterMs = config.shutdownDrainSeconds * 1000 + FINISH_TIMEOUT_MS;
    setTimeout(() => {
      exitCode = 1;
      for (const worker of alive) {
        if (!worker.isDead()) {
          log.error({ workerPid: worker.process.pid }, `worker still busy after ${killAfterMs / 1000} s; killing it`);
          worker.process.kill('SIGKILL');
        }
      }
    }, killAfterMs).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  // Metrics (docs/OPERATIONS.md "Metrics"): the node's sum of its workers, for METRICS_LISTEN here
  // and for the workers' token route (they ask over IPC).
  if (metricsEnabled(config.metrics)) {
    const metrics = createPrimaryMetrics();
    metrics.listen();
    if (config.metrics.listen) {
      const listener = await startMetricsListener(config.metrics.listen, metrics, log);
      log.info({ port: listener.port() }, 'metrics: listening (the sum of every worker)');
    }
  }

  for (const slot of slots) fork(slot);
  log.info({ workers: config.webConcurrency }, `${config.siteName}: ${config.webConcurrency} workers forked`);
}
