import { spawn } from 'node:child_process';
import path from 'node:path';
import { runAdmin } from '../../src/cli/admin-runner.js';
import type { TestContext } from './test-context.js';

/**
 * Runs the admin command line against the test app's own database and data folder, as an
 * operator would beside the running server; returns the exit code and what it printed. The
 * command runs in this process but as another process would: the app hears of its catalogue
 * changes as a running server does, from the broadcast (PostgreSQL's NOTIFY, Redis) or its poll of
 * the version, which tests do not start. So the app reads the version again once the command is
 * done, as that poll would within a second.
 */
export function adminCli(ctx: TestContext, extraEnv: Record<string, string> = {}) {
  const storage = ctx.config.storage;
  const run = adminCliWithEnv({
    DATA_DIR: ctx.dataDir,
    JWT_SECRET: ctx.config.jwtSecret,
    MEDIA_SIGNING_SECRET: ctx.config.mediaSigningSecret,
    ...(ctx.config.databaseUrl ? { DATABASE_URL: ctx.config.databaseUrl } : {}),
    // The same media storage as the app: an S3 test context's CLI writes to the same bucket.
    ...(storage.driver === 's3'
      ? {
          STORAGE: 's3',
          S3_ENDPOINT: storage.endpoint,
          S3_BUCKET: storage.bucket,
          S3_REGION: storage.region,
          S3_ACCESS_KEY_ID: storage.accessKeyId,
          S3_SECRET_ACCESS_KEY: storage.secretAccessKey,
          S3_FORCE_PATH_STYLE: String(storage.forcePathStyle),
        }
      : {}),
    ...extraEnv,
  });
  return async (...argv: string[]) => {
    const result = await run(...argv);
    await ctx.app.catalogueVersion.refresh();
    return result;
  };
}

/** The admin command line with exactly these settings (e.g. the environment of running server processes). */
export function adminCliWithEnv(env: Record<string, string>) {
  return async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(argv, { env, write: (l) => out.push(l), writeError: (l) => err.push(l) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
}

/** The built admin command line (`npx tsc -b apps/server`). */
export const BUILT_ADMIN = path.resolve(import.meta.dirname, '../../dist/cli/admin.js');

/** The built admin command line (dist) as a child process, for tests that must kill it half way or run it beside a server. */
export function spawnBuiltAdmin(env: Record<string, string>, ...argv: string[]) {
  const child = spawn(process.execPath, [BUILT_ADMIN, ...argv], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; err: string }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal, out, err })),
  );
  return { child, done };
}
