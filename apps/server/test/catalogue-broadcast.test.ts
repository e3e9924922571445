import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createBook } from './helpers/factories.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

// The built admin CLI (`npm test` builds first): a process of its own, as an operator runs it
// beside the nodes, so its catalogue change can only reach the app through the invalidation bus.
const ADMIN_CLI = path.resolve(import.meta.dirname, '../dist/cli/admin.js');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const run = promisify(execFile);

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

function cliEnv(context: TestContext, extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    DATA_DIR: context.dataDir,
    JWT_SECRET: context.config.jwtSecret,
    MEDIA_SIGNING_SECRET: context.config.mediaSigningSecret,
    LOG_LEVEL: 'silent',
    ...(context.config.databaseUrl ? { DATABASE_URL: context.config.databaseUrl } : {}),
    ...extra,
  };
}

const recommendations = '/api/v1/comics/book/recommendation/list?language=en-us';

/**
 * The app's answers are cached until the catalogue version changes, and this app does not poll
 * the database (no background jobs): only a broadcast can tell it of the CLI's change.
 */
async function expectCliChangeHeard(env: Record<string, string>) {
  if (!existsSync(ADMIN_CLI)) throw new Error('build the server first: npx tsc -b apps/server');
  ctx = await createTestContext(env);
  await ctx.app.invalidation.ready();
  const book = await createBook(ctx, { chapters: 2, freeChapters: 1, titles: { 'en-us': 'Broadcast Book' } });
  const before = await ctx.app.inject({ url: recommendations });
  expect(before.statusCode).toBe(200);
  expect(before.body).not.toContain(book.uuid);
  // Cached: the same bytes again, whatever the database says.
  expect((await ctx.app.inject({ url: recommendations })).body).toBe(before.body);

  await run(process.execPath, [ADMIN_CLI, 'book', 'recommend', book.uuid, '--rank', '1'], { env: cliEnv(ctx, env) });
  const exitedAt = Date.now();
  let heardAfter = Infinity;
  while (Date.now() - exitedAt < 3_000) {
    if ((await ctx.app.inject({ url: recommendations })).body.includes(book.uuid)) {
      heardAfter = Date.now() - exitedAt;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(heardAfter).toBeLessThan(1_000);
}

describe('catalogue changes made by another process', () => {
  it('reach a running app within a second over Redis pub/sub', async () => {
    await expectCliChangeHeard({ REDIS_URL, REDIS_PREFIX: `inkstream-test-${randomBytes(6).toString('hex')}` });
  }, 30_000);

  it.runIf(TEST_DIALECT === 'postgres')(
    'reach a running app within a second over PostgreSQL LISTEN/NOTIFY',
    async () => {
      await expectCliChangeHeard({});
    },
    30_000,
  );
});
