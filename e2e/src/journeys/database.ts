import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * Runs `change` on the test server's SQLite file (under its data folder), for what a journey sets
 * up that has no screen of its own yet (a book's price, a coin pack, early access): the server
 * reads it on the next request. Waits up to 5 s for the server's own writes.
 */
export function inServerDatabase<T>(dataDir: string, change: (db: Database.Database) => T): T {
  const db = new Database(path.join(dataDir, 'inkstream.sqlite'), { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    return change(db);
  } finally {
    db.close();
  }
}
