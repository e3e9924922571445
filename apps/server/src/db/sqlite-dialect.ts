import type SQLite from 'better-sqlite3';
import { SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type QueryCompiler, type SqliteDatabase } from 'kysely';

/**
 * Kysely's SQLite dialect, except that a transaction SQLite has already rolled back itself is not
 * rolled back again. On a full disk or an I/O error (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM …)
 * SQLite ends the whole transaction on its own; Kysely then sends ROLLBACK, which fails with
 * "cannot rollback - no transaction is active", and that error replaced the real one: the request
 * was answered 500 and the log named the rollback, not the full disk. Now the real error reaches
 * the error handler (503 with Retry-After for a full disk) and the log.
 */
export class SqliteDialectKeepingCause extends SqliteDialect {
  readonly #sqlite: SQLite.Database;
  readonly #database: SqliteDatabase;

  constructor(database: SqliteDatabase, sqlite: SQLite.Database) {
    super({ database });
    this.#database = database;
    this.#sqlite = sqlite;
  }

  override createDriver(): Driver {
    return new SqliteDriverKeepingCause({ database: this.#database }, this.#sqlite);
  }
}

class SqliteDriverKeepingCause extends SqliteDriver {
  readonly #sqlite: SQLite.Database;

  constructor(config: { database: SqliteDatabase }, sqlite: SQLite.Database) {
    super(config);
    this.#sqlite = sqlite;
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#sqlite.inTransaction) await super.rollbackTransaction(connection);
  }

  override async rollbackToSavepoint(
    connection: DatabaseConnection,
    savepointName: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (this.#sqlite.inTransaction) await super.rollbackToSavepoint(connection, savepointName, compileQuery);
  }
}
