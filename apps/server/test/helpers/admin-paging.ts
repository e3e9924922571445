import type { LogEvent } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { authHeader, createUser, type TestUser } from './factories.js';
import { createTestContext, type TestContext } from './test-context.js';

/**
 * The setup the console's paging tests share: a test context whose statements are logged (to
 * check each page's query plan) and an administrator. `env.get(url)` asks /api/v1/admin{url} as
 * that administrator.
 */
export function useAdminPaging() {
  const env = {
    ctx: undefined as unknown as TestContext,
    admin: undefined as unknown as TestUser,
    statements: [] as LogEvent['query'][],
    get: (url: string) => env.ctx.app.inject({ url: `/api/v1/admin${url}`, headers: authHeader(env.admin) }),
  };
  beforeAll(async () => {
    env.ctx = await createTestContext({}, { log: (event) => void env.statements.push(event.query) });
    env.admin = await createUser(env.ctx, { role: 'admin' });
  });
  afterAll(() => env.ctx.close());
  return env;
}
