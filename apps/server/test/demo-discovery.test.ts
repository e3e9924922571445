import { GENRE_TAG_LIST } from '@inkstream/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AUDIENCE_READERS, seedDemoAudience } from '../src/modules/demo/demo-audience.js';
import { refreshDiscovery } from './helpers/discovery-fixtures.js';
import { authHeader, createBook, type TestBook } from './helpers/factories.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * The demo's readers (issue 56, item 26; docs/DISCOVERY.md "The demo's readers"): on a catalogue
 * like the demo's (books in genres, some busier than others), the audience the demo seed writes
 * makes every discovery list non-empty: popular today, this week and this month, top rated (5
 * ratings or more), rising, and "readers also read". The full demo seed (images and all) runs in
 * demo-catalogue.test.ts, which checks the audience is part of it.
 */
const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
let ctx: TestContext;
let books: TestBook[];
let seeded: Awaited<ReturnType<typeof seedDemoAudience>>;

beforeAll(async () => {
  ctx = await createTestContext();
  books = [];
  for (let index = 0; index < 12; index += 1) {
    const tags = [GENRE_TAG_LIST[index % 4]!, GENRE_TAG_LIST[4 + (index % 3)]!];
    books.push(await createBook(ctx, { chapters: 2, pagesPerChapter: 1, tags, popularity: 1_000 * (12 - index) ** 2 }));
  }
  seeded = await seedDemoAudience(ctx.db, NOW);
  await refreshDiscovery(ctx, NOW);
}, 60_000);
afterAll(() => ctx?.close());

const get = async (url: string, token?: string) => {
  const response = await ctx.app.inject({ url: `/api/v1${url}`, headers: token ? authHeader({ token }) : {} });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

describe(`the demo's readers fill discovery (${TEST_DIALECT})`, () => {
  it('writes its readers, their reading and their ratings, with each book’s count and sum', async () => {
    expect(seeded.readers).toBe(DEMO_AUDIENCE_READERS);
    expect(seeded.starts).toBeGreaterThanOrEqual(3 * DEMO_AUDIENCE_READERS);
    expect(seeded.ratings).toBeGreaterThan(seeded.starts / 2);
    const sums = await ctx.db.selectFrom('books').select(['id', 'rating_count', 'rating_sum']).execute();
    const rows = await ctx.db.selectFrom('book_ratings').select(['book_id', 'score']).execute();
    for (const book of sums) {
      const own = rows.filter((row) => row.book_id === book.id);
      expect([book.rating_count, book.rating_sum]).toEqual([own.length, own.reduce((sum, row) => sum + row.score, 0)]);
    }
  });

  it('ranks books as popular today, this week and this month, top rated and rising', async () => {
    for (const period of ['day', 'week', 'month']) {
      const popular = await get(`/comics/rankings/popular?period=${period}`);
      expect(popular.result.length, period).toBeGreaterThanOrEqual(3);
      expect(popular.result[0].readers, period).toBeGreaterThanOrEqual(2);
    }
    expect((await get('/comics/rankings/top_rated')).result.length).toBeGreaterThanOrEqual(3);
    expect((await get('/comics/rankings/rising?period=week')).result.length).toBeGreaterThanOrEqual(1);
  });

  it('lists "readers also read" for every book its readers started', async () => {
    const empty: string[] = [];
    for (const book of books) if ((await get(`/comics/book/${book.uuid}/also_read`)).result.length === 0) empty.push(book.uuid);
    expect(empty).toEqual([]);
  });

  it('is the same audience on every install, and written once', async () => {
    const again = await seedDemoAudience(ctx.db, NOW);
    expect([again.readers, again.starts, again.ratings]).toEqual([0, 0, 0]);
    const other = await createTestContext();
    try {
      for (let index = 0; index < 12; index += 1) {
        const tags = [GENRE_TAG_LIST[index % 4]!, GENRE_TAG_LIST[4 + (index % 3)]!];
        await createBook(other, { chapters: 2, pagesPerChapter: 1, tags, popularity: 1_000 * (12 - index) ** 2 });
      }
      await seedDemoAudience(other.db, NOW);
      const ratings = async (c: TestContext) =>
        (
          await c.db
            .selectFrom('book_ratings')
            .innerJoin('users', 'users.id', 'book_ratings.user_id')
            .select(['users.username', 'book_ratings.score', 'book_ratings.created_at'])
            .orderBy('users.username')
            .orderBy('book_ratings.created_at')
            .execute()
        ).map((row) => `${row.username} ${row.score} ${row.created_at}`);
      expect(await ratings(other)).toEqual(await ratings(ctx));
    } finally {
      await other.close();
    }
  });
});
