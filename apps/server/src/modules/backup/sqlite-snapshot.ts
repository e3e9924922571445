import { chmodSync, copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sqliteFacts, type DatabaseFacts } from './backup-facts.repository.js';
import { BackupError, fsyncPath } from './backup-layout.js';

/**
 * A consistent copy of the live SQLite database while the server writes: `VACUUM INTO` reads the
 * whole database in one read transaction (WAL lets the server keep writing meanwhile), so the copy
 * is one point in time, compact, and holds what the WAL held too. Copying the file alone would not.
 */
export function snapshotSqlite(sourcePath: string, target: string): DatabaseFacts {
  if (!existsSync(sourcePath)) throw new BackupError(`no SQLite database at ${sourcePath}: is DATA_DIR the site's?`);
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  const source = new SQLite(sourcePath, { readonly: true, fileMustExist: true });
  try {
    // A writer's checkpoint may hold the lock a moment: wait rather than fail.
    source.pragma('busy_timeout = 30000');
    source.prepare('VACUUM INTO ?').run(partial);
  } finally {
    source.close();
  }
  const copy = new SQLite(partial, { readonly: true, fileMustExist: true });
  let facts: DatabaseFacts;
  try {
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`the database copy failed its integrity check: ${String(check)}`);
    facts = sqliteFacts(copy);
  } finally {
    copy.close();
  }
  // VACUUM INTO syncs the file it writes; the rename makes it appear whole or not at all.
  // It holds password hashes and e-mail addresses: readable by its owner only.
  chmodSync(partial, 0o600);
  renameSync(partial, target);
  fsyncPath(path.dirname(target));
  return facts;
}

/** Puts the backup's database where the server opens it, dropping a WAL that belonged to another database. */
export function restoreSqlite(backupFile: string, sqlitePath: string): void {
  for (const stale of [`${sqlitePath}-wal`, `${sqlitePath}-shm`, `${sqlitePath}-journal`]) rmSync(stale, { force: true });
  const partial = `${sqlitePath}.partial`;
  copyFileSync(backupFile, partial);
  fsyncPath(partial);
  renameSync(partial, sqlitePath);
  fsyncPath(path.dirname(sqlitePath));
}
