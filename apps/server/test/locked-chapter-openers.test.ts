import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminContext } from './helpers/admin-context.js';
import { readChapter, readerWithCoins, sellChapters, turnCoinsOn, unlockFree } from './helpers/coin-flows.js';
import { authHeader, createBook, createUser, grantMembership, nextClientIp, type TestBook, type TestUser } from './helpers/factories.js';
import { TEST_DIALECT, type TestContext } from './helpers/test-context.js';
import { until } from './helpers/until.js';

/**
 * Issue 56: a locked chapter's 403 says what opens it (`opened_by`: membership, coins, both) and,
 * in early access, until when, so the reader's screen never offers what would not open it; and a
 * free unlock asked from a chapter opens that chapter or nothing (it once opened chapter 11 from
 * chapter 100). Books of 6 chapters, chapter 1 free, sold at 30 coins; chapter 6 in early access
 * for two days, set straight on the row (publishing into early access is tested in coins.test.ts).
 */
const HOUR = 3_600_000;
let ctx: TestContext;
let admin: TestUser;
/** Early access keeps members out (they unlock with coins too). */
let excluding: TestBook;
/** Early access lets members read. */
let including: TestBook;
/** Sold chapter by chapter, no early access, one free unlock every 23 hours. */
let waiting: TestBook;
/** Membership only. */
let plain: TestBook;
const earlyUntil = Date.now() + 48 * HOUR;

async function putInEarlyAccess(book: TestBook, number: number, members: boolean) {
  await ctx.db
    .updateTable('books')
    .set({ early_access_members: members ? 1 : 0 })
    .where('id', '=', book.id)
    .execute();
  await ctx.db
    .updateTable('chapters')
    .set({ early_access_until: earlyUntil })
    .where('id', '=', book.chapters[number - 1]!.id)
    .execute();
}

beforeAll(async () => {
  ({ ctx, admin } = await createAdminContext());
  await turnCoinsOn(ctx, admin);
  const made = await Promise.all([0, 1, 2, 3].map(() => createBook(ctx, { chapters: 6, freeChapters: 1, pagesPerChapter: 1 })));
  [excluding, including, waiting, plain] = made as [TestBook, TestBook, TestBook, TestBook];
  await sellChapters(ctx, excluding, { price: 30, waitFreeHours: 23 });
  await sellChapters(ctx, including, { price: 30 });
  await sellChapters(ctx, waiting, { price: 30, waitFreeHours: 23 });
  await putInEarlyAccess(excluding, 6, false);
  await putInEarlyAccess(including, 6, true);
  // Site settings are trusted for 2 s: wait until the refusals carry the coin offer.
  const probe = await createUser(ctx);
  await until(async () => (await readChapter(ctx, probe, excluding.chapters[1]!.uuid)).json().unlock !== undefined);
}, 60_000);
afterAll(() => ctx?.close());

const chapter = (book: TestBook, number: number) => book.chapters[number - 1]!.uuid;
const refusal = async (user: TestUser | null, uuid: string) => {
  const response = await readChapter(ctx, user, uuid);
  expect(response.statusCode, response.body).toBe(403);
  return response.json() as { code: string; opened_by: string[]; early_access_until?: string; unlock?: Record<string, unknown> };
};
const member = async () => {
  const user = await readerWithCoins(ctx, 10);
  await grantMembership(ctx, user.id, { days: 30 });
  return user;
};

describe(`what opens a locked chapter, as its 403 says (${TEST_DIALECT})`, () => {
  it('early access keeping members out: coins only, until when, for a member, a reader and a visitor', async () => {
    const uuid = chapter(excluding, 6);
    for (const [who, user] of [
      ['member', await member()],
      ['reader', await createUser(ctx)],
      ['visitor', null],
    ] as const) {
      const body = await refusal(user, uuid);
      expect([body.code, body.opened_by], who).toEqual(['EARLY_ACCESS', ['coins']]);
      expect(Date.parse(body.early_access_until!), who).toBe(earlyUntil);
      expect(body.unlock, who).toMatchObject({ price: 30 });
    }
  });

  it('early access letting members in: membership or coins for a reader; a member reads it', async () => {
    const uuid = chapter(including, 6);
    const body = await refusal(await createUser(ctx), uuid);
    expect([body.code, body.opened_by]).toEqual(['EARLY_ACCESS', ['membership', 'coins']]);
    expect(Date.parse(body.early_access_until!)).toBe(earlyUntil);
    expect((await readChapter(ctx, await member(), uuid)).statusCode).toBe(200);
  });

  it('a paid chapter out of early access: membership or coins where the book sells chapters, membership alone where not', async () => {
    const reader = await createUser(ctx);
    const sold = await refusal(reader, chapter(including, 2));
    expect([sold.code, sold.opened_by, sold.early_access_until]).toEqual(['MEMBERSHIP_REQUIRED', ['membership', 'coins'], undefined]);
    const membersOnly = await refusal(reader, chapter(plain, 2));
    expect([membersOnly.code, membersOnly.opened_by, membersOnly.unlock]).toEqual(['MEMBERSHIP_REQUIRED', ['membership'], undefined]);
    const lapsed = await createUser(ctx);
    await grantMembership(ctx, lapsed.id, { days: 30, startDaysAgo: 31 });
    expect((await refusal(lapsed, chapter(plain, 2))).opened_by).toEqual(['membership']);
  });
});

describe(`wait-for-free opens only the chapter it names (${TEST_DIALECT})`, () => {
  const freeUnlock = (user: TestUser, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/comics/chapter/unlock_free',
      headers: authHeader(user),
      payload,
      remoteAddress: nextClientIp(),
    });

  it('offers the free unlock on the chapter it opens only, never on an early-access chapter', async () => {
    const reader = await createUser(ctx);
    // The free unlock is ready and opens chapter 2, the first locked one: chapter 6 (early access) never.
    expect((await refusal(reader, chapter(excluding, 6))).unlock).toMatchObject({ free_unlock_at: null });
    expect((await refusal(reader, chapter(excluding, 3))).unlock).toMatchObject({ free_unlock_at: null });
    const first = (await refusal(reader, chapter(excluding, 2))).unlock!;
    expect(Date.parse(first.free_unlock_at as string)).toBeLessThanOrEqual(Date.now());
  });

  it('refuses a free unlock asked from another chapter, unlocking nothing, and opens the one it names', async () => {
    const reader = await createUser(ctx);
    for (const number of [6, 3]) {
      const other = await freeUnlock(reader, { book_uuid: excluding.uuid, chapter_uuid: chapter(excluding, number) });
      expect([other.statusCode, other.json().code], `chapter ${number}`).toEqual([409, 'FREE_UNLOCK_OTHER_CHAPTER']);
    }
    const elsewhere = await freeUnlock(reader, { book_uuid: excluding.uuid, chapter_uuid: chapter(waiting, 2) });
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([409, 'FREE_UNLOCK_OTHER_CHAPTER']);
    for (const number of [2, 3, 6]) expect((await readChapter(ctx, reader, chapter(excluding, number))).statusCode).toBe(403);

    const named = await freeUnlock(reader, { book_uuid: excluding.uuid, chapter_uuid: chapter(excluding, 2) });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().data.result.chapter_uuid).toBe(chapter(excluding, 2));
    expect((await readChapter(ctx, reader, chapter(excluding, 2))).statusCode).toBe(200);
  });

  it('keeps the unnamed call as it was: the first locked chapter', async () => {
    const reader = await createUser(ctx);
    const answer = await unlockFree(ctx, reader, waiting.uuid);
    expect(answer.json().data.result.chapter_uuid).toBe(chapter(waiting, 2));
  });

  it('takes one free unlock when named and unnamed calls race from several devices', async () => {
    const reader = await createUser(ctx);
    const answers = await Promise.all([
      ...Array.from({ length: 3 }, () => freeUnlock(reader, { book_uuid: excluding.uuid, chapter_uuid: chapter(excluding, 2) })),
      ...Array.from({ length: 2 }, () => freeUnlock(reader, { book_uuid: excluding.uuid })),
      freeUnlock(reader, { book_uuid: excluding.uuid, chapter_uuid: chapter(excluding, 3) }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(
      statuses.filter((status) => status === 200),
      answers.map((answer) => answer.body).join('\n'),
    ).toHaveLength(1);
    // The others: the unlock was just taken (429, its wait starts again), or chapter 3 is not the one it opens (409).
    expect(statuses.every((status) => status === 200 || status === 409 || status === 429)).toBe(true);
    const grants = await ctx.db
      .selectFrom('chapter_grants')
      .innerJoin('chapters', 'chapters.id', 'chapter_grants.chapter_id')
      .select('chapters.uuid')
      .where('chapter_grants.user_id', '=', reader.id)
      .execute();
    expect(grants.map((grant) => grant.uuid)).toEqual([chapter(excluding, 2)]);
    expect((await readChapter(ctx, reader, chapter(excluding, 3))).statusCode).toBe(403);
  });
});
