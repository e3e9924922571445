import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';
import { TEST_DIALECT } from './test-context.js';

export interface Column {
  table: string;
  column: string;
}

/** Tables the migrator keeps for itself. */
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/** Every column of every table of the migrated schema (the migrator's own bookkeeping left out). */
export async function liveColumns(db: Db): Promise<Column[]> {
  if (TEST_DIALECT === 'postgres') {
    const { rows } = await sql<Column>`
      select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = current_schema()`.execute(db);
    return rows.filter((row) => !MIGRATOR_TABLES.has(row.table));
  }
  const columns: Column[] = [];
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  for (const { name } of tables.rows) {
    if (MIGRATOR_TABLES.has(name)) continue;
    const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db);
    for (const row of rows) columns.push({ table: name, column: row.name });
  }
  return columns;
}

/** Foreign keys to users(id): a reader reference whatever the column is called. */
export async function userForeignKeys(db: Db): Promise<Column[]> {
  if (TEST_DIALECT === 'postgres') {
    const { rows } = await sql<Column>`
      select c.conrelid::regclass::text as "table", a.attname as "column"
      from pg_constraint c
      join pg_namespace s on s.oid = c.connamespace
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.contype = 'f' and s.nspname = current_schema() and c.confrelid = 'users'::regclass`.execute(db);
    return rows;
  }
  const keys: Column[] = [];
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  for (const { name } of tables.rows) {
    const { rows } = await sql<{ table: string; from: string }>`select "table", "from" from pragma_foreign_key_list(${name})`.execute(db);
    for (const row of rows) if (row.table === 'users') keys.push({ table: name, column: row.from });
  }
  return keys;
}

export interface Trace {
  table: string;
  column: string;
  value: string;
}

/**
 * Every cell of the whole database that still names the person: contains one of `words` (a name,
 * an address; case-insensitive) or equals one of `keys` (a reader key such as `u:12`).
 */
export async function personalTraces(db: Db, words: string[], keys: string[]): Promise<Trace[]> {
  const traces: Trace[] = [];
  for (const { table, column } of await liveColumns(db)) {
    const cell = sql`cast(${sql.ref(column)} as text)`;
    const matches = [
      ...words.map((word) => sql`lower(${cell}) like ${`%${word.toLowerCase()}%`}`),
      ...keys.map((key) => sql`${cell} = ${key}`),
    ];
    if (matches.length === 0) continue;
    const { rows } = await sql<{
      value: string;
    }>`select ${cell} as value from ${sql.table(table)} where ${sql.join(matches, sql` or `)}`.execute(db);
    for (const row of rows) traces.push({ table, column, value: String(row.value).slice(0, 120) });
  }
  return traces;
}
