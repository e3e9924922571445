import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCoinLedger } from '../src/modules/coins/coin-ledger.js';
import { createEarlyAccess, EARLY_ACCESS_END_JOB } from '../src/modules/coins/early-access.js';
import { CATALOGUE_VERSION_KEY } from '../src/modules/catalogue/catalogue-version.repository.js';
import { CONTENT_PROBES } from './helpers/content-urls.js';
import { makeFeedKey } from './helpers/feed-keys.js';
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
import { authHeader, createBook, createUser, grantMembership, type TestBook, type TestUser } from './helpers/factories.js';
import { TEST_DIALECT, type TestContext } from './helpers/test-context.js';
import { until } from './helpers/until.js';

/**
 * Coins (issue 42, docs/PAYMENTS.md "Coins"): packs bought through the sandbox rail, unlocks,
 * wait-for-free, refunds of partly spent packs and bonus expiry, on the run's database. The figures
 * are written out: a 100-coin pack, chapters at 30 coins (chapter 4 at 50), a 23-hour wait.
 */
const HOUR = 3_600_000;
let ctx: TestContext;
let admin: TestUser;
let book: TestBook;

beforeAll(async () => {
  ({ ctx, admin } = await createAdminContext());
  // Chapter 1 free; 2, 3, 5, 6 at 30 coins, 4 at 50.
  book = await createBook(ctx, { chapters: 6, freeChapters: 1, pagesPerChapter: 1 });
}, 60_000);
afterAll(() => ctx?.close());

const chapter = (number: number) => book.chapters[number - 1]!.uuid;
const code = (response: { json: () => { code?: string } }) => response.json().code;

describe(`coins are off until the operator turns them on (${TEST_DIALECT})`, () => {
  it('changes nothing on the existing calls and offers nothing on the new ones', async () => {
    await sellChapters(ctx, book, { price: 30, chapterPrices: { 4: 50 } });
    const reader = await createUser(ctx);
    const config = await ctx.app.inject({ url: '/api/v1/config/public' });
    expect(config.json().data.result.coins).toEqual({ enabled: false, packs: [] });
    const locked = await readChapter(ctx, reader, chapter(2));
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).not.toHaveProperty('unlock');
    expect(code(await unlock(ctx, reader, { chapter_uuid: chapter(2) }))).toBe('UNLOCK_NOT_OFFERED');
    const pack = await createPack(ctx, { coins: 100, priceFen: 600 });
    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payment/wechat/payment/china_book_membership/create',
      headers: authHeader(reader),
      payload: { pack },
    });
    expect([order.statusCode, code(order)]).toEqual([400, 'INVALID_PLAN']);
    expect((await walletOf(ctx, reader)).balance).toBe(0);
    await turnCoinsOn(ctx, admin);
  });
});

describe(`buying and spending coins (${TEST_DIALECT})`, () => {
  let reader: TestUser;
  let pack100: number;

  beforeAll(async () => {
    pack100 = await createPack(ctx, { coins: 100, priceFen: 600 });
    reader = await createUser(ctx);
  });

  it('lists the packs on sale and credits a bought pack, with a history entry', async () => {
    const config = async () => (await ctx.app.inject({ url: '/api/v1/config/public' })).json().data.result.coins;
    // The public config is kept 2 s on each node: the change shows once that copy is stale.
    await until(async () => (await config()).enabled === true);
    const packs = await config();
    expect(packs.packs).toContainEqual({
      id: pack100,
      coins: 100,
      bonus_coins: 0,
      price_fen: 600,
      bonus_expiry_days: null,
      stripe_buy_button: null,
    });
    const orderId = await buyPack(ctx, reader, pack100);
    const sandbox = await ctx.app.inject({ url: `/api/v1/payment/sandbox/orders/${orderId}`, headers: authHeader(reader) });
    expect(sandbox.json().data.result).toMatchObject({ plan: 'coins', months: 0, coins: 100, amount_fen: 600 });
    const wallet = await walletOf(ctx, reader);
    expect(wallet.balance).toBe(100);
    expect(wallet.history).toMatchObject([{ kind: 'purchase', coins: 100, balance_after: 100, order_id: orderId }]);
  });

  it('tells a refused reader what unlocking costs, and a visitor too', async () => {
    const locked = await readChapter(ctx, reader, chapter(4));
    expect(locked.statusCode).toBe(403);
    expect(locked.json().unlock).toEqual({ price: 50, balance: 100, free_unlock_at: null });
    expect((await readChapter(ctx, null, chapter(2))).json().unlock).toEqual({ price: 30, balance: null, free_unlock_at: null });
  });

  it('unlocks a chapter for good: readable, the coins spent, explained in the history', async () => {
    const response = await unlock(ctx, reader, { chapter_uuid: chapter(2) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.result).toEqual({ unlocked: [chapter(2)], balance: 70 });
    expect((await readChapter(ctx, reader, chapter(2))).statusCode).toBe(200);
    expect((await readChapter(ctx, reader, chapter(3))).statusCode).toBe(403);
    const wallet = await walletOf(ctx, reader);
    expect(wallet.history[0]).toMatchObject({ kind: 'unlock', coins: -30, balance_after: 70, chapter_uuid: chapter(2) });
    const held = await ctx.app.inject({ url: `/api/v1/user/book/unlocks?book_uuid=${book.uuid}`, headers: authHeader(reader) });
    expect(held.json().data.result).toMatchObject({
      offered: true,
      price: 30,
      balance: 70,
      unlocked: [chapter(2)],
      chapter_prices: { [chapter(4)]: 50 },
    });
  });

  it('refuses what cannot be unlocked, with stable codes and no coin moved', async () => {
    const cases: [unknown, number, string][] = [
      [{ chapter_uuid: chapter(2) }, 409, 'ALREADY_READABLE'],
      [{ chapter_uuid: chapter(1) }, 409, 'ALREADY_READABLE'],
      [{ chapter_uuid: '00000000-0000-4000-8000-000000000000' }, 404, 'CHAPTER_NOT_FOUND'],
      [{ chapter_uuid: chapter(3), count: 0 }, 400, 'VALIDATION_FAILED'],
      [{ chapter_uuid: chapter(3), count: -1 }, 400, 'VALIDATION_FAILED'],
      [{ chapter_uuid: chapter(3), count: 11 }, 400, 'VALIDATION_FAILED'],
      [{ chapter_uuid: chapter(3), count: 1e12 }, 400, 'VALIDATION_FAILED'],
      [{ chapter_uuid: chapter(3), count: 'all' }, 400, 'VALIDATION_FAILED'],
      [{ chapter_uuid: 'not-a-uuid' }, 400, 'VALIDATION_FAILED'],
      [{}, 400, 'VALIDATION_FAILED'],
      // 30 + 50 + 30 + 30 = 140 coins for chapters 3 to 6, the wallet holds 70.
      [{ chapter_uuid: chapter(3), count: 4 }, 402, 'INSUFFICIENT_COINS'],
    ];
    for (const [payload, status, expected] of cases) {
      const response = await unlock(ctx, reader, payload);
      expect([response.statusCode, code(response)], JSON.stringify(payload)).toEqual([status, expected]);
    }
    const short = await unlock(ctx, reader, { chapter_uuid: chapter(3), count: 4 });
    expect(short.json()).toMatchObject({ balance: 70, price: 140 });
    expect(await walletOf(ctx, reader)).toMatchObject({ balance: 70 });
    expect((await unlock(ctx, null, { chapter_uuid: chapter(3) })).statusCode).toBe(401);
    const other = await createBook(ctx, { chapters: 2, freeChapters: 1, pagesPerChapter: 1 });
    expect(code(await unlock(ctx, reader, { chapter_uuid: other.chapters[1]!.uuid }))).toBe('UNLOCK_NOT_OFFERED');
    expect(await ctx.db.selectFrom('chapter_grants').select('id').where('user_id', '=', reader.id).execute()).toHaveLength(1);
  });

  it('unlocks the next chapters in reading order, skipping those the reader holds, all or none', async () => {
    const buyer = await readerWithCoins(ctx, 200);
    expect((await unlock(ctx, buyer, { chapter_uuid: chapter(3) })).json().data.result.balance).toBe(170);
    // From chapter 2, three chapters: 2, then 4 and 5 (3 is held): 30 + 50 + 30.
    const response = await unlock(ctx, buyer, { chapter_uuid: chapter(2), count: 3 });
    expect(response.json().data.result).toEqual({ unlocked: [chapter(2), chapter(4), chapter(5)], balance: 60 });
    // Only chapter 6 is left: asking for ten unlocks the one there is.
    expect((await unlock(ctx, buyer, { chapter_uuid: chapter(6), count: 10 })).json().data.result).toEqual({
      unlocked: [chapter(6)],
      balance: 30,
    });
    for (const number of [2, 3, 4, 5, 6]) expect((await readChapter(ctx, buyer, chapter(number))).statusCode).toBe(200);
  });

  it('never charges a member for what the membership covers, nor an administrator', async () => {
    const member = await readerWithCoins(ctx, 100);
    await grantMembership(ctx, member.id, { days: 30 });
    expect(code(await unlock(ctx, member, { chapter_uuid: chapter(2) }))).toBe('ALREADY_READABLE');
    expect(code(await unlock(ctx, admin, { chapter_uuid: chapter(2) }))).toBe('ALREADY_READABLE');
    expect((await walletOf(ctx, member)).balance).toBe(100);
  });

  it('keeps an unlock after a membership ends', async () => {
    const lapsed = await readerWithCoins(ctx, 100);
    await grantMembership(ctx, lapsed.id, { days: 10, startDaysAgo: 40 });
    expect(code(await readChapter(ctx, lapsed, chapter(2)))).toBe('MEMBERSHIP_EXPIRED');
    expect((await unlock(ctx, lapsed, { chapter_uuid: chapter(2) })).statusCode).toBe(200);
    expect((await readChapter(ctx, lapsed, chapter(2))).statusCode).toBe(200);
  });
});

describe(`two devices at once (${TEST_DIALECT})`, () => {
  it('spend once for one chapter: one unlock, the others told it is readable', async () => {
    const reader = await readerWithCoins(ctx, 100);
    const answers = await Promise.all(Array.from({ length: 8 }, () => unlock(ctx, reader, { chapter_uuid: chapter(2) })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect((await walletOf(ctx, reader)).balance).toBe(70);
    const grants = await ctx.db.selectFrom('chapter_grants').select('id').where('user_id', '=', reader.id).execute();
    expect(grants).toHaveLength(1);
  });

  it('never spend more than the balance: with 100 coins, three of five 30-coin chapters', async () => {
    const reader = await readerWithCoins(ctx, 100);
    const answers = await Promise.all([2, 3, 5, 6, 2].map((n) => unlock(ctx, reader, { chapter_uuid: chapter(n) })));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 402 || s === 409)).toBe(true);
    const wallet = await walletOf(ctx, reader);
    expect(wallet.balance).toBe(10);
    expect(wallet.history.map((entry) => entry.balance_after)).toEqual([10, 40, 70, 100]);
  });

  it('take one free unlock when it is ready, however many are asked at once', async () => {
    const waiting = await createBook(ctx, { chapters: 4, freeChapters: 1, pagesPerChapter: 1 });
    await sellChapters(ctx, waiting, { price: 30, waitFreeHours: 23 });
    const reader = await createUser(ctx);
    const answers = await Promise.all(Array.from({ length: 5 }, () => unlockFree(ctx, reader, waiting.uuid)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429, 429, 429, 429]);
  });

  it('a pack refunded while its coins are being spent: every unlock it paid for locks again, nothing is left', async () => {
    const reader = await createUser(ctx);
    const pack = await createPack(ctx, { coins: 100, priceFen: 600 });
    const order = await buyPack(ctx, reader, pack);
    const refunding = ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order}/refund`,
      headers: authHeader(admin),
      payload: { reason: 'asked by the reader' },
    });
    const unlocks = [2, 3, 5].map((n) => unlock(ctx, reader, { chapter_uuid: chapter(n) }));
    const [refunded, ...spent] = await Promise.all([refunding, ...unlocks]);
    expect(refunded.statusCode, refunded.body).toBe(200);
    // Each unlock ran before the refund (and was reversed by it) or after it (no coins: 402).
    expect(spent.every((answer) => answer.statusCode === 200 || answer.statusCode === 402)).toBe(true);
    const wallet = await walletOf(ctx, reader);
    expect(wallet.balance).toBe(0);
    // The history adds up: each entry's balance is the one before it plus its coins.
    const oldestFirst = [...wallet.history].reverse();
    oldestFirst.forEach((entry, at) => expect(entry.balance_after).toBe((oldestFirst[at - 1]?.balance_after ?? 0) + entry.coins));
    for (const number of [2, 3, 5]) expect((await readChapter(ctx, reader, chapter(number))).statusCode).toBe(403);
  });
});

describe(`wait-for-free (${TEST_DIALECT})`, () => {
  let waiting: TestBook;
  beforeAll(async () => {
    waiting = await createBook(ctx, { chapters: 5, freeChapters: 1, pagesPerChapter: 1 });
    await sellChapters(ctx, waiting, { price: 30, waitFreeHours: 23 });
  });
  /** Moves the reader's free unlocks of this book `hours` into the past, as waiting would. */
  const wait = (reader: TestUser, hours: number) =>
    ctx.db
      .updateTable('chapter_grants')
      .set((eb) => ({ granted_at: eb('granted_at', '-', hours * HOUR) }))
      .where('user_id', '=', reader.id)
      .where('kind', '=', 'wait_free')
      .execute();

  it('opens the first locked chapter, then every 23 hours the next one, never skipping a locked chapter', async () => {
    const reader = await readerWithCoins(ctx, 100);
    // Chapter 2 bought with coins: the free unlocks go to 3, then 4.
    expect((await unlock(ctx, reader, { chapter_uuid: waiting.chapters[1]!.uuid })).statusCode).toBe(200);
    const before = await ctx.app.inject({ url: `/api/v1/user/book/unlocks?book_uuid=${waiting.uuid}`, headers: authHeader(reader) });
    expect(before.json().data.result).toMatchObject({ wait_free_hours: 23, free_unlock_chapter_uuid: waiting.chapters[2]!.uuid });
    expect(Date.parse(before.json().data.result.free_unlock_at)).toBeLessThanOrEqual(Date.now());

    const started = Date.now();
    const first = await unlockFree(ctx, reader, waiting.uuid);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.result.chapter_uuid).toBe(waiting.chapters[2]!.uuid);
    const nextAt = Date.parse(first.json().data.result.next_free_at);
    expect(nextAt - started).toBeGreaterThanOrEqual(23 * HOUR - 1000);
    expect(nextAt - Date.now()).toBeLessThanOrEqual(23 * HOUR);
    expect((await readChapter(ctx, reader, waiting.chapters[2]!.uuid)).statusCode).toBe(200);

    const early = await unlockFree(ctx, reader, waiting.uuid);
    expect([early.statusCode, code(early)]).toEqual([429, 'FREE_UNLOCK_NOT_READY']);
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(22 * 3600);
    expect(Date.parse(early.json().free_unlock_at)).toBe(nextAt);
    const locked = await readChapter(ctx, reader, waiting.chapters[3]!.uuid);
    expect(Date.parse(locked.json().unlock.free_unlock_at)).toBe(nextAt);

    await wait(reader, 22);
    expect((await unlockFree(ctx, reader, waiting.uuid)).statusCode).toBe(429);
    await wait(reader, 1);
    const second = await unlockFree(ctx, reader, waiting.uuid);
    expect(second.json().data.result.chapter_uuid).toBe(waiting.chapters[3]!.uuid);
    expect((await walletOf(ctx, reader)).balance).toBe(70);
  });

  it('says when nothing is left to unlock, and refuses a book without free unlocks', async () => {
    const member = await createUser(ctx);
    await grantMembership(ctx, member.id, { days: 30 });
    expect(code(await unlockFree(ctx, member, waiting.uuid))).toBe('NOTHING_TO_UNLOCK');
    expect(code(await unlockFree(ctx, member, book.uuid))).toBe('UNLOCK_NOT_OFFERED');
    expect(code(await unlockFree(ctx, member, '00000000-0000-4000-8000-000000000000'))).toBe('BOOK_NOT_FOUND');
  });
});

describe(`refunds and expiry (${TEST_DIALECT})`, () => {
  const refund = (orderId: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderId}/refund`,
      headers: authHeader(admin),
      payload: { reason: 'asked by the reader' },
    });

  it('takes back a partly spent pack: its coins left, and the unlocks its coins paid for, returning the other pack’s share', async () => {
    const reader = await createUser(ctx);
    const pack = await createPack(ctx, { coins: 100, priceFen: 600 });
    const first = await buyPack(ctx, reader, pack);
    const second = await buyPack(ctx, reader, pack);
    // From the first pack (oldest first): 30 (ch. 2), 30 (ch. 3), then 40 + 10 from the second for ch. 4 (50).
    expect((await unlock(ctx, reader, { chapter_uuid: chapter(2), count: 3 })).json().data.result.balance).toBe(90);
    const refunded = await refund(first);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const wallet = await walletOf(ctx, reader);
    // The second pack's 10 coins of chapter 4 come back: 90 + 10. Each chapter's price goes back to
    // the lots that paid it (a row naming the chapter, never 0 coins), then the first pack's 100 go.
    expect(wallet.balance).toBe(100);
    expect(wallet.history.slice(0, 4).map((entry) => [entry.kind, entry.coins])).toEqual([
      ['refund', -100],
      ['reversal', 50],
      ['reversal', 30],
      ['reversal', 30],
    ]);
    for (const number of [2, 3, 4]) expect((await readChapter(ctx, reader, chapter(number))).statusCode).toBe(403);
    // A second refund of the same order changes nothing.
    expect((await refund(first)).statusCode).toBe(409);
    expect((await walletOf(ctx, reader)).balance).toBe(100);
    // The untouched second pack: its coins go, nothing else.
    expect((await refund(second)).statusCode).toBe(200);
    const after = await walletOf(ctx, reader);
    expect(after.balance).toBe(0);
    expect(after.history[0]).toMatchObject({ kind: 'refund', coins: -100, balance_after: 0, order_id: second });
  });

  it('spends bonus coins before they expire, and lets the rest expire with an entry', async () => {
    const reader = await createUser(ctx);
    const pack = await createPack(ctx, { coins: 100, bonus: 50, priceFen: 600, bonusExpiryDays: 30 });
    await buyPack(ctx, reader, pack);
    const wallet = await walletOf(ctx, reader);
    expect(wallet.balance).toBe(150);
    expect(wallet.history.map((entry) => [entry.kind, entry.coins, entry.balance_after])).toEqual([
      ['bonus', 50, 150],
      ['purchase', 100, 100],
    ]);
    expect(wallet.expiring).toHaveLength(1);
    expect(wallet.expiring[0]!.coins).toBe(50);
    const expiresAt = Date.parse(wallet.expiring[0]!.expires_at);
    expect(expiresAt - Date.now()).toBeGreaterThan(29.9 * 24 * HOUR);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(30 * 24 * HOUR);
    // 30 coins come from the bonus first: 20 bonus coins are left to expire.
    await unlock(ctx, reader, { chapter_uuid: chapter(2) });
    const lots = await ctx.db
      .selectFrom('coin_lots')
      .select(['source', 'remaining'])
      .where('user_id', '=', reader.id)
      .orderBy('id')
      .execute();
    expect(lots).toEqual([
      { source: 'purchase', remaining: 100 },
      { source: 'bonus', remaining: 20 },
    ]);
    // 31 days later, the housekeeping pass empties the bonus.
    const later = createCoinLedger({ now: () => Date.now() + 31 * 24 * HOUR });
    expect(await later.expireDue(ctx.db)).toBeGreaterThanOrEqual(1);
    const expired = await walletOf(ctx, reader);
    expect(expired.balance).toBe(100);
    expect(expired.history[0]).toMatchObject({ kind: 'expiry', coins: -20, balance_after: 100 });
    expect(expired.expiring).toEqual([]);
  });
});

describe(`early access (${TEST_DIALECT})`, () => {
  let early: TestBook;
  const admin_ = (method: 'POST' | 'PATCH', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1/admin${url}`, headers: authHeader(admin), ...(payload ? { payload } : {}) });
  const listed = async () =>
    (await ctx.app.inject({ url: `/api/v1/comics/chapters/${early.uuid}/en-us/asc/0/20` })).json().data.result.chapters as {
      chapter_number: number;
      early_access_until?: string;
    }[];
  const ea = (number: number) => early.chapters[number - 1]!.uuid;

  beforeAll(async () => {
    // Chapter 1 free; 5 and 6 come out later, one at a time, with one chapter ahead for 48 hours.
    early = await createBook(ctx, { chapters: 6, freeChapters: 1, pagesPerChapter: 1 });
    for (const number of [5, 6]) expect((await admin_('POST', `/chapters/${ea(number)}/unpublish`)).statusCode).toBe(200);
    const set = await admin_('PATCH', `/books/${early.uuid}/unlocks`, { coin_price: 30, early_access_count: 1, early_access_hours: 48 });
    expect(set.json().data).toEqual({
      coin_price: 30,
      wait_free_hours: null,
      early_access_count: 1,
      early_access_hours: 48,
      early_access_members: false,
      rental_price: null,
      rental_days: null,
    });
  });

  it('opens a new chapter to coin unlocks only, for 48 hours, and says so in the chapter list', async () => {
    const before = Date.now();
    expect((await admin_('POST', `/chapters/${ea(5)}/publish`)).statusCode).toBe(200);
    const until = Date.parse((await listed()).find((c) => c.chapter_number === 5)!.early_access_until!);
    expect(until - before).toBeGreaterThanOrEqual(48 * HOUR - 1000);
    expect(until - Date.now()).toBeLessThanOrEqual(48 * HOUR);
    expect((await listed()).filter((c) => c.early_access_until).map((c) => c.chapter_number)).toEqual([5]);

    const member = await readerWithCoins(ctx, 100);
    await grantMembership(ctx, member.id, { days: 30 });
    expect((await readChapter(ctx, member, ea(4))).statusCode).toBe(200);
    const locked = await readChapter(ctx, member, ea(5));
    expect([locked.statusCode, code(locked)]).toEqual([403, 'EARLY_ACCESS']);
    expect(locked.json().unlock).toMatchObject({ price: 30, balance: 100 });
    // Members pay coins to read ahead: the membership does not cover it yet.
    expect((await unlock(ctx, member, { chapter_uuid: ea(5) })).json().data.result).toEqual({ unlocked: [ea(5)], balance: 70 });
    expect((await readChapter(ctx, member, ea(5))).statusCode).toBe(200);
  });

  it('keeps every content URL closed to a member while a chapter is in early access', async () => {
    const member = await createUser(ctx);
    await grantMembership(ctx, member.id, { days: 30 });
    const reader = { name: 'member', user: { ...member, feedKey: (await makeFeedKey(ctx, member)).key } };
    const probed = { book: early, index: 4, kind: 'comic' as const };
    const served: string[] = [];
    for (const probe of CONTENT_PROBES.filter((p) => p.appliesTo === 'comic')) {
      if ((await probe.probe(ctx, reader, probed)).served) served.push(probe.name);
    }
    expect(served).toEqual([]);
  });

  it('keeps only the newest chapter ahead: publishing the next ends the previous one’s early access', async () => {
    expect((await admin_('POST', `/chapters/${ea(6)}/publish`)).statusCode).toBe(200);
    expect((await listed()).filter((c) => c.early_access_until).map((c) => c.chapter_number)).toEqual([6]);
    const member = await createUser(ctx);
    await grantMembership(ctx, member.id, { days: 30 });
    expect((await readChapter(ctx, member, ea(5))).statusCode).toBe(200);
    expect(code(await readChapter(ctx, member, ea(6)))).toBe('EARLY_ACCESS');
    // Wait-for-free never opens a chapter ahead.
    await admin_('PATCH', `/books/${early.uuid}/unlocks`, { wait_free_hours: 23 });
    const reader = await readerWithCoins(ctx, 200);
    expect((await unlock(ctx, reader, { chapter_uuid: ea(2), count: 4 })).json().data.result.unlocked).toEqual([
      ea(2),
      ea(3),
      ea(4),
      ea(5),
    ]);
    expect(code(await unlockFree(ctx, reader, early.uuid))).toBe('NOTHING_TO_UNLOCK');
    // The operator includes members: they read it now.
    await admin_('PATCH', `/books/${early.uuid}/unlocks`, { early_access_members: true });
    expect((await readChapter(ctx, member, ea(6))).statusCode).toBe(200);
    await admin_('PATCH', `/books/${early.uuid}/unlocks`, { early_access_members: false });
  });

  it('never starts on a book a reader cannot unlock (membership only)', async () => {
    const plain = await createBook(ctx, { chapters: 3, freeChapters: 1, pagesPerChapter: 1 });
    await admin_('POST', `/chapters/${plain.chapters[2]!.uuid}/unpublish`);
    await admin_('PATCH', `/books/${plain.uuid}/unlocks`, { early_access_count: 2 });
    expect((await admin_('POST', `/chapters/${plain.chapters[2]!.uuid}/publish`)).statusCode).toBe(200);
    const row = await ctx.db
      .selectFrom('chapters')
      .select('early_access_until')
      .where('id', '=', plain.chapters[2]!.id)
      .executeTakeFirstOrThrow();
    expect(row.early_access_until).toBeNull();
  });

  it('ends at its time, once: the job clears the mark and moves the catalogue version', async () => {
    const job = await ctx.db
      .selectFrom('jobs')
      .select(['payload'])
      .where('kind', '=', EARLY_ACCESS_END_JOB)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const payload = JSON.parse(job.payload) as { chapter_uuid: string; until: number };
    expect(payload.chapter_uuid).toBe(ea(6));
    const member = await createUser(ctx);
    await grantMembership(ctx, member.id, { days: 30 });
    // Its time comes (the rule compares the time itself: no node waits for the job).
    const past = Date.now() - 1000;
    await ctx.db.updateTable('chapters').set({ early_access_until: past }).where('uuid', '=', ea(6)).execute();
    expect((await readChapter(ctx, member, ea(6))).statusCode).toBe(200);
    const version = async () =>
      (await ctx.db.selectFrom('app_state').select('value').where('state_key', '=', CATALOGUE_VERSION_KEY).executeTakeFirst())?.value;
    const end = createEarlyAccess({
      domainEvents: ctx.app.domainEvents,
      jobs: { enqueue: async () => 'unused' },
      coinsOn: async () => true,
    });
    const before = await version();
    const runs = await Promise.all(
      [0, 1, 2].map(() => ctx.app.domainEvents.transact((trx) => end.runEnd(trx, { ...payload, until: past }))),
    );
    expect(runs.filter((run) => run.ended)).toHaveLength(1);
    expect(await version()).not.toBe(before);
    expect((await listed()).filter((c) => c.early_access_until)).toEqual([]);
    // The job scheduled for a time that no longer holds does nothing.
    expect((await ctx.app.domainEvents.transact((trx) => end.runEnd(trx, payload))).ended).toBe(false);
  });
});
