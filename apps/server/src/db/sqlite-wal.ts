import { SqliteAdapter, sql } from 'kysely';
import type { Db } from './db-types.js';

/**
 * After personal data was erased (docs/ACCOUNTS.md "What erasure leaves on disk"): copies the
 * SQLite write-ahead log into the database file and truncates the log to zero bytes. Until then
 * the log keeps every earlier version of the pages the erasure rewrote (the reader's row, their
 * messages), and it is only overwritten, never emptied, in ordinary use; the database file itself
 * keeps nothing of them because every connection runs with `secure_delete` (database.ts), which
 * overwrites freed content with zeros.
 *
 * On PostgreSQL there is nothing to do from here (old row versions stay until vacuum: measured in
 * erasure-on-disk.test.ts). Answers whether the whole log was emptied: not when another process
 * (the admin command line) was reading at that moment, in which case the next checkpoint does it.
 */
export async function checkpointSqliteWal(db: Db): Promise<boolean> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return true;
  const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  return rows[0]?.busy === 0;
}
