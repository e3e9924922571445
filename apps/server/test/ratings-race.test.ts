import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createBook, createUser, nextClientIp, type TestBook, type TestUser } from './helpers/factories.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * books.rating_count and rating_sum under concurrent writes (issue 31: "rating counts stay exact
 * under concurrent writes on PostgreSQL"). What would go wrong without the increments and the
 * row lock: two changes of the same reader both reading the old score and moving the sum by the
 * same difference, or two first ratings of the same reader both counting.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const put = (user: TestUser, book: TestBook, score: number) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/comics/book/${book.uuid}/rating`,
    headers: authHeader(user),
    remoteAddress: nextClientIp(),
    payload: { score },
  });
const del = (user: TestUser, book: TestBook) =>
  ctx.app.inject({
    method: 'DELETE',
    url: `/api/v1/comics/book/${book.uuid}/rating`,
    headers: authHeader(user),
    remoteAddress: nextClientIp(),
  });

async function countersMatchRows(book: TestBook) {
  const counters = await ctx.db
    .selectFrom('books')
    .select(['rating_count', 'rating_sum'])
    .where('id', '=', book.id)
    .executeTakeFirstOrThrow();
  const rows = await ctx.db.selectFrom('book_ratings').select('score').where('book_id', '=', book.id).execute();
  return {
    counters: { count: Number(counters.rating_count), sum: Number(counters.rating_sum) },
    rows: { count: rows.length, sum: rows.reduce((total, row) => total + row.score, 0) },
  };
}

describe(`ratings under concurrency on ${TEST_DIALECT}`, () => {
  it('30 readers rating one book at once while one reader changes their score 12 times: count and sum exact', async () => {
    const book = await createBook(ctx, { chapters: 1 });
    const readers = await Promise.all(Array.from({ length: 30 }, () => createUser(ctx)));
    const changer = await createUser(ctx);
    expect((await put(changer, book, 1)).statusCode).toBe(200);
    // Scores 1..10 then 1..10 again: 30 readers give 3 × 55 = 165.
    const scores = readers.map((_, i) => (i % 10) + 1);
    const changes = [10, 2, 9, 3, 8, 4, 7, 5, 6, 1, 10, 6];
    const results = await Promise.all([
      ...readers.map((reader, i) => put(reader, book, scores[i]!)),
      ...changes.map((score) => put(changer, book, score)),
    ]);
    expect(results.map((r) => r.statusCode).filter((status) => status !== 200)).toEqual([]);
    const { counters, rows } = await countersMatchRows(book);
    const changerScore = (
      await ctx.db
        .selectFrom('book_ratings')
        .select('score')
        .where('book_id', '=', book.id)
        .where('user_id', '=', changer.id)
        .executeTakeFirstOrThrow()
    ).score;
    expect(counters).toEqual({ count: 31, sum: 165 + changerScore });
    expect(counters).toEqual(rows);
  });

  it("one reader's parallel first ratings count once; parallel withdrawals subtract once", async () => {
    const book = await createBook(ctx, { chapters: 1 });
    const reader = await createUser(ctx);
    const other = await createUser(ctx);
    expect((await put(other, book, 4)).statusCode).toBe(200);
    const firsts = await Promise.all([7, 8, 9, 7, 8, 9, 7, 8].map((score) => put(reader, book, score)));
    expect(firsts.map((r) => r.statusCode).filter((status) => status !== 200)).toEqual([]);
    let state = await countersMatchRows(book);
    expect(state.counters.count).toBe(2);
    expect(state.counters).toEqual(state.rows);

    const withdrawals = await Promise.all(Array.from({ length: 6 }, () => del(reader, book)));
    expect(withdrawals.map((r) => r.statusCode).filter((status) => status !== 200)).toEqual([]);
    state = await countersMatchRows(book);
    expect(state.counters).toEqual({ count: 1, sum: 4 });
    expect(state.rows).toEqual({ count: 1, sum: 4 });
  });
});
