import type { Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as bookAlternateTitles from '../src/db/migrations/2026-11-25T1700-book-alternate-titles.js';
import { createBook } from './helpers/factories.js';
import { countRows } from './helpers/row-count.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

// The migration's down drops the table on both databases, up makes it again, and a book's
// alternate titles go with the book (foreign key, on delete cascade).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const count = () => countRows(ctx.db, 'book_alternate_titles');

describe('book alternate titles migration', () => {
  it('goes down and up again, and the titles leave with their book', async () => {
    const migration: Migration = bookAlternateTitles;
    await migration.down!(ctx.db as never);
    await expect(count()).rejects.toThrow();
    await migration.up(ctx.db as never);
    const book = await createBook(ctx, {
      alternateTitles: [
        { title: 'Doupo', language: null },
        { title: 'BTTH', language: 'en' },
      ],
    });
    expect(await count()).toBe(2);
    await ctx.db.deleteFrom('books').where('id', '=', book.id).execute();
    expect(await count()).toBe(0);
  });
});
