import type { Database, Statement } from 'better-sqlite3';

type Value = string | number | null;

/**
 * Buffers rows and writes them with one multi-row INSERT per batch: far fewer native calls than
 * one statement per row, which is what makes a million-chapter catalogue load in about a minute.
 */
export interface BulkInserter {
  add(...values: Value[]): void;
  /** Writes what is left in the buffer; call before the transaction commits. */
  flush(): void;
}

const ROWS_PER_STATEMENT = 200;

export function createBulkInserter(db: Database, table: string, columns: readonly string[]): BulkInserter {
  const placeholders = (rows: number) => Array.from({ length: rows }, () => `(${columns.map(() => '?').join(', ')})`).join(', ');
  const prefix = `INSERT INTO ${table} (${columns.join(', ')}) VALUES `;
  const full: Statement = db.prepare(prefix + placeholders(ROWS_PER_STATEMENT));
  const single: Statement = db.prepare(prefix + placeholders(1));
  let buffer: Value[] = [];
  return {
    add(...values) {
      if (values.length !== columns.length) throw new Error(`${table}: expected ${columns.length} values, got ${values.length}`);
      buffer.push(...values);
      if (buffer.length === columns.length * ROWS_PER_STATEMENT) {
        full.run(buffer);
        buffer = [];
      }
    },
    flush() {
      for (let i = 0; i < buffer.length; i += columns.length) single.run(buffer.slice(i, i + columns.length));
      buffer = [];
    },
  };
}

/**
 * Drops the secondary indexes of the given tables and returns a function that recreates them:
 * building an index once over sorted data is several times faster than updating it row by row.
 * Indexes come from sqlite_master, so whatever the server's migrations define is restored exactly.
 */
export function suspendIndexes(db: Database, tables: readonly string[]): () => void {
  const rows = db
    .prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${tables.map(() => '?').join(', ')})`,
    )
    .all(...tables) as { name: string; sql: string }[];
  for (const row of rows) db.exec(`DROP INDEX "${row.name}"`);
  return () => {
    for (const row of rows) db.exec(row.sql);
  };
}
