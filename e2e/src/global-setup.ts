import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from './server.js';

let server: RunningServer | undefined;

/**
 * One real server for all browser tests: demo catalogue, fresh data folder. While writing a test,
 * E2E_BASE_URL and E2E_DATA_DIR point the tests at a server already running instead (no demo wait).
 */
export async function setup(project: TestProject): Promise<void> {
  if (process.env.E2E_BASE_URL && process.env.E2E_DATA_DIR) {
    project.provide('baseUrl', process.env.E2E_BASE_URL);
    project.provide('dataDir', process.env.E2E_DATA_DIR);
    return;
  }
  server = await startServer({ port: Number(process.env.E2E_PORT ?? 3210) });
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: tests may read its SQLite file (read-only) to check what was stored. */
    dataDir: string;
  }
}
