import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type LogConfig, type LogEvent, type SqliteDatabase } from 'kysely';
import { definedOnly } from '../lib/defined-only.js';
import { PRIVATE_FOLDER_MODE, privateFile } from '../lib/private-files.js';
import { allowDirectReads } from './direct-reads.js';
import { postgresDriver } from './postgres-driver.js';
import { SqliteDialectKeepingCause } from './sqlite-dialect.js';
import { guardTransactions, keepingDriver } from './transaction-guard.js';
import type { Database } from './schema.js';
import type { Db, Dialect } from './db-types.js';

export type { Db, DbExecutor, Dialect } from './db-types.js';

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
  /**
   * With `observeQueries`: listens to every statement's SQL text and duration (metrics); returns
   * the function that stops listening. Absent otherwise: no statement is timed at all.
   */
  observeQueries?: (listener: (event: QueryEvent) => void) => () => void;
  /**
   * Where a query went through the pool from inside a transaction (db/transaction-guard.ts): refused
   * on SQLite, noted on PostgreSQL. The test harness fails a test file that leaves any.
   */
  poolQueriesInTransaction(): readonly string[];
  /** PostgreSQL: the pool's connections now (metrics). */
  poolCounts?: () => { total: number; idle: number; waiting: number };
}

/** One finished statement, as the query observers hear of it. */
export interface QueryEvent {
  sql: string;
  seconds: number;
  /** The driver's error code when it failed (SQLITE_BUSY, a PostgreSQL SQLSTATE). */
  errorCode?: string;
}

/**
 * Limits that keep one slow or locked query from taking the whole server with it: a connection
 * (or a free slot in a full pool) must be had within 5 s, a statement may run 30 s, a transaction
 * may sit idle 60 s (then PostgreSQL ends it and frees its locks), and the client gives up on a
 * server that stops answering a little after the statement limit. Migrations and the admin CLI
 * pass `statementTimeoutMs: 0` (no limit) for long index builds and imports.
 */
export const DATABASE_TIMEOUTS = {
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 30_000,
  idleInTransactionTimeoutMs: 60_000,
  sqliteBusyTimeoutMs: 5_000,
} as const;

export interface DatabaseOptions {
  databaseUrl: string | null;
  sqlitePath: string;
  poolSize?: number;
  connectTimeoutMs?: number;
  /** 0: no limit. */
  statementTimeoutMs?: number;
  idleInTransactionTimeoutMs?: number;
  sqliteBusyTimeoutMs?: number;
  /** How the connections name themselves in pg_stat_activity ('inkstream' by default). */
  applicationName?: string;
  /** Kysely's query log (tests count the queries a request runs); none in production. */
  log?: LogConfig;
  /** Metrics are on (METRICS_LISTEN / METRICS_TOKEN): every statement is timed for `observeQueries`. */
  observeQueries?: boolean;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  const limits = { ...DATABASE_TIMEOUTS, ...definedOnly(options) };
  const observed = observedLog(options);
  options = observed ? { ...options, log: observed.log } : options;
  const observers = observed ? { observeQueries: observed.observe } : {};
  if (options.databaseUrl) {
    const pool = new (postgresDriver().Pool)({
      connectionString: options.databaseUrl,
      application_name: options.applicationName ?? 'inkstream',
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: limits.connectTimeoutMs,
      statement_timeout: limits.statementTimeoutMs,
      idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs,
      ...(limits.statementTimeoutMs > 0 ? { query_timeout: limits.statementTimeoutMs + 5_000 } : {}),
    });
    // A connection that the server or the network drops (restart, failover, pg_terminate_backend,
    // a broken path) must never crash the process. node-postgres emits 'error' on the client, and
    // the pool listens for it only while the client is idle: a checked-out client's error, with no
    // query running at that moment (between a transaction's statements), would be an unhandled
    // 'error' event. Every client gets its own listener for its whole life: a query running on it
    // fails with the error (answered 503 by the error handler), and the pool discards the broken
    // client on release (it is no longer queryable) and opens a new one for the next query.
    pool.on('connect', (client) => client.on('error', ignoreDroppedConnection));
    pool.on('error', ignoreDroppedConnection);
    const { dialect, driver } = keepingDriver(new PostgresDialect({ pool }));
    const db = new Kysely<Database>({ dialect, ...logOf(options) });
    // PostgreSQL does not hang on a pool query inside a transaction (the pool has other
    // connections), but the query reads past the transaction: noted, for the tests to fail on.
    const guard = guardTransactions(db, driver(), 'note');
    const poolCounts = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, dialect: 'postgres', close: () => db.destroy(), ...observers, poolCounts, poolQueriesInTransaction: guard.violations };
  }
  // Password hashes and addresses: the file and its -wal/-shm (SQLite gives them the file's mode) are 0600.
  mkdirSync(path.dirname(options.sqlitePath), { recursive: true, mode: PRIVATE_FOLDER_MODE });
  for (const file of [options.sqlitePath, `${options.sqlitePath}-wal`, `${options.sqlitePath}-shm`]) {
    if (file === options.sqlitePath || existsSync(file)) privateFile(file);
  }
  const sqlite = new SQLite(options.sqlitePath);
  // WAL lets readers run while one writer writes (the server and the admin CLI share the file);
  // busy_timeout makes a second writer wait instead of failing at once.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${Math.trunc(limits.sqliteBusyTimeoutMs)}`);
  sqlite.pragma('synchronous = NORMAL');
  // Deleted and rewritten content is overwritten with zeros, so an erased reader's row leaves no
  // copy in the file's free space (docs/ACCOUNTS.md "What erasure leaves on disk"; sqlite-wal.ts).
  sqlite.pragma('secure_delete = ON');
  const statements = withStatementCache(sqlite);
  const { dialect, driver } = keepingDriver(new SqliteDialectKeepingCause(statements, sqlite));
  const db = new Kysely<Database>({ dialect, ...logOf(options) });
  // One connection: a pool query inside a transaction would wait for itself forever. Refused at once.
  const guard = guardTransactions(db, driver(), 'refuse');
  // A log given as a list of levels is Kysely's console logging: those reads stay with Kysely.
  if (typeof options.log !== 'object') {
    allowDirectReads(db, sqlite, { prepare: (source) => statements.prepare(source) as SQLite.Statement, log: options.log });
  }
  return { db, dialect: 'sqlite', close: () => db.destroy(), ...observers, poolQueriesInTransaction: guard.violations };
}

/**
 * Kysely's log as a function that also tells the query observers (metrics), when asked for; a log
 * given as a list of levels (Kysely's console logging) is left alone.
 */
function observedLog(options: DatabaseOptions) {
  if (!options.observeQueries || (options.log !== undefined && typeof options.log !== 'function')) return null;
  const given = options.log;
  const listeners = new Set<(event: QueryEvent) => void>();
  const log = (event: LogEvent) => {
    given?.(event);
    if (listeners.size === 0) return;
    const errorCode = event.level === 'error' ? (event.error as { code?: unknown } | null)?.code : undefined;
    const heard: QueryEvent = {
      sql: event.query.sql,
      seconds: event.queryDurationMillis / 1000,
      ...(typeof errorCode === 'string' ? { errorCode } : {}),
    };
    for (const listener of listeners) listener(heard);
  };
  const observe = (listener: (event: QueryEvent) => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return { log, observe };
}

/**
 * Kysely prepares every query anew; compiling the SQL was a fifth of a member's chapter read
 * (measured). The same SQL text gets the same prepared statement back (better-sqlite3 runs one
 * statement at a time on this connection, so sharing is safe); at most STATEMENT_CACHE texts, the
 * oldest dropped first (queries with a variable number of parameters make new texts).
 */
const STATEMENT_CACHE = 500;
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(source: string) {
      let statement = statements.get(source);
      if (!statement) {
        statement = sqlite.prepare(source);
        if (statements.size >= STATEMENT_CACHE) statements.delete(statements.keys().next().value as string);
        statements.set(source, statement);
      }
      return statement;
    },
    close: () => sqlite.close(),
  };
}

/** What a dropped connection reports is seen by the query it breaks, or by /readyz: nothing to do here. */
const ignoreDroppedConnection = (): void => undefined;

const logOf = (options: DatabaseOptions) => (options.log ? { log: options.log } : {});
