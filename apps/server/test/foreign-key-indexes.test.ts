import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

interface ForeignKey {
  table: string;
  columns: string[];
}

/** Every foreign key of the migrated schema, with its columns in key order. */
async function foreignKeys(db: Db): Promise<ForeignKey[]> {
  if (TEST_DIALECT === 'postgres') {
    const { rows } = await sql<{ table: string; columns: string[] }>`
      select c.conrelid::regclass::text as table,
             array(select a.attname from unnest(c.conkey) with ordinality k(attnum, n)
                   join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum order by k.n)::text[] as columns
      from pg_constraint c
      join pg_namespace s on s.oid = c.connamespace
      where c.contype = 'f' and s.nspname = current_schema()`.execute(db);
    return rows;
  }
  const keys: ForeignKey[] = [];
  for (const { name } of (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)).rows) {
    const { rows } = await sql<{
      id: number;
      seq: number;
      from: string;
    }>`select id, seq, "from" from pragma_foreign_key_list(${name})`.execute(db);
    const byKey = new Map<number, { seq: number; from: string }[]>();
    for (const row of rows) byKey.set(row.id, [...(byKey.get(row.id) ?? []), row]);
    for (const columns of byKey.values()) keys.push({ table: name, columns: columns.sort((a, b) => a.seq - b.seq).map((c) => c.from) });
  }
  return keys;
}

/** Every index of the table (primary keys and unique constraints included), as its column list. */
async function indexColumns(db: Db, table: string): Promise<string[][]> {
  if (TEST_DIALECT === 'postgres') {
    const { rows } = await sql<{ columns: string[] }>`
      select array(select a.attname from unnest(i.indkey) with ordinality k(attnum, n)
                   join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum order by k.n)::text[] as columns
      from pg_index i
      where i.indrelid = ${table}::regclass and i.indpred is null`.execute(db);
    return rows.map((row) => row.columns);
  }
  // A single INTEGER PRIMARY KEY is the rowid itself (the table is stored in its order): no index
  // lists it, yet it serves a key on that column (comment_bans.user_id).
  const { rows: pk } = await sql<{
    name: string;
    pk: number;
  }>`select name, pk from pragma_table_info(${table}) where pk > 0 order by pk`.execute(db);
  const lists: string[][] = pk.length > 0 ? [pk.map((column) => column.name)] : [];
  for (const index of (await sql<{ name: string; partial: number }>`select name, partial from pragma_index_list(${table})`.execute(db))
    .rows) {
    if (index.partial) continue;
    const { rows } = await sql<{ name: string }>`select name from pragma_index_info(${index.name}) order by seqno`.execute(db);
    lists.push(rows.map((row) => row.name));
  }
  return lists;
}

/** An index serves the key when its leading columns are exactly the key's columns (in any order). */
const serves = (index: string[], key: string[]) =>
  index.length >= key.length && [...index.slice(0, key.length)].sort().join(',') === [...key].sort().join(',');

describe(`every foreign key has an index (${TEST_DIALECT})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('finds the foreign keys it checks (the listing itself works)', async () => {
    const keys = await foreignKeys(ctx.db);
    // A few keys the schema is known to have: an empty listing must not pass the test below.
    expect(keys).toEqual(
      expect.arrayContaining([
        { table: 'reading_events', columns: ['user_id'] },
        { table: 'membership_grants', columns: ['user_id'] },
        { table: 'chapters', columns: ['book_id'] },
      ]),
    );
  });

  it('has an index led by the key columns for each one, so deleting a parent never scans the child table', async () => {
    const missing: string[] = [];
    for (const key of await foreignKeys(ctx.db)) {
      const indexes = await indexColumns(ctx.db, key.table);
      if (!indexes.some((index) => serves(index, key.columns))) missing.push(`${key.table}(${key.columns.join(', ')})`);
    }
    expect(missing).toEqual([]);
  });
});
