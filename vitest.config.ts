import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Server tests run twice: on an embedded SQLite file and on a real PostgreSQL server
// (a fresh database per test file). INKSTREAM_TEST_POSTGRES=off skips the second run locally;
// CI never sets it, so no PostgreSQL test can silently skip there.
const withPostgres = process.env.INKSTREAM_TEST_POSTGRES !== 'off';
const serverTests = ['apps/server/test/**/*.test.ts', 'apps/server/src/**/*.test.ts'];
/**
 * Server test files share their worker's modules (isolate: false): each file would otherwise load
 * the whole server again (about 2 s of every file's time on this 2-core machine, half the suite's).
 * Every file builds its own app on its own database and closes it; nothing the server keeps is
 * process-wide (each app's caches, feeds and after-commit listeners are its own: the lint's rule 4
 * in scripts/check-imports-server.mjs). Files that replace
 * a module with vi.mock must not leak the replacement into the next file: they run isolated.
 */
const moduleMockingTests = ['apps/server/test/reader-state-cache.test.ts'];
// Workspace packages resolve to their TypeScript sources (the `source` export condition), so a test
// sees a change in packages/contracts without rebuilding its dist/. Server tests run in Vite's SSR
// environment, which reads `ssr.resolve.conditions`, not `resolve.conditions`: both are set.
// Vitest's server defaults are kept after `source`: Vite's without `module` (Vitest drops it too, as Node
// would then load packages' bundler-only ESM builds, such as the AWS SDK's dist-es).
const shared = {
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions.filter((condition) => condition !== 'module')] } },
};

/** The server suite on one database: its files sharing modules, and the few that mock modules, isolated. */
function serverProjects(database: 'sqlite' | 'postgres') {
  // Unit tests beside the sources run once, with the SQLite project.
  const include = database === 'sqlite' ? serverTests : serverTests.slice(0, 1);
  const test = { env: { INKSTREAM_TEST_DB: database }, testTimeout: 30_000, hookTimeout: 60_000 };
  return [
    { ...shared, test: { ...test, name: `server-${database}`, include, exclude: moduleMockingTests, isolate: false } },
    { ...shared, test: { ...test, name: `server-${database}-isolated`, include: moduleMockingTests, isolate: true } },
  ];
}

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on the 2-core machine CI runs on.
    // Most server test time is spent waiting on PostgreSQL, child processes and timers, so two
    // files at once use the machine better. Browser journeys stay one file at a time (below), in a
    // Vitest process of their own beside this one (scripts/run-tests.mjs says why).
    maxWorkers: 2,
    projects: [
      ...serverProjects('sqlite'),
      ...(withPostgres ? serverProjects('postgres') : []),
      { ...shared, test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] } },
      {
        ...shared,
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['src/test-support/setup.ts'],
          // Above the async ceiling in the setup file, so a slow condition fails with its own message.
          testTimeout: 20_000,
        },
      },
      // Browser journeys against the real built server (npm test builds first) in Debian's Chromium.
      {
        ...shared,
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.e2e.test.ts'],
          globalSetup: ['e2e/src/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 150_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
