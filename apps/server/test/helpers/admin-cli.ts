import { runAdmin } from '../../src/cli/admin-runner.js';
import type { TestContext } from './test-context.js';

/**
 * Runs the admin command line against the test app's own database and data folder, as an
 * operator would beside the running server; returns the exit code and what it printed.
 */
export function adminCli(ctx: TestContext) {
  const env = {
    DATA_DIR: ctx.dataDir,
    JWT_SECRET: ctx.config.jwtSecret,
    MEDIA_SIGNING_SECRET: ctx.config.mediaSigningSecret,
    ...(ctx.config.databaseUrl ? { DATABASE_URL: ctx.config.databaseUrl } : {}),
  };
  return async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(argv, { env, write: (l) => out.push(l), writeError: (l) => err.push(l) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
}
