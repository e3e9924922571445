import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminContext } from './helpers/admin-context.js';
import { readChapter, readerWithCoins, sellChapters, turnCoinsOn, unlock, unlockFree } from './helpers/coin-flows.js';
import { authHeader, createBook, createUser, type TestBook, type TestUser } from './helpers/factories.js';
import { TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * Multi-unlock and wait-for-free go in reading order, which is the chapters' numbers, also after
 * the console renumbers them (issue 56, item 33; docs/PAYMENTS.md "Coins"). The new order is
 * neither the order the chapters were made in (their ids) nor, on PostgreSQL, the order their rows
 * lie on disk: the prices are set after the renumbering, one chapter at a time in id order, which
 * rewrites the rows in that order, so a statement that forgets its ORDER BY reads them wrongly.
 */
let ctx: TestContext;
let admin: TestUser;
let book: TestBook;

/** The chapters as they were made: made[1] is chapter 1 … made[5] is chapter 5. */
const made = (index: number) => book.chapters[index - 1]!.uuid;

beforeAll(async () => {
  ({ ctx, admin } = await createAdminContext());
  book = await createBook(ctx, { chapters: 5, freeChapters: 1, pagesPerChapter: 1 });
  // The console puts the last three made first: reading order made 1, 5, 4, 3, 2.
  const order = [1, 5, 4, 3, 2].map(made);
  const reordered = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/admin/books/${book.uuid}/chapters/order`,
    headers: authHeader(admin),
    payload: { chapter_uuids: order },
  });
  expect(reordered.statusCode, reordered.body).toBe(200);
  // Chapter 2 in reading order (made 5) at 40 coins, the others at 30.
  await sellChapters(ctx, book, { price: 30, waitFreeHours: 23, chapterPrices: { 2: 30, 3: 30, 4: 30, 5: 40 } });
  await turnCoinsOn(ctx, admin);
}, 60_000);
afterAll(() => ctx?.close());

describe(`coins follow the chapters' numbers after a renumbering (${TEST_DIALECT})`, () => {
  it('lists the chapters in their new order (the premise)', async () => {
    const listed = await ctx.app.inject({ url: `/api/v1/comics/chapters/${book.uuid}/en-us/asc/0/20` });
    const chapters = listed.json().data.result.chapters as { chapter_number: number }[];
    expect(chapters.map((c) => c.chapter_number)).toEqual([1, 2, 3, 4, 5]);
  });

  it('unlocks the next chapters by number, not by the order they were made', async () => {
    const reader = await readerWithCoins(ctx, 100);
    // From chapter 2 (made 5, 40 coins), two chapters: 2 and 3 (made 4, 30 coins).
    const answer = await unlock(ctx, reader, { chapter_uuid: made(5), count: 2 });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.result).toEqual({ unlocked: [made(5), made(4)], balance: 30 });
    // From chapter 4 (made 3), ten asked: 4 and 5 are what is left after it (made 3 and 2).
    const more = await readerWithCoins(ctx, 100);
    expect((await unlock(ctx, more, { chapter_uuid: made(3), count: 10 })).json().data.result).toEqual({
      unlocked: [made(3), made(2)],
      balance: 40,
    });
  });

  it('opens the first locked chapter by number with wait-for-free, then the next by number', async () => {
    const reader = await createUser(ctx);
    const before = await ctx.app.inject({ url: `/api/v1/user/book/unlocks?book_uuid=${book.uuid}`, headers: authHeader(reader) });
    expect(before.json().data.result.free_unlock_chapter_uuid).toBe(made(5));
    const first = await unlockFree(ctx, reader, book.uuid);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.result.chapter_uuid).toBe(made(5));
    expect((await readChapter(ctx, reader, made(5))).statusCode).toBe(200);
    expect((await readChapter(ctx, reader, made(2))).statusCode).toBe(403);
    const after = await ctx.app.inject({ url: `/api/v1/user/book/unlocks?book_uuid=${book.uuid}`, headers: authHeader(reader) });
    expect(after.json().data.result.free_unlock_chapter_uuid).toBe(made(4));
    expect(after.json().data.result.unlocked).toEqual([made(5)]);
  });
});
