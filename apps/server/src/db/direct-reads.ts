import type SQLite from 'better-sqlite3';
import type { CompiledQuery, LogEvent } from 'kysely';
import type { DbExecutor } from './database.js';

/**
 * Prepared reads run straight on the SQLite connection. better-sqlite3 is synchronous: Kysely's
 * SQLite driver wraps each statement in a connection mutex and several promise steps, which cost
 * a member's chapter read about as much as SQLite took to run its two statements (measured on the
 * benchmark's 100,000 books). A read outside a transaction needs none of that.
 *
 * Never inside a transaction: Kysely's transaction holds the one connection across awaits, and a
 * read taken in between would see its uncommitted writes (a grant that may yet roll back). So
 * `read` answers null while the connection is in a transaction, and for anything that is not a
 * reading statement; the caller then goes through Kysely, which waits for the transaction to end.
 * A Transaction handle is never registered here, so a read inside one always goes through it.
 */
export interface DirectReads {
  read<R>(query: CompiledQuery): R[] | null;
}

const directReadsByHandle = new WeakMap<object, DirectReads>();

/** Lets prepared reads on `db` (a root handle, not a transaction) run straight on `sqlite`. */
export function allowDirectReads(
  db: DbExecutor,
  sqlite: SQLite.Database,
  options: { prepare: (sql: string) => SQLite.Statement; log?: (event: LogEvent) => void },
): void {
  const { prepare, log } = options;
  directReadsByHandle.set(db, {
    read<R>(query: CompiledQuery): R[] | null {
      if (sqlite.inTransaction) return null;
      const statement = prepare(query.sql);
      if (!statement.reader) return null;
      const start = log ? performance.now() : 0;
      const rows = statement.all(query.parameters as unknown[]) as R[];
      // As Kysely logs a statement, so tests count the same queries whichever way they ran.
      log?.({ level: 'query', query, queryDurationMillis: performance.now() - start });
      return rows;
    },
  });
}

export const directReadsOf = (db: DbExecutor): DirectReads | undefined => directReadsByHandle.get(db);
