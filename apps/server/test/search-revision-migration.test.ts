import { sql, type Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as searchRevision from '../src/db/migrations/2026-11-25T0400-search-revision.js';
import { markSearchChanged } from '../src/modules/catalogue/catalogue-write.repository.js';
import { createBook } from './helpers/factories.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

// books.search_revision and its index: down undoes up on both databases and up runs again after;
// each mark takes the next revision of the one counter.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** The books table's columns and indexes, sorted. */
async function booksSchema(): Promise<{ columns: string[]; indexes: string[] }> {
  const [columns, indexes] =
    TEST_DIALECT === 'sqlite'
      ? [
          sql<{ name: string }>`SELECT name FROM pragma_table_info('books')`,
          sql<{ name: string }>`SELECT name FROM pragma_index_list('books')`,
        ]
      : [
          sql<{ name: string }>`SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'books'`,
          sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'books'`,
        ];
  const names = async (query: typeof columns) => (await query.execute(ctx.db)).rows.map((row) => row.name).sort();
  return { columns: await names(columns), indexes: await names(indexes) };
}

describe('search revision migration', () => {
  it('gives each mark the next revision', async () => {
    const [a, b] = [await createBook(ctx), await createBook(ctx)];
    const revisionOf = async (id: number) =>
      (await ctx.db.selectFrom('books').select('search_revision').where('id', '=', id).executeTakeFirstOrThrow()).search_revision;
    const [first, second] = [await revisionOf(a.id), await revisionOf(b.id)];
    expect(first).toBeGreaterThan(0);
    expect(second).toBe(first + 1);
    await markSearchChanged(ctx.db, [a.id]);
    expect(await revisionOf(a.id)).toBe(second + 1);
  });

  it('adds the column and its index, and down takes them away', async () => {
    const up = await booksSchema();
    expect(up.columns).toContain('search_revision');
    expect(up.indexes).toContain('books_search_revision_idx');
    const migration: Migration = searchRevision;
    await migration.down!(ctx.db as never);
    const down = await booksSchema();
    expect(down.columns).not.toContain('search_revision');
    expect(down.indexes).not.toContain('books_search_revision_idx');
    await migration.up(ctx.db as never);
    expect(await booksSchema()).toEqual(up);
  });
});
