import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { PoolQueryInTransactionError } from '../src/db/transaction-guard.js';
import { createTestContext, createTestDatabase, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * Inside a transaction every query goes through it (db/transaction-guard.ts, issue 56): a pool query
 * from inside one is refused at once on SQLite, where it would wait for itself forever, and noted on
 * PostgreSQL; another request's query issued meanwhile waits its turn as before. And a database that
 * does not answer does not look ready.
 */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe(`the transaction guard (${TEST_DIALECT})`, () => {
  let handle: DatabaseHandle;
  let cleanUp: () => Promise<void>;

  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'inkstream-guard-'));
    const database = await createTestDatabase();
    handle = openDatabase({ databaseUrl: database.databaseUrl, sqlitePath: path.join(dir, 'guard.sqlite'), poolSize: 3 });
    cleanUp = async () => {
      await handle.close();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    };
  });
  afterAll(() => cleanUp?.());

  const ping = () => sql<{ one: number }>`SELECT 1 AS one`.execute(handle.db);

  it('catches a query sent through the pool from inside a transaction', async () => {
    const outcome = await handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`SELECT 1`.execute(trx);
        return ping().then(
          () => 'answered',
          (error: unknown) => error,
        );
      })
      .catch((error: unknown) => error);
    if (TEST_DIALECT === 'sqlite') expect(outcome).toBeInstanceOf(PoolQueryInTransactionError);
    // PostgreSQL answers it from another connection, past the transaction: noted, not refused.
    else expect(outcome).toBe('answered');
    expect(handle.poolQueriesInTransaction()).toHaveLength(1);
    expect(handle.poolQueriesInTransaction()[0]).toContain('transaction-guard.test.ts');
  });

  it('lets another request’s query wait for the transaction, and work the transaction left behind run after it', async () => {
    const before = handle.poolQueriesInTransaction().length;
    const inside = gate();
    const release = gate();
    let leftBehind: Promise<unknown> | undefined;
    const transaction = handle.db.transaction().execute(async (trx) => {
      await sql`SELECT 1`.execute(trx);
      // Started inside, run once the transaction has ended: no longer inside it.
      leftBehind = release.opened.then(() => new Promise((resolve) => setImmediate(resolve))).then(ping);
      inside.open();
      await release.opened;
    });
    await inside.opened;
    // Issued by someone else while the transaction holds the (SQLite: only) connection.
    const outside = ping();
    release.open();
    await transaction;
    expect((await outside).rows).toEqual([{ one: 1 }]);
    await expect(leftBehind).resolves.toBeDefined();
    expect(handle.poolQueriesInTransaction()).toHaveLength(before);
  });

  it('refuses a controlled transaction, whose queries it could not see', () => {
    expect(() => handle.db.startTransaction()).toThrow(/db\.transaction\(\)/);
  });
});

describe(`readiness of a database that does not answer (${TEST_DIALECT})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it('answers 503 while every connection is held, then 200 again', async () => {
    expect((await ctx.app.inject('/readyz')).statusCode).toBe(200);
    // SQLite's one connection, or every connection of the PostgreSQL pool (5 in tests), held by
    // transactions that wait: the ping cannot get one.
    const held = gate();
    const holders = TEST_DIALECT === 'sqlite' ? 1 : 5;
    const started: Promise<void>[] = [];
    const transactions = Array.from({ length: holders }, () => {
      const begun = gate();
      started.push(begun.opened);
      return ctx.db.transaction().execute(async (trx) => {
        await sql`SELECT 1`.execute(trx);
        begun.open();
        await held.opened;
      });
    });
    await Promise.all(started);
    const hung = await ctx.app.inject('/readyz');
    expect([hung.statusCode, hung.json().code, hung.json().error]).toEqual([
      503,
      'SERVICE_UNAVAILABLE',
      'The database did not answer in time',
    ]);
    expect(hung.headers['retry-after']).toBe('5');
    held.open();
    await Promise.all(transactions);
    expect((await ctx.app.inject('/readyz')).statusCode).toBe(200);
  });
});
