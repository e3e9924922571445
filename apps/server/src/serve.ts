import Fastify, { type FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.js';
import type { AppConfig } from './config.js';
import { openDatabase, type Db } from './db/database.js';
import { migrateToLatest } from './db/migrator.js';
import { logDestination } from './lib/log-output.js';
import { seedDemoWhenNeeded } from './modules/demo/demo-seed.js';
import { createMediaStorage, type MediaStorage } from './modules/media/media-storage.js';

/** Migrations may build indexes on large tables: they run on a connection without the statement limit. */
export async function migrate(config: AppConfig): Promise<string[]> {
  const migrating = openDatabase({ ...config, poolSize: 1, statementTimeoutMs: 0 });
  return await migrateToLatest(migrating.db).finally(() => migrating.close());
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
async function seedDemoOnStart(config: AppConfig, db: Db, storage: MediaStorage, log: FastifyBaseLogger): Promise<void> {
  if (config.demoCatalogue !== 'auto') return;
  const controller = new AbortController();
  const stop = (signal: NodeJS.Signals) => {
    log.warn({ signal }, 'stopping: the demo catalogue is unfinished; the next start finishes it');
    controller.abort();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    await seedDemoWhenNeeded({ db, storage, log: (message) => log.info(message), signal: controller.signal });
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
export async function prepareOnce(config: AppConfig, log: FastifyBaseLogger): Promise<void> {
  const applied = await migrate(config);
  if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
  const storage = createMediaStorage(config);
  const database = openDatabase(config);
  try {
    // A wrong bucket, endpoint or key pair stops the start with one clear line, not at the first image.
    await storage.verify();
    log.info({ storage: storage.kind, location: storage.location }, 'media storage ready');
    await seedDemoOnStart(config, database.db, storage, log);
  } finally {
    storage.close();
    await database.close();
  }
}

/**
 * Builds the app and listens; SIGTERM/SIGINT close the server (in-flight requests finish) and exit.
 * `prepare`: migrate and seed here too (one process); a cluster worker leaves that to the primary.
 */
export async function serve(config: AppConfig, options: { prepare: boolean }): Promise<void> {
  const applied = options.prepare ? await migrate(config) : [];
  const database = openDatabase(config);
  const storage = createMediaStorage(config);
  await storage.verify();
  // Background work (WeChat Pay reconciliation, the jobs runner) runs in every process, cluster
  // workers and nodes alike: each pass takes a lease in the database first, so one process at a
  // time does a given piece of work and a dead process's work is taken over when its lease ends.
  const app = await buildApp({ config, database, storage, backgroundJobs: true });
  if (options.prepare) app.log.info({ storage: storage.kind, location: storage.location }, 'media storage ready');
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
  if (options.prepare) await seedDemoOnStart(config, database.db, storage, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    storage.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.siteName} is serving ${config.publicUrl} (${database.dialect})`);
}
