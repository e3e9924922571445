import { randomUUID } from 'node:crypto';
import { sql, type Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as readingModes from '../src/db/migrations/2026-11-29T0900-reading-modes.js';
import { countRows } from './helpers/row-count.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

// Issue 45's migration: down undoes up on both databases, and the books that were there before it
// are read as they always were (left to right, one long strip).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('reading modes migration', () => {
  it('gives existing books ltr and strip, and goes down and up again', async () => {
    const migration: Migration = readingModes;
    await migration.down!(ctx.db as never);
    await expect(countRows(ctx.db, 'reader_settings')).rejects.toThrow();
    await expect(countRows(ctx.db, 'book_reading_overrides')).rejects.toThrow();
    // A book as the schema before the migration stores it (no reading columns).
    const uuid = randomUUID();
    await sql`insert into books (uuid, book_type, original_language, public_free_chapters, is_published, created_at, updated_at)
              values (${uuid}, 'comic', 'ja-jp', 0, 1, 1, 1)`.execute(ctx.db);
    await migration.up(ctx.db as never);
    const book = await ctx.db
      .selectFrom('books')
      .select(['reading_direction', 'reading_mode'])
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    expect(book).toEqual({ reading_direction: 'ltr', reading_mode: 'strip' });
    expect(await countRows(ctx.db, 'reader_settings')).toBe(0);
    expect(await countRows(ctx.db, 'book_reading_overrides')).toBe(0);
  });
});
