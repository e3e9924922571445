import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedQuery } from '../src/db/prepared-query.js';
import { createUser } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

// Two named values (one used twice) and constants the builder placed between them.
const usersNamed = preparedQuery<{ first: string; second: string; minimumId: number }>()((db, param) =>
  db
    .selectFrom('users')
    .select(['id', 'username'])
    .where((eb) => eb.or([eb('username', '=', param('first')), eb('username', '=', param('second'))]))
    .where('id', '>=', param('minimumId'))
    .where('role', 'in', ['user', 'admin'])
    .where('username', '!=', 'nobody-has-this-name')
    .orderBy('username'),
);

describe('prepared queries', () => {
  it('runs with new values each time, on the pool and inside a transaction', async () => {
    const [alpha, beta, gamma] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    const names = (rows: { username: string }[]) => rows.map((row) => row.username);
    const sorted = (...values: string[]) => [...values].sort();

    expect(names(await usersNamed.execute(ctx.db, { first: alpha.username, second: beta.username, minimumId: 0 }))).toEqual(
      sorted(alpha.username, beta.username),
    );
    expect(names(await usersNamed.execute(ctx.db, { first: gamma.username, second: 'nobody', minimumId: 0 }))).toEqual([gamma.username]);
    expect(await usersNamed.executeTakeFirst(ctx.db, { first: alpha.username, second: beta.username, minimumId: gamma.id + 1 })).toBe(
      undefined,
    );
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ username: `${alpha.username}x` })
        .where('id', '=', alpha.id)
        .execute();
      // The transaction sees its own write; the pool's template is not reused for it.
      expect(names(await usersNamed.execute(trx, { first: `${alpha.username}x`, second: beta.username, minimumId: 0 }))).toEqual(
        sorted(`${alpha.username}x`, beta.username),
      );
    });
  });

  it('never lets a read from the pool see a transaction’s uncommitted write (SQLite reads straight on its one connection otherwise)', async () => {
    const user = await createUser(ctx);
    const renamed = `${user.username}r`.slice(0, 16);
    const lookup = { first: user.username, second: renamed, minimumId: user.id };
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    // Chained here, outside the transaction: the read runs as another request would, not as a pool query
    // from inside the transaction (which the transaction guard refuses on SQLite).
    const readDuringTransaction = gate.then(() => usersNamed.execute(ctx.db, lookup));
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ username: renamed }).where('id', '=', user.id).execute();
        // On SQLite the read must now wait for the one connection the transaction holds.
        openGate();
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await readDuringTransaction).map((row) => row.username)).toEqual([user.username]);
    // And after the transaction, a read runs at once and sees what was committed.
    expect((await usersNamed.execute(ctx.db, lookup)).map((row) => row.username)).toEqual([user.username]);
  });

  it('passes a value that looks like SQL as a value', async () => {
    const rows = await usersNamed.execute(ctx.db, { first: "' OR 1=1 --", second: '%', minimumId: 0 });
    expect(rows).toEqual([]);
  });
});
