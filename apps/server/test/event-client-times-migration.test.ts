import { sql, type Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as eventClientTimes from '../src/db/migrations/2026-12-01T0900-event-client-times.js';
import { createBook, createUser } from './helpers/factories.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

// Issue 47's migration (reading events sent again): on a table that already holds events, up adds
// the client time to none of them and the two partial indexes; down undoes it; up runs again.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const INDEXES = ['reading_events_user_client_at_idx', 'reading_events_visitor_client_at_idx'];

async function indexNames(): Promise<string[]> {
  const { rows } =
    TEST_DIALECT === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'reading_events'`.execute(ctx.db)
      : await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'reading_events'`.execute(ctx.db);
  return rows.map((row) => row.name);
}

describe(`event client times migration (${TEST_DIALECT})`, () => {
  it('runs on a table of existing events, leaving each without a client time, and goes down and up again', async () => {
    const migration: Migration = eventClientTimes;
    await migration.down!(ctx.db as never);
    expect(await indexNames()).not.toEqual(expect.arrayContaining(INDEXES));
    const book = await createBook(ctx, { chapters: 1, pagesPerChapter: 1 });
    const user = await createUser(ctx);
    // 20,000 events as the schema before the migration stores them, half an account's, half visitors'.
    const at = Date.UTC(2026, 10, 1);
    for (let batch = 0; batch < 20; batch += 1) {
      const rows = Array.from({ length: 1000 }, (_, i) => {
        const n = batch * 1000 + i;
        return sql`(${'start_reading'}, ${book.id}, ${book.chapters[0]!.id}, ${n % 2 ? user.id : null}, ${n % 2 ? null : 'ab12cd34'}, ${at + n}, ${at + n})`;
      });
      await sql`insert into reading_events (event_type, book_id, chapter_id, user_id, visitor_id, occurred_at, received_at)
                values ${sql.join(rows)}`.execute(ctx.db);
    }
    await migration.up(ctx.db as never);
    expect(await indexNames()).toEqual(expect.arrayContaining(INDEXES));
    const counts = await ctx.db
      .selectFrom('reading_events')
      .select((eb) => [eb.fn.countAll<number | string>().as('all'), eb.fn.count<number | string>('client_at').as('with_client_time')])
      .executeTakeFirstOrThrow();
    expect([Number(counts.all), Number(counts.with_client_time)]).toEqual([20_000, 0]);
  });
});
