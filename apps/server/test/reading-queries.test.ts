import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertChapterLanguage } from '../src/modules/content/import/import.repository.js';
import { bookChanged, authHeader, createBook, createUser, grantMembership, type TestBook, type TestUser } from './helpers/factories.js';
import { createQueryLog } from './helpers/query-log.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/**
 * The chapter content call splits its answer into a shared part cached per (chapter, language)
 * until the catalogue version changes, and a per-reader part read in one query on every request
 * (reading/chapter-cache.ts). These tests count the statements a request runs and check that what
 * must be fresh (membership, likes, signatures, publication) is fresh. They run without the reader
 * change feed, so every read takes this path; a running server answers a member's repeat read
 * from memory instead (reader-state-cache.test.ts).
 */

const queryLog = createQueryLog();
let ctx: TestContext;
let book: TestBook;
let admin: TestUser;
let member: TestUser;
let expired: TestUser;
let reader: TestUser;

const chapter = (number: number) => book.chapters[number - 1]!;
const content = (chapterUuid: string, headers: Record<string, string> = {}, language = 'en-us') =>
  ctx.app.inject({ url: `/api/v1/comics/chapter_comics/${chapterUuid}/${language}`, headers });
const result = async (chapterUuid: string, headers: Record<string, string> = {}, language = 'en-us') => {
  const response = await content(chapterUuid, headers, language);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.result;
};
const adminApi = (method: 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1/admin${url}`, headers: authHeader(admin), ...(payload ? { payload } : {}) });
const queriesOf = async (chapterUuid: string, headers: Record<string, string> = {}, language = 'en-us') => {
  const { result: response, queries } = await queryLog.during(() => content(chapterUuid, headers, language));
  return { status: response.statusCode, code: response.json().code as string | undefined, queries };
};
const catalogueVersion = async () =>
  (await ctx.db.selectFrom('app_state').select('value').where('state_key', '=', 'catalogue_version').executeTakeFirst())?.value;

beforeAll(async () => {
  ctx = await createTestContext({}, { log: queryLog.logger });
  book = await createBook(ctx, { chapters: 5, freeChapters: 2, pagesPerChapter: 3, titles: { 'en-us': 'Salt Road', 'zh-cn': '盐路' } });
  [admin, member, expired, reader] = await Promise.all([
    createUser(ctx, { role: 'admin' }),
    createUser(ctx),
    createUser(ctx),
    createUser(ctx),
  ]);
  await grantMembership(ctx, member.id, { days: 30 });
  await grantMembership(ctx, expired.id, { days: 30, startDaysAgo: 60 });
});
afterAll(() => ctx.close());
afterEach(() => vi.restoreAllMocks());

describe('queries per chapter content request', () => {
  it("runs one statement for a member's repeat request of a paid chapter (account check and reader state together)", async () => {
    const first = await queriesOf(chapter(4).uuid, authHeader(member));
    expect(first.status).toBe(200);
    const repeat = await queriesOf(chapter(4).uuid, authHeader(member));
    expect(repeat.status).toBe(200);
    expect(repeat.queries.length, repeat.queries.join('\n')).toBe(1);
    // The shared part was read once; other members of the same language reuse it.
    expect(first.queries.length).toBeGreaterThan(repeat.queries.length);
    const other = await createUser(ctx);
    await grantMembership(ctx, other.id, { days: 3 });
    expect((await queriesOf(chapter(4).uuid, authHeader(other))).queries.length).toBe(1);
  });

  it('keeps refusals, admins and free chapters as cheap: at most one statement for the reader, none cached across readers', async () => {
    await content(chapter(5).uuid, authHeader(member)); // fills the shared part of chapter 5
    const cases: [Record<string, string>, number, string | undefined, number][] = [
      [authHeader(expired), 403, 'MEMBERSHIP_EXPIRED', 1],
      [authHeader(reader), 403, 'MEMBERSHIP_REQUIRED', 1],
      [{ 'x-visitor-id': '0a1b2c3d' }, 403, 'MEMBERSHIP_REQUIRED', 1],
      [{}, 403, 'MEMBERSHIP_REQUIRED', 1],
      [authHeader(admin), 200, undefined, 1],
    ];
    for (const [headers, status, code, most] of cases) {
      const measured = await queriesOf(chapter(5).uuid, headers);
      expect([measured.status, measured.code]).toEqual([status, code]);
      expect(measured.queries.length, measured.queries.join('\n')).toBeLessThanOrEqual(most);
    }
    await content(chapter(1).uuid, authHeader(reader));
    const free = await queriesOf(chapter(1).uuid, authHeader(reader));
    expect(free.status).toBe(200);
    expect(free.queries.length).toBe(1);
  });

  it('never caches a missing chapter: each unknown id is looked up (and still 404)', async () => {
    const missing = await queriesOf('00000000-0000-4000-8000-000000000000', authHeader(member));
    expect([missing.status, missing.code]).toEqual([404, 'CHAPTER_NOT_FOUND']);
    const again = await queriesOf('00000000-0000-4000-8000-000000000000', authHeader(member));
    expect([again.status, again.queries.length]).toEqual([404, 1]);
  });
});

describe('what stays fresh on every request', () => {
  it('takes a membership that ends, is revoked or is granted into account at once', async () => {
    const user = await createUser(ctx);
    await grantMembership(ctx, user.id, { days: 30 });
    expect((await content(chapter(4).uuid, authHeader(user))).statusCode).toBe(200);
    await ctx.db
      .updateTable('membership_grants')
      .set({ ends_at: Date.now() - 1000 })
      .where('user_id', '=', user.id)
      .execute();
    expect((await content(chapter(4).uuid, authHeader(user))).json().code).toBe('MEMBERSHIP_EXPIRED');
    await grantMembership(ctx, user.id, { days: 1 });
    expect((await content(chapter(4).uuid, authHeader(user))).statusCode).toBe(200);
    await ctx.db.updateTable('membership_grants').set({ revoked_at: Date.now() }).where('user_id', '=', user.id).execute();
    expect((await content(chapter(4).uuid, authHeader(user))).json().code).toBe('MEMBERSHIP_REQUIRED');
  });

  it('refuses a disabled account or a revoked token at the very next request (authentication caches nothing)', async () => {
    const user = await createUser(ctx);
    await grantMembership(ctx, user.id, { days: 30 });
    expect((await content(chapter(4).uuid, authHeader(user))).statusCode).toBe(200);
    await ctx.db.updateTable('users').set({ disabled_at: Date.now() }).where('id', '=', user.id).execute();
    expect((await content(chapter(4).uuid, authHeader(user))).json().code).toBe('INVALID_TOKEN');
    await ctx.db.updateTable('users').set({ disabled_at: null }).where('id', '=', user.id).execute();
    expect((await content(chapter(4).uuid, authHeader(user))).statusCode).toBe(200);
    await ctx.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', user.id)
      .execute();
    expect((await content(chapter(4).uuid, authHeader(user))).statusCode).toBe(401);
  });

  it('refuses the token of a deleted account, on a free chapter, a paid one and an unknown one alike', async () => {
    const user = await createUser(ctx);
    await grantMembership(ctx, user.id, { days: 30 });
    expect((await content(chapter(4).uuid, authHeader(user))).statusCode).toBe(200);
    await ctx.db.deleteFrom('membership_grants').where('user_id', '=', user.id).execute();
    await ctx.db.deleteFrom('users').where('id', '=', user.id).execute();
    for (const uuid of [chapter(1).uuid, chapter(4).uuid, '00000000-0000-4000-8000-000000000000']) {
      const response = await content(uuid, authHeader(user));
      expect([response.statusCode, response.json().code]).toEqual([401, 'INVALID_TOKEN']);
    }
  });

  it('answers an admin and a plain user as the role stored now, not as the token was issued', async () => {
    const user = await createUser(ctx);
    expect((await content(chapter(4).uuid, authHeader(user))).json().code).toBe('MEMBERSHIP_REQUIRED');
    await ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', user.id).execute();
    expect((await content(chapter(4).uuid, authHeader(user))).statusCode).toBe(200);
    await ctx.db.updateTable('users').set({ role: 'user' }).where('id', '=', user.id).execute();
    expect((await content(chapter(4).uuid, authHeader(user))).json().code).toBe('MEMBERSHIP_REQUIRED');
  });

  it("shows each reader's own like and the current total", async () => {
    const target = chapter(3);
    const before = await result(target.uuid, authHeader(member));
    expect(before.already_favor).toBe(false);
    const like = (user: TestUser) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/comics/chapter/favor',
        headers: authHeader(user),
        payload: { book_uuid: book.uuid, chapter_uuid: target.uuid },
      });
    expect((await like(admin)).statusCode).toBe(200);
    expect(await result(target.uuid, authHeader(member))).toMatchObject({ already_favor: false, total_likes: before.total_likes + 1 });
    expect(await result(target.uuid, authHeader(admin))).toMatchObject({ already_favor: true, total_likes: before.total_likes + 1 });
    await like(member);
    expect(await result(target.uuid, authHeader(member))).toMatchObject({ already_favor: true, total_likes: before.total_likes + 2 });
  });

  it('signs paid pages per request, so a later request never gets a URL that has expired', async () => {
    const first = await result(chapter(4).uuid, authHeader(member));
    const exp = (url: string) => Number(new URL(url, 'http://x').searchParams.get('exp'));
    const firstExpiry = exp(first.images[0]);
    expect((await ctx.app.inject(first.images[0])).statusCode).toBe(200);
    // A day later (the token and membership still run): the old URL has expired, the new one has not.
    const later = Date.now() + 86_400_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    const again = await result(chapter(4).uuid, authHeader(member));
    for (const url of again.images as string[]) expect(exp(url) * 1000).toBeGreaterThan(later);
    expect(exp(again.images[0])).toBeGreaterThan(firstExpiry);
    const stale = await ctx.app.inject(first.images[0]);
    expect(stale.statusCode).toBe(403);
    expect((await ctx.app.inject(again.images[0])).statusCode).toBe(200);
  });
});

describe('the shared part follows the catalogue', () => {
  it('serves a retitled chapter and book fresh once the console saved them', async () => {
    expect(await result(chapter(4).uuid, authHeader(member))).toMatchObject({ chapter_title: 'Chapter 4', title: 'Salt Road' });
    const before = await catalogueVersion();
    expect((await adminApi('PUT', `/chapters/${chapter(4).uuid}`, { titles: { 'en-us': 'The Ford' } })).statusCode).toBe(200);
    expect((await adminApi('PUT', `/books/${book.uuid}`, { titles: { 'en-us': 'Salt Road Redux' } })).statusCode).toBe(200);
    expect(await catalogueVersion()).not.toBe(before);
    expect(await result(chapter(4).uuid, authHeader(member))).toMatchObject({ chapter_title: 'The Ford', title: 'Salt Road Redux' });
  });

  it('keeps the shared part until the version changes, then shows a new page language', async () => {
    const zh = await result(chapter(4).uuid, authHeader(member), 'zh-cn');
    expect(zh.pages[0].url).toContain('/en-us/');
    const key = `pages/${book.uuid}/${chapter(4).uuid}/zh-cn/0-new.webp`;
    await ctx.storage.put(key, Buffer.from('zh page'), 'image/webp');
    await insertChapterLanguage(ctx.db, {
      chapterId: chapter(4).id,
      language: 'zh-cn',
      title: null,
      pages: [{ language: 'zh-cn', media_key: key, width: 10, height: 20 }],
      text: null,
    });
    // Written without a version bump (as no code path does): the cached shared part is still served.
    expect((await result(chapter(4).uuid, authHeader(member), 'zh-cn')).pages[0].url).toContain('/en-us/');
    await bookChanged(ctx, book.id);
    const fresh = await result(chapter(4).uuid, authHeader(member), 'zh-cn');
    expect(fresh.pages).toHaveLength(1);
    expect(fresh.pages[0].url).toMatch(new RegExp(`^/media/${key}\\?exp=`));
    expect((await result(chapter(4).uuid, authHeader(member), 'en-us')).pages).toHaveLength(3);
  });

  it('answers 404 once a chapter or its book is unpublished, and neighbours skip it', async () => {
    expect((await result(chapter(3).uuid, authHeader(member))).next_chapter_uuid).toBe(chapter(4).uuid);
    expect((await adminApi('POST', `/chapters/${chapter(4).uuid}/unpublish`)).statusCode).toBe(200);
    const gone = await content(chapter(4).uuid, authHeader(member));
    expect([gone.statusCode, gone.json().code]).toEqual([404, 'CHAPTER_NOT_FOUND']);
    expect((await result(chapter(3).uuid, authHeader(member))).next_chapter_uuid).toBe(chapter(5).uuid);
    expect((await adminApi('POST', `/chapters/${chapter(4).uuid}/publish`)).statusCode).toBe(200);
    expect((await result(chapter(3).uuid, authHeader(member))).next_chapter_uuid).toBe(chapter(4).uuid);

    expect((await adminApi('POST', `/books/${book.uuid}/unpublish`)).statusCode).toBe(200);
    for (const headers of [authHeader(member), authHeader(admin), {}]) {
      expect((await content(chapter(1).uuid, headers)).statusCode).toBe(404);
      expect((await content(chapter(4).uuid, headers)).statusCode).toBe(404);
    }
    expect((await adminApi('POST', `/books/${book.uuid}/publish`)).statusCode).toBe(200);
    expect((await content(chapter(4).uuid, authHeader(member))).statusCode).toBe(200);
  });

  it('answers 404 at once even before this process hears of the change (another node or the CLI unpublished it)', async () => {
    expect((await content(chapter(5).uuid, authHeader(member))).statusCode).toBe(200);
    await ctx.db.updateTable('chapters').set({ is_published: 0 }).where('id', '=', chapter(5).id).execute();
    expect((await content(chapter(5).uuid, authHeader(member))).statusCode).toBe(404);
    expect((await content(chapter(5).uuid, authHeader(admin))).statusCode).toBe(404);
    await ctx.db.updateTable('chapters').set({ is_published: 1 }).where('id', '=', chapter(5).id).execute();
    await bookChanged(ctx, book.id);
    expect((await content(chapter(5).uuid, authHeader(member))).statusCode).toBe(200);
  });

  it('serves a scheduled chapter only once the publish_chapter job released it (which bumps the version)', async () => {
    expect((await adminApi('POST', `/chapters/${chapter(4).uuid}/unpublish`)).statusCode).toBe(200);
    expect((await result(chapter(3).uuid, authHeader(member))).next_chapter_uuid).toBe(chapter(5).uuid);
    const at = new Date(Date.now() + 700).toISOString();
    expect((await adminApi('PUT', `/chapters/${chapter(4).uuid}/schedule`, { publish_at: at })).statusCode).toBe(200);
    expect((await content(chapter(4).uuid, authHeader(member))).statusCode).toBe(404);
    const before = await catalogueVersion();
    await new Promise((resolve) => setTimeout(resolve, 900));
    await ctx.app.jobs.drain();
    expect(await catalogueVersion()).not.toBe(before);
    expect((await content(chapter(4).uuid, authHeader(member))).statusCode).toBe(200);
    expect((await result(chapter(3).uuid, authHeader(member))).next_chapter_uuid).toBe(chapter(4).uuid);
  });

  it('applies a new free-chapter count at once, with public URLs for the chapters it frees', async () => {
    expect((await content(chapter(3).uuid)).statusCode).toBe(403);
    expect((await adminApi('PUT', `/books/${book.uuid}`, { public_free_chapters: 3 })).statusCode).toBe(200);
    const freed = await result(chapter(3).uuid);
    expect(freed.images[0]).toMatch(/^\/media\/[^?]+$/);
    expect((await result(chapter(3).uuid, authHeader(member))).images[0]).toMatch(/^\/media\/[^?]+$/);
  });
});
