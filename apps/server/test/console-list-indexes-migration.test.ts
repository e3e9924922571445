import type { Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as consoleListIndexes from '../src/db/migrations/2026-11-25T0230-console-list-indexes.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

// The migration's down undoes its up on both databases, and up runs again afterwards.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function indexNames(): Promise<string[]> {
  const rows =
    TEST_DIALECT === 'sqlite'
      ? await ctx.db
          .selectFrom('sqlite_master' as never)
          .select('name' as never)
          .where('type' as never, '=', 'index' as never)
          .execute()
      : await ctx.db
          .selectFrom('pg_indexes' as never)
          .select('indexname as name' as never)
          .where('schemaname' as never, '=', 'public' as never)
          .execute();
  return (rows as { name: string }[]).map((row) => row.name).sort();
}

describe('console list indexes migration', () => {
  it('adds the indexes, and down puts the old ones back', async () => {
    const up = await indexNames();
    expect(up).toEqual(
      expect.arrayContaining(['payment_orders_created_idx', 'payment_orders_provider_status_idx', 'audit_log_created_id_idx']),
    );
    expect(up).not.toContain('payment_orders_status_idx');
    // PostgreSQL only: the prefix search's range in the "C" collation (SQLite's unique index already compares bytes).
    expect(up.includes('users_username_key_c_idx')).toBe(TEST_DIALECT === 'postgres');
    const migration: Migration = consoleListIndexes;
    await migration.down!(ctx.db as never);
    const down = await indexNames();
    expect(down).toEqual(expect.arrayContaining(['payment_orders_status_idx', 'audit_log_created_idx']));
    expect(down).not.toContain('payment_orders_created_idx');
    expect(down).not.toContain('users_username_key_c_idx');
    await migration.up(ctx.db as never);
    expect(await indexNames()).toEqual(up);
  });
});
