import cluster from 'node:cluster';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, type AppConfig } from './config.js';
import { openDatabase, type Db, type DatabaseHandle } from './db/database.js';
import { isDatabaseUnavailable } from './db/database-errors.js';
import { guardAgainstDatabaseLoss } from './db/database-loss-guard.js';
import { createDatabaseGate, startRetryDelayMs } from './db/database-gate.js';
import { migrateToLatest } from './db/migrator.js';
import { createDomainEvents, type DomainEvents } from './db/domain-events.js';
import { logDestination } from './lib/log-output.js';
import { localScrape } from './modules/metrics/app-metrics.js';
import { metricsEnabled } from './modules/metrics/metrics-config.js';
import { clusterWorkerScrape } from './modules/metrics/cluster-metrics.js';
import { startMetricsListener } from './modules/metrics/metrics-listener.js';
import { seedDemoWhenNeeded } from './modules/demo/demo-seed.js';
import { handleContentChanges } from './modules/catalogue/catalogue-changes.js';
import { createMediaStorage, type MediaStorage } from './modules/media/media-storage.js';
import { registerShutdownDrain } from './http/shutdown-drain.js';

/**
 * Opens the database. PostgreSQL connects at the first query; SQLite opens its file here, and a
 * file that cannot be opened (DATA_DIR not writable, or the path taken by a folder) is a
 * configuration error that no waiting fixes: the start stops with one clear line.
 */
function openForStart(config: AppConfig, overrides: Partial<Parameters<typeof openDatabase>[0]> = {}): DatabaseHandle {
  try {
    return openDatabase({ ...config, observeQueries: metricsEnabled(config.metrics), ...overrides });
  } catch (error) {
    if (config.databaseUrl) throw error;
    throw new ConfigError(`the SQLite database "${config.sqlitePath}" (in DATA_DIR) cannot be opened: ${(error as Error).message}`);
  }
}

/** Migrations may build indexes on large tables: they run on a connection without the statement limit. */
export async function migrate(config: AppConfig): Promise<string[]> {
  const migrating = openForStart(config, { poolSize: 1, statementTimeoutMs: 0, observeQueries: false });
  return await migrateToLatest(migrating.db).finally(() => migrating.close());
}

/**
 * Runs the start's first database work until the database answers, as a service under an
 * orchestrator should when PostgreSQL is not up yet: one line per failed attempt, then 1 s, 2 s,
 * 4 s … 30 s between attempts. Errors other than unavailability (a wrong password, a failing
 * migration) stop the start. Resolves null when SIGTERM or SIGINT arrives while waiting.
 */
export async function untilDatabaseReached<T>(work: () => Promise<T>, log: FastifyBaseLogger): Promise<{ value: T } | null> {
  const stopping = new AbortController();
  const stop = () => stopping.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const value = await work();
        if (attempt > 1) log.info({ attempt }, `database reached (attempt ${attempt})`);
        return { value };
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        const retryInMs = startRetryDelayMs(attempt);
        const reason = error instanceof Error ? error.message || (error as { code?: string }).code : String(error);
        log.warn(
          { attempt, retryInMs, reason },
          `database not reachable (attempt ${attempt}: ${reason}); retrying in ${retryInMs / 1000} s`,
        );
        await sleep(retryInMs, undefined, { signal: stopping.signal }).catch(() => undefined);
        if (stopping.signal.aborted) return null;
      }
    }
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}

/**
 * The app's log format (JSON lines, or readable lines on a terminal), for the cluster primary,
 * which builds no app. It writes through process.stdout (synchronous for files and pipes on
 * Linux) so the lines written just before process.exit keep their order.
 */
export function processLogger(config: AppConfig): FastifyBaseLogger {
  return Fastify({ logger: { level: config.logLevel, stream: logDestination() } }).log;
}

/**
 * The demo seed of the first start (DEMO_CATALOGUE=auto). Ctrl-C or SIGTERM while it runs stops it
 * between books and exits: the books written so far are whole, and the next start finishes the
 * rest (modules/demo/demo-seed.ts).
 */
async function seedDemoOnStart(
  config: AppConfig,
  db: Db,
  domainEvents: Pick<DomainEvents, 'transact' | 'raise'>,
  storage: MediaStorage,
  log: FastifyBaseLogger,
): Promise<void> {
  if (config.demoCatalogue !== 'auto') return;
  const controller = new AbortController();
  const stop = (signal: NodeJS.Signals) => {
    log.warn({ signal }, 'stopping: the demo catalogue is unfinished; the next start finishes it');
    controller.abort();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    await seedDemoWhenNeeded({ db, domainEvents, storage, log: (message) => log.info(message), signal: controller.signal });
  } catch (error) {
    if (!controller.signal.aborted) throw error;
    process.exit(130);
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}

/**
 * The cluster primary's share of the start: migrations and the demo seed, once, before any worker
 * forks; then it closes what it opened (the workers open their own).
 */
export async function prepareOnce(config: AppConfig, log: FastifyBaseLogger): Promise<boolean> {
  // No worker is forked (so nothing listens) until the database is reached and migrated.
  const migrated = await untilDatabaseReached(() => migrate(config), log);
  if (!migrated) return false;
  const applied = migrated.value;
  if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
  const storage = createMediaStorage(config);
  const database = openDatabase(config);
  try {
    // A wrong bucket, endpoint or key pair stops the start with one clear line, not at the first image.
    await storage.verify();
    log.info({ storage: storage.kind, location: storage.location }, 'media storage ready');
    // No listener here: the workers forked after the seed read the catalogue version afresh.
    // No cache here to drop: the seed's books move the catalogue version in the database only.
    const domainEvents = createDomainEvents(database.db);
    handleContentChanges(domainEvents, {});
    await seedDemoOnStart(config, database.db, domainEvents, storage, log);
  } finally {
    storage.close();
    await database.close();
  }
  return true;
}

/**
 * Builds the app and listens; SIGTERM/SIGINT drain (SHUTDOWN_DRAIN_SECONDS), then close the server
 * (in-flight requests finish) and exit.
 * `prepare`: migrate and seed here too (one process); a cluster worker leaves that to the primary.
 *
 * On PostgreSQL the process listens before the database is reached: until the migrations have run
 * (retried with a back-off while the database is down) /readyz and the API answer 503 with
 * Retry-After, and " is serving " is logged once it is ready. SQLite, a local file, is migrated
 * before listening, as before.
 */
export async function serve(config: AppConfig, options: { prepare: boolean }): Promise<void> {
  const waitsForDatabase = options.prepare && config.databaseUrl !== null;
  const applied = options.prepare && !waitsForDatabase ? await migrate(config) : [];
  const database = openForStart(config);
  const storage = createMediaStorage(config);
  await storage.verify();
  const databaseGate = createDatabaseGate({ open: !waitsForDatabase });
  // Background work (WeChat Pay reconciliation, the jobs runner) runs in every process, cluster
  // workers and nodes alike: each pass takes a lease in the database first, so one process at a
  // time does a given piece of work and a dead process's work is taken over when its lease ends.
  const app = await buildApp({
    config,
    database,
    storage,
    backgroundJobs: true,
    databaseGate,
    // A cluster worker's /metrics answers the whole node: its primary sums every worker's registry.
    ...(cluster.isWorker ? { metricsScrape: clusterWorkerScrape } : {}),
  });
  // One process: METRICS_LISTEN is served here (in a cluster, by the primary: cluster.ts).
  const metricsListener =
    !cluster.isWorker && app.metrics && config.metrics.listen
      ? await startMetricsListener(config.metrics.listen, localScrape(app.metrics.registry), app.log)
      : null;
  if (metricsListener) app.log.info({ port: metricsListener.port() }, 'metrics: listening');
  const drain = registerShutdownDrain(app);
  guardAgainstDatabaseLoss(app.log);
  if (options.prepare) app.log.info({ storage: storage.kind, location: storage.location }, 'media storage ready');
  const close = async () => {
    await metricsListener?.close();
    await app.close();
    storage.close();
    await database.close();
  };

  if (waitsForDatabase) {
    await app.listen({ port: config.port, host: config.host });
    app.log.info(`listening on ${config.publicUrl}; /readyz and the API answer 503 until the database is reached and migrated`);
    const migrated = await untilDatabaseReached(() => migrate(config), app.log);
    if (!migrated) {
      app.log.info('stopped while waiting for the database');
      await close();
      process.exit(0);
    }
    applied.push(...migrated.value);
  }
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
  if (options.prepare) await seedDemoOnStart(config, database.db, app.domainEvents, storage, app.log);

  // A graceful stop (docs/OPERATIONS.md "Stopping"): drain first (http/shutdown-drain.ts), then close
  // the listener, let in-flight requests finish and stop background work (a running job is handed
  // back to the queue for another node), then exit 0. A second signal cuts the drain short.
  const drainEnd = new AbortController();
  const shutdown = async (signal: string) => {
    if (drain.isDraining()) return drainEnd.abort();
    drain.begin();
    const drainSeconds = config.shutdownDrainSeconds;
    // The message stays 'shutting down' (what operators' searches and the cluster test look for).
    app.log.info({ signal, drainSeconds, draining: '/readyz answers 503' }, 'shutting down');
    await sleep(drainSeconds * 1000, undefined, { signal: drainEnd.signal }).catch(() => undefined);
    app.log.info('drained: closing the listener; in-flight requests finish');
    await close();
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (!waitsForDatabase) await app.listen({ port: config.port, host: config.host });
  databaseGate.open();
  app.log.info(`${config.siteName} is serving ${config.publicUrl} (${database.dialect})`);
}
