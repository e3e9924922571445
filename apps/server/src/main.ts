import { buildApp } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrator.js';
import { seedDemoIfEmpty } from './modules/demo/demo-seed.js';
import { createMediaStorage } from './modules/media/media-storage.js';

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  // Migrations may build indexes on large tables: they run on a connection without the statement limit.
  const migrating = openDatabase({ ...config, poolSize: 1, statementTimeoutMs: 0 });
  const applied = await migrateToLatest(migrating.db).finally(() => migrating.close());
  const database = openDatabase(config);
  const storage = createMediaStorage(config);
  // A wrong bucket, endpoint or key pair stops the start with one clear line, not at the first image.
  await storage.verify();
  const app = await buildApp({ config, database, storage, backgroundJobs: true });
  app.log.info({ storage: storage.kind, location: storage.location }, 'media storage ready');
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
  if (config.demoCatalogue === 'auto') {
    await seedDemoIfEmpty({ db: database.db, storage, log: (message) => app.log.info(message) });
  }

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

main().catch((error: unknown) => {
  console.error('Inkstream failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
