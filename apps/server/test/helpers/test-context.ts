import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { loadConfig, type AppConfig } from '../../src/config.js';
import { openDatabase, type Db, type DatabaseHandle } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import type { MailOptions } from '../../src/modules/mail/mail-module.js';
import type { FeedAuthenticator } from '../../src/modules/opds/feed-reader.js';
import { createMediaStorage, type MediaStorage } from '../../src/modules/media/media-storage.js';
import { copyMigratedSqlite, migratedPostgresTemplate } from './migrated-template.js';

/** Which database this test run uses: vitest.config.ts runs the server suite once per dialect. */
export const TEST_DIALECT = process.env.INKSTREAM_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  database: DatabaseHandle;
  config: AppConfig;
  storage: MediaStorage;
  dataDir: string;
  close(): Promise<void>;
}

async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database of the run's dialect (a new PostgreSQL database per call), not migrated:
 * for tests that migrate it themselves (part way, or from a server process they start).
 */
export async function createTestDatabase(): Promise<{ databaseUrl: string | null; drop: () => Promise<void> }> {
  return createDatabase(null);
}

/**
 * As createTestDatabase, but already migrated on PostgreSQL (a copy of a migrated template). On
 * SQLite the database is a file the caller names: copyMigratedSqlite puts a migrated one there.
 * Test speed: see helpers/migrated-template.ts.
 */
export async function createMigratedTestDatabase(): Promise<{ databaseUrl: string | null; drop: () => Promise<void> }> {
  return createDatabase(TEST_DIALECT === 'postgres' ? await migratedPostgresTemplate(POSTGRES_ADMIN_URL) : null);
}

export { copyMigratedSqlite };

async function createDatabase(template: string | null): Promise<{ databaseUrl: string | null; drop: () => Promise<void> }> {
  if (TEST_DIALECT === 'sqlite') return { databaseUrl: null, drop: async () => undefined };
  const name = `inkstream_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(async (client) => {
    await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    // Test speed: a commit answers before its WAL reaches the disk. Only a crash of the PostgreSQL
    // server itself could tell the difference (it may lose the last commits); what every session
    // sees, and when, is unchanged.
    await client.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  });
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: () => withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** A test's configuration: its own data folder and database, fresh secrets, no demo, no logs; `env` on top. */
export function testConfig(dataDir: string, databaseUrl: string | null, env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    DATA_DIR: dataDir,
    DEMO_CATALOGUE: 'off',
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    MEDIA_SIGNING_SECRET: randomBytes(32).toString('hex'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
}

/**
 * Builds the whole app on a fresh database and data folder, as main.ts does, without listening.
 * `log` is Kysely's query log (helpers/query-log.ts counts the queries of a request with it).
 * `readerChangesPollMs` starts the reader change feed, so members' reads are answered from memory
 * as on a running server (off otherwise: every read runs its statement).
 */
export async function createTestContext(
  env: Record<string, string> = {},
  options: { log?: Logger; readerChangesPollMs?: number; mail?: MailOptions; feedAuthenticate?: FeedAuthenticator } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'inkstream-test-'));
  const testDb = await createMigratedTestDatabase();
  const config = testConfig(dataDir, testDb.databaseUrl, env);
  if (!config.databaseUrl) await copyMigratedSqlite(config.sqlitePath);
  const database = openDatabase({
    ...config,
    poolSize: 5,
    // As serve.ts does: with metrics on, every statement is timed.
    observeQueries: config.metrics.listen !== null || config.metrics.token !== null,
    ...(options.log ? { log: options.log } : {}),
  });
  // A no-op on the migrated copy; kept so a context is never built on a schema behind the code's.
  await migrateToLatest(database.db);
  // The local folder unless `env` asks for STORAGE=s3 (see helpers/s3-server.ts).
  const storage = createMediaStorage(config);
  const app = await buildApp({
    config,
    database,
    storage,
    logger: false,
    ...(options.readerChangesPollMs !== undefined ? { readerChangesPollMs: options.readerChangesPollMs } : {}),
    ...(options.mail ? { mail: options.mail } : {}),
    ...(options.feedAuthenticate ? { feedAuthenticate: options.feedAuthenticate } : {}),
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    storage,
    dataDir,
    async close() {
      await app.close();
      storage.close();
      const poolQueriesInTransaction = database.poolQueriesInTransaction();
      await database.close();
      await testDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
      // Even where the code under test caught the refusal: the class of defect fails the file.
      if (poolQueriesInTransaction.length > 0) {
        throw new Error(`A query went through the pool inside a transaction:\n${poolQueriesInTransaction.join('\n\n')}`);
      }
    },
  };
}
