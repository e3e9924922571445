import { AsyncLocalStorage } from 'node:async_hooks';
import type { Dialect, Driver, TransactionBuilder } from 'kysely';
import type { Db } from './db-types.js';
import type { Database } from './schema.js';

/**
 * Inside a transaction, every query goes through that transaction. A query sent through the pool
 * handle from inside a transaction's callback is a defect on both databases, and on SQLite it
 * freezes the site: SQLite has one connection, the transaction holds it, so the pool query waits
 * for the transaction and the transaction for the query (issue 56: publishing into early access
 * read the site settings through the pool; every database request hung, /healthz stayed 200).
 *
 * The guard knows which code runs inside a transaction by the asynchronous context: the handle's
 * `transaction().execute(callback)` runs the callback in a scope, and the driver asks the guard
 * before it hands out a connection. Another request's query, issued while the transaction is open,
 * is outside that scope and waits its turn as before. On SQLite the query is refused at once
 * (`PoolQueryInTransactionError`, answered 503 and logged as an error by the error handler) instead
 * of hanging; on PostgreSQL, where it does not hang but reads past the transaction, it is noted.
 * Either way the guard keeps the place it happened (`violations()`), which the test harness checks
 * when a test's app closes, so the whole suite fails on such code on both databases.
 */
export type PoolQueryPolicy = 'refuse' | 'note';

export interface TransactionGuard {
  /** Where pool queries were issued inside a transaction (the newest MAX_NOTED, with their stacks). */
  violations(): readonly string[];
}

/** A pool query issued inside a transaction of the same handle: would wait for itself forever on SQLite. */
export class PoolQueryInTransactionError extends Error {
  readonly code = 'POOL_QUERY_IN_TRANSACTION';
  constructor() {
    super('A query used the database pool inside a transaction (it must go through the transaction)');
    this.name = 'PoolQueryInTransactionError';
  }
}

export const isPoolQueryInTransaction = (error: unknown): boolean =>
  error instanceof PoolQueryInTransactionError || (error as { code?: unknown } | null)?.code === 'POOL_QUERY_IN_TRANSACTION';

interface Scope {
  guard: object;
  /** False once the callback has settled: work it left running is no longer inside the transaction. */
  open: boolean;
  parent: Scope | undefined;
}

const scopes = new AsyncLocalStorage<Scope>();
const MAX_NOTED = 20;

function insideOpenTransaction(guard: object): boolean {
  for (let scope = scopes.getStore(); scope; scope = scope.parent) if (scope.guard === guard && scope.open) return true;
  return false;
}

/**
 * The dialect, with the driver it creates kept for `guardTransactions` (Kysely builds the driver
 * inside its constructor, so it is caught here).
 */
export function keepingDriver(dialect: Dialect): { dialect: Dialect; driver: () => Driver } {
  let created: Driver | undefined;
  return {
    dialect: {
      createDriver: () => (created = dialect.createDriver()),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createAdapter: () => dialect.createAdapter(),
      createIntrospector: (db) => dialect.createIntrospector(db),
    },
    driver: () => {
      if (!created) throw new Error('The dialect has not created its driver yet');
      return created;
    },
  };
}

/**
 * Guards `db` (a root handle) and its `driver` with one policy: the handle's transactions run their
 * callbacks in a scope; the driver checks the scope before each pool connection it hands out.
 */
export function guardTransactions(db: Db, driver: Driver, policy: PoolQueryPolicy): TransactionGuard {
  const guard = {};
  const noted: string[] = [];

  const acquire = driver.acquireConnection.bind(driver);
  driver.acquireConnection = async () => {
    if (insideOpenTransaction(guard)) {
      const error = new PoolQueryInTransactionError();
      if (noted.length >= MAX_NOTED) noted.shift();
      noted.push(error.stack ?? error.message);
      if (policy === 'refuse') throw error;
    }
    return acquire();
  };

  const scoped = (builder: TransactionBuilder<Database>): TransactionBuilder<Database> =>
    ({
      setAccessMode: (mode: Parameters<TransactionBuilder<Database>['setAccessMode']>[0]) => scoped(builder.setAccessMode(mode)),
      setIsolationLevel: (level: Parameters<TransactionBuilder<Database>['setIsolationLevel']>[0]) =>
        scoped(builder.setIsolationLevel(level)),
      execute: <T>(callback: Parameters<TransactionBuilder<Database>['execute']>[0] & ((trx: never) => Promise<T>)) =>
        builder.execute(async (trx) => {
          const scope: Scope = { guard, open: true, parent: scopes.getStore() };
          try {
            return await scopes.run(scope, () => callback(trx as never));
          } finally {
            scope.open = false;
          }
        }),
    }) as unknown as TransactionBuilder<Database>;
  const begin = db.transaction.bind(db);
  // An own property on this handle only: a Transaction built from it is a new object, and Kysely
  // refuses a transaction inside a transaction anyway.
  Object.defineProperty(db, 'transaction', { value: () => scoped(begin()), configurable: true });
  // A controlled transaction would hold the connection outside any scope the guard could see.
  Object.defineProperty(db, 'startTransaction', {
    value: () => {
      throw new Error('Use db.transaction().execute(…): its queries are guarded (db/transaction-guard.ts)');
    },
    configurable: true,
  });

  return { violations: () => [...noted] };
}
