import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertChapter } from '../src/modules/catalogue/catalogue-write.repository.js';
import { insertGrantOnce } from '../src/modules/membership/membership.repository.js';
import { adminCli } from './helpers/admin-cli.js';
import { readChapter, readerWithCoins, sellChapters, turnCoinsOn, unlock } from './helpers/coin-flows.js';
import { bookChanged, authHeader, createBook, createUser, nextClientIp, type TestBook, type TestUser } from './helpers/factories.js';
import { createQueryLog } from './helpers/query-log.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * Offline reading (issue 47): `POST /reader/offline/check` says what the access rule says now of
 * each chapter the web app saved, and until when. The figures are written out here: a book with one
 * free chapter and three paid ones; a membership that ends at MEMBER_END, a moment chosen for this
 * test; another that ended a week ago.
 */
const URL = '/api/v1/reader/offline/check';
const DAY = 86_400_000;
const MEMBER_END = '2097-05-14T09:26:53.000Z';

const queries = createQueryLog();
let ctx: TestContext;
let admin: TestUser;
/** Chapter 1 free; 2, 3 and 4 paid. */
let book: TestBook;
/** Chapter 1 free; 2 paid; 3 paid and in early access for two more days. */
let early: TestBook;
let draft: TestBook;
const scheduledUuid = randomUUID();

beforeAll(async () => {
  ctx = await createTestContext({}, { log: queries.logger });
  admin = await createUser(ctx, { role: 'admin' });
  book = await createBook(ctx, { chapters: 4, freeChapters: 1, pagesPerChapter: 1 });
  early = await createBook(ctx, { chapters: 3, freeChapters: 1, pagesPerChapter: 1 });
  await ctx.db
    .updateTable('chapters')
    .set({ early_access_until: Date.now() + 2 * DAY })
    .where('id', '=', early.chapters[2]!.id)
    .execute();
  // Not published in three ways: a book not published, a chapter scheduled, a chapter taken down.
  draft = await createBook(ctx, { chapters: 2, freeChapters: 1, pagesPerChapter: 1, isPublished: false });
  await insertChapter(ctx.db, {
    uuid: scheduledUuid,
    book_id: book.id,
    number: 5,
    is_published: false,
    publish_at: Date.now() + 2 * DAY,
    created_at: Date.now(),
    translations: [{ language: 'en-us', title: 'Scheduled' }],
    pages: [],
  });
  await bookChanged(ctx, book.id);
  const takenDown = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/admin/chapters/${book.chapters[3]!.uuid}/unpublish`,
    headers: authHeader(admin),
  });
  expect(takenDown.statusCode, takenDown.body).toBe(200);
}, 60_000);
afterAll(() => ctx?.close());

const check = (user: TestUser | null, payload: unknown, remoteAddress = nextClientIp()) =>
  ctx.app.inject({ method: 'POST', url: URL, headers: user ? authHeader(user) : {}, payload: payload as object, remoteAddress });

type Entry = { chapter_uuid: string; access: string; readable: boolean; readable_until: string | null };

/** The answer's entries for these chapters, after checking the envelope. */
async function entries(user: TestUser | null, chapters: string[]): Promise<Entry[]> {
  const response = await check(user, { chapters });
  expect(response.statusCode, response.body).toBe(200);
  const result = response.json().data.result as { checked_at: string; chapters: Entry[] };
  expect(result.chapters.map((entry) => entry.chapter_uuid)).toEqual(chapters);
  return result.chapters;
}

/** access, readable, readable_until of one chapter. */
async function one(user: TestUser | null, chapterUuid: string): Promise<[string, boolean, string | null]> {
  const [entry] = await entries(user, [chapterUuid]);
  expect(Object.keys(entry!).sort()).toEqual(['access', 'chapter_uuid', 'readable', 'readable_until']);
  return [entry!.access, entry!.readable, entry!.readable_until];
}

/** A standing membership grant from `from` to `to` (ISO), as the ledger stores one. */
async function grant(user: TestUser, from: number, to: string | number): Promise<void> {
  await insertGrantOnce(ctx.db, {
    user_id: user.id,
    source: 'admin',
    source_ref: randomUUID(),
    starts_at: from,
    ends_at: typeof to === 'string' ? Date.parse(to) : to,
    created_at: from,
    grant_months: null,
    grant_days: 1,
  });
}

/** A reader whose membership runs until MEMBER_END. */
async function member(): Promise<TestUser> {
  const user = await createUser(ctx);
  await grant(user, Date.now() - DAY, MEMBER_END);
  return user;
}

const chapter = (of: TestBook, number: number) => of.chapters[number - 1]!.uuid;

describe(`POST /reader/offline/check (${TEST_DIALECT})`, () => {
  it('lets a visitor read the free chapters only', async () => {
    expect(await one(null, chapter(book, 1))).toEqual(['free', true, null]);
    expect(await one(null, chapter(book, 2))).toEqual(['members_only', false, null]);
    // Issue 56: a visitor is told of the early access, as the chapter answer tells them.
    expect(await one(null, chapter(early, 3))).toEqual(['early_access', false, null]);
  });

  it('gives a member every paid chapter until the end of the membership', async () => {
    const reader = await member();
    expect(await one(reader, chapter(book, 2))).toEqual(['member', true, MEMBER_END]);
    expect(await one(reader, chapter(book, 1))).toEqual(['free', true, null]);
  });

  it('refuses a membership that ended, and a reader who never had one', async () => {
    const lapsed = await createUser(ctx);
    await grant(lapsed, Date.now() - 40 * DAY, Date.now() - 7 * DAY);
    expect(await one(lapsed, chapter(book, 2))).toEqual(['expired', false, null]);
    expect(await one(await createUser(ctx), chapter(book, 2))).toEqual(['members_only', false, null]);
  });

  it('keeps a chapter unlocked with coins readable after the membership ended, with no end', async () => {
    await turnCoinsOn(ctx, admin);
    await sellChapters(ctx, book, { price: 30 });
    const reader = await readerWithCoins(ctx, 100);
    const unlocked = await unlock(ctx, reader, { chapter_uuid: chapter(book, 3) });
    expect(unlocked.json().data.result.unlocked).toEqual([chapter(book, 3)]);
    await grant(reader, Date.now() - 40 * DAY, Date.now() - 7 * DAY);
    expect(await one(reader, chapter(book, 3))).toEqual(['granted', true, null]);
    expect(await one(reader, chapter(book, 2))).toEqual(['expired', false, null]);
  });

  it('keeps a chapter in early access from members unless the book includes them, then gives it until the membership ends', async () => {
    const reader = await member();
    expect(await one(reader, chapter(early, 3))).toEqual(['early_access', false, null]);
    expect(await one(reader, chapter(early, 2))).toEqual(['member', true, MEMBER_END]);
    await ctx.db.updateTable('books').set({ early_access_members: 1 }).where('id', '=', early.id).execute();
    try {
      expect(await one(reader, chapter(early, 3))).toEqual(['member', true, MEMBER_END]);
    } finally {
      await ctx.db.updateTable('books').set({ early_access_members: 0 }).where('id', '=', early.id).execute();
    }
  });

  it('lets an administrator read every published chapter, with no end', async () => {
    expect(await one(admin, chapter(book, 2))).toEqual(['admin', true, null]);
    expect(await one(admin, chapter(early, 3))).toEqual(['admin', true, null]);
  });

  it('takes a membership revoked with the admin command line away at once', async () => {
    const cli = adminCli(ctx);
    const once = await member();
    const renewed = await member();
    await grant(renewed, Date.now() - 60 * DAY, Date.now() - 30 * DAY);
    for (const reader of [once, renewed]) expect(await one(reader, chapter(book, 2))).toEqual(['member', true, MEMBER_END]);
    for (const reader of [once, renewed]) expect((await cli('membership', 'revoke', reader.username)).code).toBe(0);
    expect(await one(once, chapter(book, 2))).toEqual(['members_only', false, null]);
    expect(await one(renewed, chapter(book, 2))).toEqual(['expired', false, null]);
  });

  it('answers missing, and nothing else, alike for an unknown chapter and an unpublished one', async () => {
    const reader = await member();
    const unknown = randomUUID();
    const notPublished = [scheduledUuid, chapter(book, 4), chapter(draft, 1), chapter(draft, 2)];
    for (const user of [null, reader, admin]) {
      const answers = await entries(user, [unknown, ...notPublished]);
      for (const entry of answers)
        expect(entry).toEqual({ chapter_uuid: entry.chapter_uuid, access: 'missing', readable: false, readable_until: null });
    }
  });

  it('keeps the order asked, reveals nothing of the chapters and is never kept by a cache', async () => {
    const reader = await member();
    const asked = [chapter(book, 2), randomUUID(), chapter(book, 1), scheduledUuid, chapter(early, 3), chapter(early, 1)];
    const before = Date.now();
    const response = await check(reader, { chapters: asked });
    const after = Date.now();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const result = response.json().data.result;
    expect(Object.keys(result).sort()).toEqual(['chapters', 'checked_at']);
    expect(Date.parse(result.checked_at)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(result.checked_at)).toBeLessThanOrEqual(after);
    expect(result.chapters.map((entry: Entry) => [entry.chapter_uuid, entry.access])).toEqual([
      [asked[0], 'member'],
      [asked[1], 'missing'],
      [asked[2], 'free'],
      [asked[3], 'missing'],
      [asked[4], 'early_access'],
      [asked[5], 'free'],
    ]);
    for (const secret of [book.uuid, early.uuid, 'Chapter', 'Scheduled', 'pages/', book.coverKey])
      expect(response.body).not.toContain(secret);
  });

  it('agrees with the chapter answer for every reader and chapter', async () => {
    const lapsed = await createUser(ctx);
    await grant(lapsed, Date.now() - 40 * DAY, Date.now() - 7 * DAY);
    const readers = [null, await member(), lapsed, admin];
    const chapters = [...book.chapters.map((c) => c.uuid), ...early.chapters.map((c) => c.uuid), scheduledUuid, randomUUID()];
    const refusal: Record<string, number | string> = {
      missing: 404,
      members_only: 'MEMBERSHIP_REQUIRED',
      expired: 'MEMBERSHIP_EXPIRED',
      early_access: 'EARLY_ACCESS',
    };
    for (const reader of readers) {
      for (const entry of await entries(reader, chapters)) {
        const read = await readChapter(ctx, reader, entry.chapter_uuid);
        const said = read.statusCode === 200 ? 'read' : read.statusCode === 404 ? 404 : read.json().code;
        expect(said, `${reader?.username ?? 'visitor'} ${entry.chapter_uuid} ${entry.access}`).toBe(
          entry.readable ? 'read' : refusal[entry.access],
        );
      }
    }
  });

  it("reads the chapters' terms and the reader's in one statement", async () => {
    const reader = await member();
    const asked = [...book.chapters.map((c) => c.uuid), ...early.chapters.map((c) => c.uuid), randomUUID()];
    const { result, statements } = await queries.during(() => check(reader, { chapters: asked }));
    expect(result.statusCode).toBe(200);
    const reads = statements.filter((statement) => /"chapters"|"membership_grants"|"chapter_grants"/.test(statement.sql));
    expect(reads).toHaveLength(1);
    expect(reads[0]!.sql).toMatch(/"membership_grants"/);
    expect(reads[0]!.sql).toMatch(/"chapter_grants"/);
  });
});

describe(`the body of a check (${TEST_DIALECT})`, () => {
  const refused = async (payload: unknown) => {
    const response = await check(null, payload);
    expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  };

  it('takes 1 to 200 distinct chapter ids and refuses anything else with 400 VALIDATION_FAILED', async () => {
    const ids = (n: number) => Array.from({ length: n }, () => randomUUID());
    expect((await check(null, { chapters: ids(200) })).statusCode).toBe(200);
    await refused({ chapters: ids(201) });
    await refused({ chapters: [] });
    await refused({});
    await refused({ chapters: [chapter(book, 1), chapter(book, 2), chapter(book, 1)] });
    await refused({ chapters: ['not-a-uuid'] });
    await refused({ chapters: [42] });
    await refused({ chapters: chapter(book, 1) });
  });

  it('drops a field it does not know instead of failing', async () => {
    const response = await check(null, { chapters: [chapter(book, 1)], titles: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.result.chapters).toEqual([
      { chapter_uuid: chapter(book, 1), access: 'free', readable: true, readable_until: null },
    ]);
  });
});

describe(`the limit of checks (${TEST_DIALECT})`, () => {
  it('answers an account’s 61st check within a minute 429, from any address; other readers there go on', async () => {
    const reader = await createUser(ctx);
    const body = { chapters: [chapter(book, 1)] };
    for (let i = 0; i < 60; i += 1) expect((await check(reader, body)).statusCode).toBe(200);
    const ip = nextClientIp();
    const limited = await check(reader, body, ip);
    expect([limited.statusCode, limited.json().code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await check(await createUser(ctx), body, ip)).statusCode).toBe(200);
    expect((await check(null, body, ip)).statusCode).toBe(200);
  });
});
