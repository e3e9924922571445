import { createUser, type TestUser } from './factories.js';
import { createTestContext, type TestContext } from './test-context.js';

/** A fresh app with one admin account: the setup most console tests share (close ctx after). */
export async function createAdminContext(...args: Parameters<typeof createTestContext>): Promise<{ ctx: TestContext; admin: TestUser }> {
  const ctx = await createTestContext(...args);
  return { ctx, admin: await createUser(ctx, { role: 'admin' }) };
}
