import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASURE_TABLES } from '../src/modules/data-rights/deletion/erasure-tables.js';
import { EXPORTED_TABLES } from '../src/modules/data-rights/export/export-tables.js';
import { liveColumns, userForeignKeys } from './helpers/schema-columns.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * Column names that hold a person or point at one even without a foreign key: reader keys
 * (`u:<id>`, `user:<id>`, `v:<visitor>`), visitor ids, addresses, and the *_by / *_user_id / user_id
 * family (a later table that forgets its foreign key is still caught).
 */
const PERSONAL_COLUMN =
  /^(user_id|.*_user_id|.*_by|reporter_id|invited_by|reader_key|visitor_id|recipient|recipient_key|email|email_key|username)$/;

describe(`every table that refers to a reader is exported and handled by erasure (${TEST_DIALECT})`, () => {
  let ctx: TestContext;
  let personal: Map<string, string[]>;
  beforeAll(async () => {
    ctx = await createTestContext();
    personal = new Map();
    const found = [...(await userForeignKeys(ctx.db)), ...(await liveColumns(ctx.db)).filter((c) => PERSONAL_COLUMN.test(c.column))];
    for (const { table, column } of found) {
      const columns = personal.get(table) ?? [];
      if (!columns.includes(column)) columns.push(column);
      personal.set(table, columns);
    }
    // The users table is the reader itself.
    personal.set('users', ['id']);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('finds the reader references it checks (the listing itself works)', () => {
    // Tables known to refer to readers: an empty listing must not pass the tests below.
    for (const table of ['payment_orders', 'comments', 'reading_progress', 'reading_events', 'mail_outbox', 'coin_entries', 'audit_log']) {
      expect(personal.has(table), table).toBe(true);
    }
  });

  it('names every such table in the export map (a file of the archive, or why it is not exported)', () => {
    const missing = [...personal.keys()].filter((table) => !(table in EXPORTED_TABLES)).map((t) => `${t}(${personal.get(t)!.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('names every such table in the erasure map (deleted, pseudonymised or kept, and why)', () => {
    const missing = [...personal.keys()].filter((table) => !(table in ERASURE_TABLES)).map((t) => `${t}(${personal.get(t)!.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('says what it does with each table in words, and names no table the schema lacks', async () => {
    const tables = new Set((await liveColumns(ctx.db)).map((c) => c.table));
    for (const [table, how] of [...Object.entries(EXPORTED_TABLES), ...Object.entries(ERASURE_TABLES)]) {
      expect(tables.has(table), `${table} is not a table`).toBe(true);
      expect(how.trim().length, table).toBeGreaterThan(0);
    }
    for (const how of Object.values(ERASURE_TABLES)) expect(how).toMatch(/^(deleted|pseudonymised|kept)/);
  });
});
