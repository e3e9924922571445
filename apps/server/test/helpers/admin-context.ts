import { createBook, createUser, type BookOptions, type TestBook, type TestUser } from './factories.js';
import { createTestContext, type TestContext } from './test-context.js';

/** A fresh app with one admin account: the setup most console tests share (close ctx after). */
export async function createAdminContext(...args: Parameters<typeof createTestContext>): Promise<{ ctx: TestContext; admin: TestUser }> {
  const ctx = await createTestContext(...args);
  return { ctx, admin: await createUser(ctx, { role: 'admin' }) };
}

export interface AdminContextWithBook {
  ctx: TestContext;
  admin: TestUser;
  reader: TestUser;
  book: TestBook;
}

/** As createAdminContext, with a reader and a book: what the console acts on in the community tests. */
export async function createAdminContextWithBook(bookOptions: BookOptions): Promise<AdminContextWithBook> {
  const { ctx, admin } = await createAdminContext();
  return { ctx, admin, reader: await createUser(ctx), book: await createBook(ctx, bookOptions) };
}
