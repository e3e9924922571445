import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createBook, createUser, grantMembership, type TestBook, type TestUser } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

let ctx: TestContext;
let book: TestBook;
let reader: TestUser;
let member: TestUser;
let expired: TestUser;
let admin: TestUser;

const content = (chapterUuid: string, headers: Record<string, string> = {}, language = 'en-us') =>
  ctx.app.inject({ url: `/api/v1/comics/chapter_comics/${chapterUuid}/${language}`, headers });
const chapter = (number: number) => book.chapters[number - 1]!;

beforeAll(async () => {
  ctx = await createTestContext();
  book = await createBook(ctx, { chapters: 5, freeChapters: 3, pagesPerChapter: 3, titles: { 'en-us': 'Iron Tide', 'zh-cn': '铁潮' } });
  [reader, member, expired, admin] = await Promise.all([
    createUser(ctx),
    createUser(ctx),
    createUser(ctx),
    createUser(ctx, { role: 'admin' }),
  ]);
  await grantMembership(ctx, member.id, { days: 30 });
  await grantMembership(ctx, expired.id, { days: 30, startDaysAgo: 60 });
});
afterAll(() => ctx.close());

describe('GET /comics/chapter_comics/{chapterUuid}/{language}', () => {
  it('gives a free chapter to a visitor, with public image URLs in reading order', async () => {
    const response = await content(chapter(2).uuid, { 'x-visitor-id': '0a1b2c3d' });
    expect(response.statusCode).toBe(200);
    const result = response.json().data.result;
    expect(result).toEqual({
      chapter_number: 2,
      chapter_title: 'Chapter 2',
      title: 'Iron Tide',
      images: chapter(2).pageKeys.map((key) => `/media/${key}`),
      prev_chapter_uuid: chapter(1).uuid,
      next_chapter_uuid: chapter(3).uuid,
      already_favor: false,
      total_likes: 0,
      book_uuid: book.uuid,
      chapter_uuid: chapter(2).uuid,
      pages: chapter(2).pageKeys.map((key) => ({ url: `/media/${key}`, width: 800, height: 1200 })),
      book_type: 'comic',
      text: null,
      text_language: null,
      text_languages: [],
      // Issue 45: the book's reading settings (nobody set them: left to right, one long strip).
      reading: { direction: 'ltr', mode: 'strip' },
    });
    // The same for every visitor, so shared (docs/API.md, "Caching"); paid chapters stay private.
    expect(response.headers['cache-control']).toMatch(/^public, /);
  });

  it('has no neighbour at the ends and translates titles', async () => {
    const first = (await content(chapter(1).uuid, {}, 'zh-cn')).json().data.result;
    expect(first.prev_chapter_uuid).toBeNull();
    expect(first.chapter_title).toBe('第1话');
    expect(first.title).toBe('铁潮');
    const last = (await content(chapter(5).uuid, authHeader(member))).json().data.result;
    expect(last.next_chapter_uuid).toBeNull();
  });

  it('refuses paid chapters to visitors and users who never had a membership', async () => {
    for (const headers of [{}, { 'x-visitor-id': '0a1b2c3d' }, authHeader(reader)] as Record<string, string>[]) {
      const response = await content(chapter(4).uuid, headers);
      expect(response.statusCode).toBe(403);
      // Where the chapter sits in its book (ext fields, issue 26), and nothing of its pages.
      expect(response.json()).toEqual({
        error: 'This chapter is only open to members',
        code: 'MEMBERSHIP_REQUIRED',
        book_uuid: book.uuid,
        book_type: 'comic',
        chapter_uuid: chapter(4).uuid,
        chapter_number: 4,
        chapter_title: 'Chapter 4',
        title: 'Iron Tide',
        prev_chapter_uuid: chapter(3).uuid,
        next_chapter_uuid: chapter(5).uuid,
        // Issue 56: what opens it (a membership: the book sells no chapters for coins).
        opened_by: ['membership'],
      });
      expect(response.payload).not.toContain('/media/');
    }
  });

  it('tells an expired member to top up', async () => {
    const response = await content(chapter(4).uuid, authHeader(expired));
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('MEMBERSHIP_EXPIRED');
  });

  it('gives paid chapters to members and admins with signed, expiring image URLs', async () => {
    for (const user of [member, admin]) {
      const response = await content(chapter(4).uuid, authHeader(user));
      expect(response.statusCode).toBe(200);
      const images: string[] = response.json().data.result.images;
      expect(images).toHaveLength(3);
      for (const [index, url] of images.entries()) {
        expect(url).toMatch(new RegExp(`^/media/${chapter(4).pageKeys[index]}\\?exp=\\d+&sig=[A-Za-z0-9_-]{43}$`));
      }
    }
  });

  it('answers 404 for unknown or unpublished chapters and 400 for bad ids', async () => {
    const missing = await content('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('CHAPTER_NOT_FOUND');
    expect((await content('nope')).statusCode).toBe(400);
    expect((await content(chapter(1).uuid, {}, 'klingon')).json().code).toBe('INVALID_LANGUAGE');
  });
});

describe('POST /comics/chapter/favor', () => {
  const like = (headers: Record<string, string>, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/comics/chapter/favor', headers, payload });

  it('needs a logged-in user', async () => {
    const response = await like({ 'x-visitor-id': '0a1b2c3d' }, { book_uuid: book.uuid, chapter_uuid: chapter(1).uuid });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('AUTH_REQUIRED');
  });

  it('counts a like once per user and shows it in the chapter content', async () => {
    const payload = { book_uuid: book.uuid, chapter_uuid: chapter(1).uuid };
    const first = await like(authHeader(reader), payload);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { result: { already_favor: true, total_likes: 1 } } });
    expect((await like(authHeader(reader), payload)).json().data.result.total_likes).toBe(1);
    expect((await like(authHeader(member), payload)).json().data.result.total_likes).toBe(2);
    const seen = (await content(chapter(1).uuid, authHeader(reader))).json().data.result;
    expect(seen).toMatchObject({ already_favor: true, total_likes: 2 });
    expect((await content(chapter(1).uuid, authHeader(expired))).json().data.result.already_favor).toBe(false);
    const listed = (await ctx.app.inject(`/api/v1/comics/book/search?language=en-us`)).json().data.result;
    expect(listed.find((b: { book_uuid: string }) => b.book_uuid === book.uuid).total_likes).toBe(2);
  });

  it('answers 404 when the chapter is not in that book, 400 for malformed ids', async () => {
    const other = await createBook(ctx, { chapters: 1 });
    const response = await like(authHeader(reader), { book_uuid: other.uuid, chapter_uuid: chapter(1).uuid });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('CHAPTER_NOT_FOUND');
    expect((await like(authHeader(reader), { book_uuid: 'x', chapter_uuid: chapter(1).uuid })).statusCode).toBe(400);
    expect((await like(authHeader(reader), {})).json().code).toBe('VALIDATION_FAILED');
  });
});
