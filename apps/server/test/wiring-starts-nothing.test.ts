import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { createServices } from '../src/services.js';
import { createMigratedTestDatabase, testConfig } from './helpers/test-context.js';
import { copyMigratedSqlite } from './helpers/migrated-template.js';
import { until } from './helpers/until.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as never;

/** What holds this process open besides what it held before: sockets, connection attempts, timers. */
function activeSince(before: string[]): string[] {
  const left = [...before];
  return process.getActiveResourcesInfo().filter((kind) => {
    const at = left.indexOf(kind);
    if (at >= 0) left.splice(at, 1);
    return at < 0 && /TCP|Pipe|Timeout|Interval|Immediate/.test(kind);
  });
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * Issue 57 item 4: building every service opens no connection and sets no timer (a module that
 * did would start work in the admin CLI, in tests that never close it, and before the server
 * chose to start). app.ts starts what it runs; here the invalidation bus, started by hand, shows
 * the check can see a connection when there is one.
 */
describe('the wiring root', () => {
  it('builds every service and starts nothing until asked', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'inkstream-wiring-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const testDb = await createMigratedTestDatabase();
    cleanups.push(testDb.drop);
    // Redis carries the bus and the rate limits when set: the transport that connects first.
    const config = testConfig(dataDir, testDb.databaseUrl, {
      REDIS_URL,
      REDIS_PREFIX: `inkstream-wiring-${randomBytes(4).toString('hex')}`,
    });
    if (!config.databaseUrl) await copyMigratedSqlite(config.sqlitePath);
    const database = openDatabase({ ...config, poolSize: 2 });
    cleanups.push(() => database.close());

    const before = process.getActiveResourcesInfo();
    const services = createServices(config, database.db, silent);
    cleanups.push(() => services.invalidation.close());
    cleanups.push(() => services.storage.close());
    // A constructor that connects does so at once or on the next turns of the event loop.
    for (let turn = 0; turn < 3; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(activeSince(before)).toEqual([]);
    expect(services.invalidation.kind).toBe('redis');

    services.invalidation.start();
    await until(async () => activeSince(before).some((kind) => kind.startsWith('TCP')));
  });
});
