import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readExportSnapshot } from '../src/modules/data-rights/export/export-snapshot.js';
import { createAdminContext } from './helpers/admin-context.js';
import { buyPack, createPack, readChapter, sellChapters, turnCoinsOn, unlock, walletOf } from './helpers/coin-flows.js';
import { authHeader, createBook, createUser, type TestBook, type TestUser } from './helpers/factories.js';
import { TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * Refunding a coin pack as the console does it (issue 56, items 6 and 7): the order names its pack,
 * a preview says before the refund how many coins go and which chapters lock again, the order says
 * it after, and the reader's history and data archive name each chapter locked again, with no
 * 0-coin row. Figures of docs/PAYMENTS.md "The refund rule": two 100-coin packs, chapters at 30, 30
 * and 50 coins.
 */
let ctx: TestContext;
let admin: TestUser;
let book: TestBook;
const BOOK_TITLE = 'The Refunded Tower';

beforeAll(async () => {
  ({ ctx, admin } = await createAdminContext());
  book = await createBook(ctx, { chapters: 5, freeChapters: 1, pagesPerChapter: 1, titles: { 'en-us': BOOK_TITLE, 'zh-cn': '退款之书' } });
  await sellChapters(ctx, book, { price: 30, chapterPrices: { 4: 50 } });
  await turnCoinsOn(ctx, admin);
}, 60_000);
afterAll(() => ctx?.close());

const chapter = (number: number) => book.chapters[number - 1]!;
const asAdmin = (url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1/admin${url}`, headers: authHeader(admin), ...(payload ? { payload } : {}) });
const relocked = (number: number, coins: number) =>
  expect.objectContaining({
    book_uuid: book.uuid,
    book_title: BOOK_TITLE,
    chapter_uuid: chapter(number).uuid,
    chapter_number: number,
    coins,
  });

describe(`refunding a coin pack in the console (${TEST_DIALECT})`, () => {
  it('names the pack, says beforehand and afterwards what goes and what locks again, and writes no 0-coin row', async () => {
    const reader = await createUser(ctx);
    const pack = await createPack(ctx, { coins: 100, priceFen: 600 });
    const first = await buyPack(ctx, reader, pack);
    await buyPack(ctx, reader, pack);
    // Oldest pack first: 30 (ch. 2) and 30 (ch. 3) from the first, then 40 + 10 from the second for ch. 4.
    expect((await unlock(ctx, reader, { chapter_uuid: chapter(2).uuid, count: 3 })).json().data.result.balance).toBe(90);

    const order = await asAdmin(`/orders/${first}`);
    expect(order.json().data).toMatchObject({ plan: 'coins', months: 0, coins: 100, bonus_coins: 0, coin_refund: null });
    const listed = await asAdmin(`/orders?user=${reader.username}`);
    expect(listed.json().data.items[0]).toMatchObject({ plan: 'coins', coins: 100, bonus_coins: 0 });

    const preview = await asAdmin(`/orders/${first}/refund-preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    // The first pack's coins are all spent: nothing of it is left to take; the second pack's 10 come back.
    const expected = { balance_before: 90, balance_after: 100, chapters: [relocked(2, 30), relocked(3, 30), relocked(4, 50)] };
    expect(preview.json().data.coin_refund).toEqual(expected);
    // The preview changes nothing.
    expect((await walletOf(ctx, reader)).balance).toBe(90);
    expect((await readChapter(ctx, reader, chapter(2).uuid)).statusCode).toBe(200);

    const refunded = await asAdmin(`/orders/${first}/refund`, 'POST', { reason: 'asked by the reader' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data.order.coin_refund).toEqual(expected);
    expect((await asAdmin(`/orders/${first}`)).json().data.coin_refund).toEqual(expected);
    for (const number of [2, 3, 4]) expect((await readChapter(ctx, reader, chapter(number).uuid)).statusCode).toBe(403);

    const wallet = await walletOf(ctx, reader);
    expect(wallet.balance).toBe(100);
    expect(wallet.history.filter((entry) => entry.coins === 0)).toEqual([]);
    // Newest first: the pack's coins go (its 100, given back by the three unlocks), after a row per chapter.
    expect(wallet.history.slice(0, 4).map((entry) => [entry.kind, entry.coins, entry.balance_after, entry.chapter_uuid])).toEqual([
      ['refund', -100, 100, null],
      ['reversal', 50, 200, chapter(4).uuid],
      ['reversal', 30, 150, chapter(3).uuid],
      ['reversal', 30, 120, chapter(2).uuid],
    ]);

    const snapshot = await readExportSnapshot(ctx.db, reader.id, Date.now(), (kind) => kind);
    const history = snapshot!.csv['coin-history.csv']!;
    const column = (name: string) => history.columns.indexOf(name);
    expect(history.rows.filter((row) => row[column('coins')] === 0)).toEqual([]);
    const reversals = history.rows.filter((row) => row[column('kind')] === 'reversal');
    expect(reversals.map((row) => [row[column('coins')], row[column('chapter_number')]]).sort()).toEqual([
      [30, 2],
      [30, 3],
      [50, 4],
    ]);
    expect(reversals.every((row) => row[column('book_title')] === BOOK_TITLE)).toBe(true);
  });

  it('previews an untouched pack with its bonus: all its coins go, nothing locks again; a membership previews no coins', async () => {
    const reader = await createUser(ctx);
    const order = await buyPack(ctx, reader, await createPack(ctx, { coins: 100, bonus: 20, priceFen: 600 }));
    expect((await asAdmin(`/orders/${order}`)).json().data).toMatchObject({ coins: 100, bonus_coins: 20 });
    const expected = { balance_before: 120, balance_after: 0, chapters: [] };
    expect((await asAdmin(`/orders/${order}/refund-preview`)).json().data.coin_refund).toEqual(expected);
    const refunded = await asAdmin(`/orders/${order}/refund`, 'POST', { reason: 'asked by the reader' });
    expect(refunded.json().data.order.coin_refund).toEqual(expected);
    // Refunded: nothing is left to preview.
    expect((await asAdmin(`/orders/${order}/refund-preview`)).json().data.coin_refund).toBeNull();
    expect((await asAdmin('/orders/NOSUCHORDER/refund-preview')).statusCode).toBe(404);
  });
});
