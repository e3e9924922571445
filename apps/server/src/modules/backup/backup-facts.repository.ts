import type SQLite from 'better-sqlite3';
import type { Client as PgClient } from 'pg';
import { COUNTED_TABLES } from './backup-layout.js';

/** What backup.json records about the copied database: its latest migration and a few row counts. */
export interface DatabaseFacts {
  latestMigration: string | null;
  rowCounts: Record<string, number>;
}

const LATEST_MIGRATION = 'SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1';
// The table names are the constant list above, never input.
const countOf = (table: (typeof COUNTED_TABLES)[number]) => `SELECT count(*) AS n FROM ${table}`;

/** Read from the snapshot file itself, so the figures describe exactly what was copied. */
export function sqliteFacts(snapshot: SQLite.Database): DatabaseFacts {
  const latest = snapshot.prepare(LATEST_MIGRATION).get() as { name: string } | undefined;
  const rowCounts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) rowCounts[table] = Number((snapshot.prepare(countOf(table)).get() as { n: number }).n);
  return { latestMigration: latest?.name ?? null, rowCounts };
}

/**
 * Opens a repeatable-read transaction and exports its snapshot: pg_dump --snapshot then dumps
 * exactly what these counts see. The caller keeps the client open until pg_dump has started.
 */
export async function exportPostgresSnapshot(
  client: PgClient,
): Promise<{ snapshotId: string; facts: DatabaseFacts; serverVersionNum: number }> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  const snapshot = await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
  const version = await client.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
  const latest = await client.query<{ name: string }>(LATEST_MIGRATION);
  const rowCounts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) rowCounts[table] = Number((await client.query<{ n: string }>(countOf(table))).rows[0]!.n);
  return {
    snapshotId: snapshot.rows[0]!.id,
    serverVersionNum: Number(version.rows[0]!.v),
    facts: { latestMigration: latest.rows[0]?.name ?? null, rowCounts },
  };
}

export async function postgresServerVersionNum(client: PgClient): Promise<number> {
  return Number((await client.query<{ v: string }>("SELECT current_setting('server_version_num') AS v")).rows[0]!.v);
}

/** The tables of the target database's own schemas: a restore goes into an empty database only. */
export async function postgresUserTables(client: PgClient): Promise<string[]> {
  const result = await client.query<{ name: string }>(
    `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
      WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1 LIMIT 5`,
  );
  return result.rows.map((row) => row.name);
}
