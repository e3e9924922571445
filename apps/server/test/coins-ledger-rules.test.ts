import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminContext } from './helpers/admin-context.js';
import {
  buyPack,
  createPack,
  readChapter,
  readerWithCoins,
  sellChapters,
  turnCoinsOn,
  unlock,
  unlockFree,
  walletOf,
} from './helpers/coin-flows.js';
import { authHeader, createBook, createUser, type TestBook, type TestUser } from './helpers/factories.js';
import { TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * The coin ledger's rules a single hand-made mistake once broke unnoticed (issue 56, items 28 to 32;
 * docs/PAYMENTS.md "Coins"): unlocking again after a refund, spending the whole balance, the
 * soonest-expiring lot spent first, refunds of several packs never handing coins back twice, and
 * wait-for-free counting from the latest free unlock. The figures are written out. Each test
 * asserts coins and access (what the reader has and reads), not the history's rows, which a
 * refund's wording may change.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let ctx: TestContext;
let admin: TestUser;
let book: TestBook;

beforeAll(async () => {
  ({ ctx, admin } = await createAdminContext());
  // Chapter 1 free; 2 to 6 at 30 coins, chapter 6 at 50.
  book = await createBook(ctx, { chapters: 6, freeChapters: 1, pagesPerChapter: 1 });
  await sellChapters(ctx, book, { price: 30, chapterPrices: { 6: 50 } });
  await turnCoinsOn(ctx, admin);
}, 60_000);
afterAll(() => ctx?.close());

const chapter = (number: number) => book.chapters[number - 1]!.uuid;
const code = (response: { json: () => { code?: string } }) => response.json().code;
const balanceOf = async (reader: TestUser) => (await walletOf(ctx, reader)).balance;
const refund = (orderId: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${orderId}/refund`,
    headers: authHeader(admin),
    payload: { reason: 'asked by the reader' },
  });

describe(`spending coins (${TEST_DIALECT})`, () => {
  it('unlocks with exactly the price in the wallet, leaving a balance of 0', async () => {
    const reader = await readerWithCoins(ctx, 30);
    const answer = await unlock(ctx, reader, { chapter_uuid: chapter(2) });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.result).toEqual({ unlocked: [chapter(2)], balance: 0 });
    expect((await readChapter(ctx, reader, chapter(2))).statusCode).toBe(200);
    expect(await balanceOf(reader)).toBe(0);
    // One coin short is refused, and nothing moves.
    const short = await readerWithCoins(ctx, 29);
    expect(code(await unlock(ctx, short, { chapter_uuid: chapter(2) }))).toBe('INSUFFICIENT_COINS');
    expect(await balanceOf(short)).toBe(29);
  });

  it('draws the lot expiring soonest first: a 10-day bonus before a 30-day one bought earlier', async () => {
    const reader = await createUser(ctx);
    // The 30-day bonus is bought first (the older lot), the 10-day one second.
    await buyPack(ctx, reader, await createPack(ctx, { coins: 10, bonus: 50, priceFen: 100, bonusExpiryDays: 30 }));
    await buyPack(ctx, reader, await createPack(ctx, { coins: 10, bonus: 50, priceFen: 100, bonusExpiryDays: 10 }));
    expect(await balanceOf(reader)).toBe(120);
    expect((await unlock(ctx, reader, { chapter_uuid: chapter(2) })).json().data.result.balance).toBe(90);
    const expiring = (await walletOf(ctx, reader)).expiring.map((lot) => ({
      coins: lot.coins,
      days: Math.round((Date.parse(lot.expires_at) - Date.now()) / DAY),
    }));
    // The 30 coins came out of the 10-day lot; the 30-day lot and both purchases are whole.
    expect(expiring).toEqual([
      { coins: 20, days: 10 },
      { coins: 50, days: 30 },
    ]);
    // 50 more: the 10-day lot's last 20, then 30 of the 30-day lot (still before any purchase).
    expect((await unlock(ctx, reader, { chapter_uuid: chapter(6) })).json().data.result.balance).toBe(40);
    expect((await walletOf(ctx, reader)).expiring.map((lot) => lot.coins)).toEqual([20]);
  });
});

describe(`refunds (${TEST_DIALECT})`, () => {
  it('lets the reader unlock a chapter again with coins after a refund locked it, charging once', async () => {
    const reader = await createUser(ctx);
    const pack = await createPack(ctx, { coins: 100, priceFen: 600 });
    const refunded = await buyPack(ctx, reader, pack);
    expect((await unlock(ctx, reader, { chapter_uuid: chapter(3) })).statusCode).toBe(200);
    expect((await refund(refunded)).statusCode).toBe(200);
    expect(code(await readChapter(ctx, reader, chapter(3)))).toBe('MEMBERSHIP_REQUIRED');
    expect(await balanceOf(reader)).toBe(0);

    await buyPack(ctx, reader, await createPack(ctx, { coins: 200, priceFen: 1200 }));
    expect(await balanceOf(reader)).toBe(200);
    const again = await unlock(ctx, reader, { chapter_uuid: chapter(3) });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.result).toEqual({ unlocked: [chapter(3)], balance: 170 });
    expect((await readChapter(ctx, reader, chapter(3))).statusCode).toBe(200);
    // Charged once: a second try is told it is readable, and the wallet stays at 170.
    expect(code(await unlock(ctx, reader, { chapter_uuid: chapter(3) }))).toBe('ALREADY_READABLE');
    expect(await balanceOf(reader)).toBe(170);
  });

  it('never reverses an unlock twice: one paid from three packs, refunded a pack at a time', async () => {
    const reader = await createUser(ctx);
    const pack = await createPack(ctx, { coins: 20, priceFen: 120 });
    const [first, second, third] = [await buyPack(ctx, reader, pack), await buyPack(ctx, reader, pack), await buyPack(ctx, reader, pack)];
    // Chapter 6 costs 50: 20 from the first pack, 20 from the second, 10 from the third (oldest first).
    expect((await unlock(ctx, reader, { chapter_uuid: chapter(6) })).json().data.result.balance).toBe(10);

    // The first refund takes the unlock back: the second pack gets its 20 back, the third its 10.
    expect((await refund(first)).statusCode).toBe(200);
    expect(await balanceOf(reader)).toBe(40);
    expect(code(await readChapter(ctx, reader, chapter(6)))).toBe('MEMBERSHIP_REQUIRED');
    // The second refund takes the second pack's 20; the unlock was taken back already: nothing returns.
    expect((await refund(second)).statusCode).toBe(200);
    expect(await balanceOf(reader)).toBe(20);
    expect((await refund(third)).statusCode).toBe(200);
    expect(await balanceOf(reader)).toBe(0);
    expect(code(await readChapter(ctx, reader, chapter(6)))).toBe('MEMBERSHIP_REQUIRED');
    const lots = await ctx.db.selectFrom('coin_lots').select(['remaining', 'revoked_at']).where('user_id', '=', reader.id).execute();
    expect(lots.map((lot) => [lot.remaining, lot.revoked_at !== null])).toEqual([
      [0, true],
      [0, true],
      [0, true],
    ]);
  });
});

describe(`wait-for-free (${TEST_DIALECT})`, () => {
  it('counts from the latest free unlock: a third one straight after the second is refused', async () => {
    const waiting = await createBook(ctx, { chapters: 5, freeChapters: 1, pagesPerChapter: 1 });
    await sellChapters(ctx, waiting, { price: 30, waitFreeHours: 23 });
    const reader = await createUser(ctx);
    expect((await unlockFree(ctx, reader, waiting.uuid)).statusCode).toBe(200);
    // 23 hours go by (the first free unlock is moved into the past, as waiting would).
    await ctx.db
      .updateTable('chapter_grants')
      .set((eb) => ({ granted_at: eb('granted_at', '-', 23 * HOUR) }))
      .where('user_id', '=', reader.id)
      .execute();
    const second = await unlockFree(ctx, reader, waiting.uuid);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.result.chapter_uuid).toBe(waiting.chapters[2]!.uuid);
    const third = await unlockFree(ctx, reader, waiting.uuid);
    expect([third.statusCode, code(third)]).toEqual([429, 'FREE_UNLOCK_NOT_READY']);
    // The next one is 23 hours after the second, not after the first.
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(22 * 3600);
    expect((await readChapter(ctx, reader, waiting.chapters[3]!.uuid)).statusCode).toBe(403);
  });
});
