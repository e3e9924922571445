import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readerWithCoins, readChapter, sellChapters, turnCoinsOn, unlock, walletOf } from './helpers/coin-flows.js';
import { createAdminContext } from './helpers/admin-context.js';
import { authHeader, callApi, createBook, createUser, type TestBook, type TestUser } from './helpers/factories.js';
import { TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * Issue 59 item 5 (docs/PAYMENTS.md "Rentals, auto-unlock and unlock all"): rentals, auto-unlock
 * with a cap and its undo, unlock all remaining, on the run's database, with concurrent requests
 * where money moves. The figures are written out: chapters at 30 coins (chapter 4 at 50), rentals
 * at 10 coins for 3 days.
 */
const DAY = 86_400_000;
let ctx: TestContext;
let admin: TestUser;
let book: TestBook;
let other: TestBook;

beforeAll(async () => {
  ({ ctx, admin } = await createAdminContext());
  // Chapter 1 free; 2, 3, 5, 6 at 30 coins, 4 at 50.
  book = await createBook(ctx, { chapters: 6, freeChapters: 1, pagesPerChapter: 1 });
  other = await createBook(ctx, { chapters: 3, freeChapters: 1, pagesPerChapter: 1 });
  await turnCoinsOn(ctx, admin);
  await sellChapters(ctx, book, { price: 30, chapterPrices: { 4: 50 } });
  await sellChapters(ctx, other, { price: 30 });
}, 60_000);
afterAll(() => ctx?.close());

const chapter = (number: number, of = book) => of.chapters[number - 1]!.uuid;
const code = (response: { json: () => { code?: string } }) => response.json().code;
const rent = (user: TestUser, chapterUuid: string) => callApi(ctx, 'POST', '/comics/chapter/rent', user, { chapter_uuid: chapterUuid });
const setAuto = (user: TestUser, payload: object) => callApi(ctx, 'PUT', '/user/book/auto_unlock', user, payload);
const autoUnlock = (user: TestUser, chapterUuid: string) =>
  callApi(ctx, 'POST', '/comics/chapter/auto_unlock', user, { chapter_uuid: chapterUuid });
const undo = (user: TestUser, chapterUuid: string) =>
  callApi(ctx, 'POST', '/comics/chapter/auto_unlock/undo', user, { chapter_uuid: chapterUuid });
const preview = (user: TestUser, of = book) => callApi(ctx, 'GET', `/user/book/unlock_all?book_uuid=${of.uuid}`, user);
const unlockAll = (user: TestUser, total: number, of = book) =>
  callApi(ctx, 'POST', '/comics/book/unlock_all', user, { book_uuid: of.uuid, total });
const bookUnlocks = async (user: TestUser, of = book) =>
  (await callApi(ctx, 'GET', `/user/book/unlocks?book_uuid=${of.uuid}`, user)).json().data.result;
const readable = async (user: TestUser, number: number) => (await readChapter(ctx, user, chapter(number))).statusCode === 200;
const kinds = async (user: TestUser) => (await walletOf(ctx, user)).history.map((entry) => [entry.kind, entry.coins]);

describe(`rentals (${TEST_DIALECT})`, () => {
  it('are off until the operator sets a price, through the console API, which keeps the days', async () => {
    const reader = await readerWithCoins(ctx, 100);
    expect([(await rent(reader, chapter(2))).statusCode, code(await rent(reader, chapter(2)))]).toEqual([400, 'RENTAL_NOT_OFFERED']);
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/books/${book.uuid}/unlocks`,
      headers: authHeader(admin),
      payload: { rental_price: 10, rental_days: 3 },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json().data).toMatchObject({ coin_price: 30, rental_price: 10, rental_days: 3 });
    expect((await bookUnlocks(reader)).rental_price).toBe(10);
    expect((await bookUnlocks(reader, other)).rental_price).toBeNull();
  });

  it('opens a chapter until its end, says until when, charges once, and the offline copy ends with it', async () => {
    const reader = await readerWithCoins(ctx, 100);
    expect(await readable(reader, 2)).toBe(false);
    const before = Date.now();
    const rented = await rent(reader, chapter(2));
    expect(rented.statusCode, rented.body).toBe(200);
    const result = rented.json().data.result;
    expect(result.balance).toBe(90);
    const until = Date.parse(result.rented_until);
    expect(until).toBeGreaterThanOrEqual(before + 3 * DAY);
    expect(until).toBeLessThanOrEqual(Date.now() + 3 * DAY);
    expect(await readable(reader, 2)).toBe(true);
    expect((await bookUnlocks(reader)).rented).toEqual({ [chapter(2)]: result.rented_until });
    // Not held for good: the book page's "unlocked" list is what stays.
    expect((await bookUnlocks(reader)).unlocked).toEqual([]);
    // Again while it runs: nothing to rent, nothing charged.
    const again = await rent(reader, chapter(2));
    expect([again.statusCode, code(again)]).toEqual([409, 'ALREADY_READABLE']);
    expect(await kinds(reader)).toEqual([
      ['rental', -10],
      ['purchase', 100],
    ]);
    const offline = await callApi(ctx, 'POST', '/reader/offline/check', reader, { chapters: [chapter(2), chapter(3)] });
    expect(offline.json().data.result.chapters).toEqual([
      { chapter_uuid: chapter(2), access: 'granted', readable: true, readable_until: result.rented_until },
      { chapter_uuid: chapter(3), access: 'members_only', readable: false, readable_until: null },
    ]);
    // The end passes (moved to a moment gone by): the chapter closes, the offline copy too, and it can be rented again.
    await ctx.db
      .updateTable('chapter_grants')
      .set({ expires_at: Date.now() - 1 })
      .where('user_id', '=', reader.id)
      .execute();
    expect(await readable(reader, 2)).toBe(false);
    const after = await callApi(ctx, 'POST', '/reader/offline/check', reader, { chapters: [chapter(2)] });
    expect(after.json().data.result.chapters[0]).toMatchObject({ readable: false, access: 'members_only' });
    expect((await bookUnlocks(reader)).rented).toEqual({});
    expect((await rent(reader, chapter(2))).json().data.result.balance).toBe(80);
  });

  it('lets a rented chapter be bought for good, and refuses to rent one owned for good with its own code', async () => {
    const reader = await readerWithCoins(ctx, 100);
    expect((await rent(reader, chapter(3))).statusCode).toBe(200);
    const bought = await unlock(ctx, reader, { chapter_uuid: chapter(3) });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().data.result).toEqual({ unlocked: [chapter(3)], balance: 60 });
    expect((await bookUnlocks(reader)).rented).toEqual({});
    expect((await bookUnlocks(reader)).unlocked).toEqual([chapter(3)]);
    const owned = await rent(reader, chapter(3));
    expect([owned.statusCode, code(owned)]).toEqual([409, 'ALREADY_OWNED']);
    const short = await readerWithCoins(ctx, 5);
    const refused = await rent(short, chapter(2));
    expect([refused.statusCode, code(refused), refused.json().price]).toEqual([402, 'INSUFFICIENT_COINS', 10]);
    expect(code(await rent(reader, chapter(1)))).toBe('ALREADY_READABLE');
    expect((await callApi(ctx, 'POST', '/comics/chapter/rent', reader, { chapter: chapter(2) })).statusCode).toBe(400);
    expect((await callApi(ctx, 'POST', '/comics/chapter/rent', null, { chapter_uuid: chapter(2) })).statusCode).toBe(401);
  });

  it('charges once when the same chapter is rented from several devices at once, and again once after it ended', async () => {
    const reader = await readerWithCoins(ctx, 100);
    const answers = await Promise.all(Array.from({ length: 6 }, () => rent(reader, chapter(5))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect((await walletOf(ctx, reader)).balance).toBe(90);
    await ctx.db
      .updateTable('chapter_grants')
      .set({ expires_at: Date.now() - 1 })
      .where('user_id', '=', reader.id)
      .execute();
    const renewals = await Promise.all(Array.from({ length: 6 }, () => rent(reader, chapter(5))));
    expect(renewals.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const wallet = await walletOf(ctx, reader);
    expect(wallet.balance).toBe(80);
    expect(wallet.history.filter((entry) => entry.kind === 'rental')).toHaveLength(2);
  });
});

describe(`auto-unlock (${TEST_DIALECT})`, () => {
  it('does nothing until the reader opts in with a cap', async () => {
    const reader = await readerWithCoins(ctx, 100);
    expect((await autoUnlock(reader, chapter(2))).json().data.result).toEqual({ unlocked: null, skipped: 'off', balance: 100 });
    const noCap = await setAuto(reader, { book_uuid: book.uuid, enabled: true });
    expect([noCap.statusCode, code(noCap)]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await setAuto(reader, { book_uuid: book.uuid, enabled: true, cap: 0 })).statusCode).toBe(400);
    expect(code(await setAuto(reader, { book_uuid: other.uuid, enabled: true, cap: 10 }))).toBe(undefined);
    expect((await bookUnlocks(reader)).auto_unlock).toBeNull();
  });

  it('unlocks the next chapter at the end of one, within the cap, and undoes it within the minute, once', async () => {
    const reader = await readerWithCoins(ctx, 200);
    const on = await setAuto(reader, { book_uuid: book.uuid, enabled: true, cap: 70 });
    expect(on.json().data.result).toEqual({ enabled: true, cap: 70, spent: 0 });
    const first = await autoUnlock(reader, chapter(2));
    expect(first.statusCode, first.body).toBe(200);
    const done = first.json().data.result;
    expect(done).toMatchObject({ skipped: null, balance: 170, unlocked: { chapter_uuid: chapter(3), chapter_number: 3, coins: 30 } });
    expect(Date.parse(done.unlocked.undo_until) - Date.now()).toBeLessThanOrEqual(60_000);
    expect(await readable(reader, 3)).toBe(true);
    // Reaching the end of chapter 2 again: chapter 3 is readable, nothing more.
    expect((await autoUnlock(reader, chapter(2))).json().data.result).toEqual({ unlocked: null, skipped: 'readable', balance: 170 });
    // Chapter 4 costs 50: 30 + 50 is over the cap of 70.
    expect((await autoUnlock(reader, chapter(3))).json().data.result).toEqual({ unlocked: null, skipped: 'over_cap', balance: 170 });
    expect((await bookUnlocks(reader)).auto_unlock).toEqual({ cap: 70, spent: 30 });
    // Undo: chapter 3 locks again and its 30 coins come back, once.
    const undone = await undo(reader, chapter(3));
    expect(undone.json().data.result).toEqual({ refunded: 30, balance: 200 });
    expect(await readable(reader, 3)).toBe(false);
    expect(code(await undo(reader, chapter(3)))).toBe('UNDO_NOT_AVAILABLE');
    expect((await bookUnlocks(reader)).auto_unlock).toEqual({ cap: 70, spent: 0 });
    expect(await kinds(reader)).toEqual([
      ['undo_refund', 30],
      ['auto_unlock', -30],
      ['purchase', 200],
    ]);
    // Past its minute (granted 61 s ago): no undo.
    expect((await autoUnlock(reader, chapter(2))).statusCode).toBe(200);
    await ctx.db
      .updateTable('chapter_grants')
      .set({ granted_at: Date.now() - 61_000 })
      .where('user_id', '=', reader.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(code(await undo(reader, chapter(3)))).toBe('UNDO_NOT_AVAILABLE');
    // A manual unlock is not an auto-unlock: nothing to undo.
    expect((await unlock(ctx, reader, { chapter_uuid: chapter(5) })).statusCode).toBe(200);
    expect(code(await undo(reader, chapter(5)))).toBe('UNDO_NOT_AVAILABLE');
    // Off, then on again: a new opt-in starts at 0 spent.
    expect((await setAuto(reader, { book_uuid: book.uuid, enabled: false })).json().data.result).toEqual({
      enabled: false,
      cap: null,
      spent: 0,
    });
    expect((await setAuto(reader, { book_uuid: book.uuid, enabled: true, cap: 50 })).json().data.result.spent).toBe(0);
    expect((await autoUnlock(reader, chapter(3))).json().data.result.unlocked).toMatchObject({ chapter_uuid: chapter(4), coins: 50 });
    // Past the last chapter: nothing next.
    expect((await autoUnlock(reader, chapter(6))).json().data.result.skipped).toBe('no_next');
  });

  it('says when the wallet is short rather than failing', async () => {
    const reader = await readerWithCoins(ctx, 20);
    await setAuto(reader, { book_uuid: book.uuid, enabled: true, cap: 1000 });
    expect((await autoUnlock(reader, chapter(2))).json().data.result).toEqual({
      unlocked: null,
      skipped: 'insufficient_coins',
      balance: 20,
    });
  });

  it('refunds once when the undo is sent twice at once', async () => {
    const reader = await readerWithCoins(ctx, 100);
    await setAuto(reader, { book_uuid: book.uuid, enabled: true, cap: 100 });
    expect((await autoUnlock(reader, chapter(2))).json().data.result.unlocked.coins).toBe(30);
    const answers = await Promise.all(Array.from({ length: 4 }, () => undo(reader, chapter(3))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const wallet = await walletOf(ctx, reader);
    expect(wallet.balance).toBe(100);
    expect(wallet.history.filter((entry) => entry.kind === 'undo_refund')).toHaveLength(1);
  });

  it('charges once when auto-unlock races a manual unlock of the same chapter', async () => {
    const reader = await readerWithCoins(ctx, 100);
    await setAuto(reader, { book_uuid: book.uuid, enabled: true, cap: 100 });
    const [auto, manual] = await Promise.all([autoUnlock(reader, chapter(2)), unlock(ctx, reader, { chapter_uuid: chapter(3) })]);
    const autoResult = auto.json().data.result;
    // One of them spent: either the auto-unlock opened it and the manual one found it readable, or the reverse.
    if (manual.statusCode === 200) expect(autoResult).toMatchObject({ unlocked: null, skipped: 'readable' });
    else {
      expect(code(manual)).toBe('ALREADY_READABLE');
      expect(autoResult.unlocked.chapter_uuid).toBe(chapter(3));
    }
    const wallet = await walletOf(ctx, reader);
    expect(wallet.balance).toBe(70);
    expect(wallet.history.filter((entry) => entry.coins < 0)).toHaveLength(1);
  });
});

describe(`unlock all remaining (${TEST_DIALECT})`, () => {
  it('shows the total first and unlocks them all at it, all or nothing', async () => {
    const reader = await readerWithCoins(ctx, 300);
    expect((await rent(reader, chapter(2))).statusCode).toBe(200);
    const shown = (await preview(reader)).json().data.result;
    // 3, 4, 5, 6 (2 is rented: readable now).
    expect(shown).toEqual({
      chapters: [
        { chapter_uuid: chapter(3), chapter_number: 3, price: 30 },
        { chapter_uuid: chapter(4), chapter_number: 4, price: 50 },
        { chapter_uuid: chapter(5), chapter_number: 5, price: 30 },
        { chapter_uuid: chapter(6), chapter_number: 6, price: 30 },
      ],
      total: 140,
      balance: 290,
    });
    const stale = await unlockAll(reader, 120);
    expect([stale.statusCode, code(stale), stale.json().total]).toEqual([409, 'UNLOCK_ALL_TOTAL_CHANGED', 140]);
    expect((await walletOf(ctx, reader)).balance).toBe(290);
    const done = await unlockAll(reader, 140);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.result).toEqual({ unlocked: [chapter(3), chapter(4), chapter(5), chapter(6)], total: 140, balance: 150 });
    for (const n of [3, 4, 5, 6]) expect(await readable(reader, n)).toBe(true);
    expect((await kinds(reader)).slice(0, 4)).toEqual([
      ['bulk_unlock', -30],
      ['bulk_unlock', -30],
      ['bulk_unlock', -50],
      ['bulk_unlock', -30],
    ]);
    expect((await preview(reader)).json().data.result).toMatchObject({ chapters: [], total: 0 });
    expect(code(await unlockAll(reader, 0))).toBe('NOTHING_TO_UNLOCK');
  });

  it('spends nothing when the wallet is short, and once when confirmed twice at once', async () => {
    const short = await readerWithCoins(ctx, 100);
    const refused = await unlockAll(short, 170);
    expect([refused.statusCode, code(refused)]).toEqual([402, 'INSUFFICIENT_COINS']);
    expect((await walletOf(ctx, short)).history).toHaveLength(1);
    const reader = await readerWithCoins(ctx, 400);
    const answers = await Promise.all(Array.from({ length: 3 }, () => unlockAll(reader, 170)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await walletOf(ctx, reader)).balance).toBe(230);
  });

  it('refuses a book that is not sold chapter by chapter, and a visitor', async () => {
    const plain = await createBook(ctx, { chapters: 2, freeChapters: 1, pagesPerChapter: 1 });
    const reader = await createUser(ctx);
    expect(code(await preview(reader, plain))).toBe('UNLOCK_NOT_OFFERED');
    expect((await callApi(ctx, 'GET', `/user/book/unlock_all?book_uuid=${book.uuid}`, null)).statusCode).toBe(401);
    expect((await callApi(ctx, 'POST', '/comics/book/unlock_all', reader, { book_uuid: book.uuid })).statusCode).toBe(400);
  });
});

describe(`the coin report counts them (${TEST_DIALECT})`, () => {
  it('counts rentals, auto-unlocks (less those undone) and unlock all as coins spent and unlocks of the book', async () => {
    const start = new Date(Date.now() - 1000).toISOString();
    const small = await createBook(ctx, { chapters: 4, freeChapters: 1, pagesPerChapter: 1 });
    await sellChapters(ctx, small, { price: 30 });
    await ctx.db.updateTable('books').set({ rental_price: 10, rental_days: 3 }).where('id', '=', small.id).execute();
    const reader = await readerWithCoins(ctx, 200);
    expect((await rent(reader, chapter(2, small))).statusCode).toBe(200);
    await setAuto(reader, { book_uuid: small.uuid, enabled: true, cap: 100 });
    expect((await autoUnlock(reader, chapter(2, small))).json().data.result.unlocked.coins).toBe(30);
    expect((await undo(reader, chapter(3, small))).statusCode).toBe(200);
    // Chapters 3 and 4 (2 is rented: readable).
    expect((await unlockAll(reader, 60, small)).statusCode).toBe(200);
    const report = await ctx.app.inject({
      url: `/api/v1/admin/reports/coins?from=${encodeURIComponent(start)}`,
      headers: authHeader(admin),
    });
    expect(report.statusCode, report.body).toBe(200);
    const line = (report.json().data.books as { book_uuid: string }[]).find((row) => row.book_uuid === small.uuid);
    // 10 (rental) + 30 (auto-unlock) − 30 (undone) + 60 (unlock all); the rental and two chapters held.
    expect(line).toMatchObject({ unlocks: 3, free_unlocks: 0, coins_spent: 70 });
  });
});
