import cluster from 'node:cluster';
import { runClusterPrimary } from './cluster.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { keepFilesPrivate } from './lib/private-files.js';
import { serve } from './serve.js';

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
  keepFilesPrivate();
  const config = readConfig();
  // WEB_CONCURRENCY=1: one process, as always. Above: a primary that migrates, seeds and forks
  // the workers (cluster.ts), and workers that serve on the port the primary shares with them.
  if (config.webConcurrency === 1) await serve(config, { prepare: true });
  else if (cluster.isPrimary) await runClusterPrimary(config);
  else await serve(config, { prepare: false });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else console.error('Inkstream failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
