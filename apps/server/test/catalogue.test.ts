import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBook, type TestBook } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

let ctx: TestContext;
const HOUR = 60 * 60 * 1000;
let newest: TestBook;
let popular: TestBook;
let long: TestBook;
let zhOnly: TestBook;
let novel: TestBook;
let zhWithEnglish: TestBook;

const search = (query: string) => ctx.app.inject(`/api/v1/comics/book/search?${query}`);
const chapterTime = async (id: number) =>
  new Date(
    Number((await ctx.db.selectFrom('chapters').select('created_at').where('id', '=', id).executeTakeFirstOrThrow()).created_at),
  ).toISOString();
const firstChapterIso = (book: TestBook) => chapterTime(book.chapters[0]!.id);

beforeAll(async () => {
  ctx = await createTestContext();
  const now = Date.now();
  newest = await createBook(ctx, {
    chapters: 2,
    updatedAt: now - HOUR,
    tags: ['未来科幻', '悬疑推理'],
    popularity: 5,
    totalLikes: 3,
    titles: { 'en-us': 'Star Harbor', 'zh-cn': '星港' },
  });
  popular = await createBook(ctx, {
    chapters: 1,
    updatedAt: now - 5 * HOUR,
    tags: ['未来科幻'],
    popularity: 900,
    recommendationRank: 2,
    titles: { 'en-us': 'Blade Song', 'fr-fr': 'Chant de lame' },
  });
  long = await createBook(ctx, {
    chapters: 25,
    updatedAt: now - 10 * HOUR,
    tags: ['古典武侠', '未来科幻', '西方奇幻'],
    freeChapters: 5,
    popularity: 50,
    recommendationRank: 1,
  });
  zhOnly = await createBook(ctx, { chapters: 1, updatedAt: now - 20 * HOUR, originalLanguage: 'zh-cn', titles: { 'zh-cn': '只有中文' } });
  await createBook(ctx, { chapters: 3, updatedAt: now, isPublished: false, tags: ['古典武侠'], titles: { 'en-us': 'Hidden Draft' } });
});
afterAll(() => ctx.close());

describe('GET /comics/book/search', () => {
  it('lists published books newest first with the contract fields', async () => {
    const response = await search('language=en-us&page=0&page_size=10&order_by=updated_at');
    expect(response.statusCode).toBe(200);
    const { result, total } = response.json().data;
    expect(total).toBe(4);
    expect(result.map((b: { book_uuid: string }) => b.book_uuid)).toEqual([newest.uuid, popular.uuid, long.uuid, zhOnly.uuid]);
    expect(result[0]).toEqual({
      book_uuid: newest.uuid,
      book_title: 'Star Harbor',
      cover_image: `/media/${newest.coverKey}`,
      cover_srcset: null,
      tag1: '未来科幻',
      tag2: '悬疑推理',
      tag3: null,
      chapter_number: 2,
      total_likes: 3,
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      public_free_chapters: 3,
      book_type: 'comic',
      first_chapter_at: await firstChapterIso(newest),
      // Ext (issue 31, COMMUNITY=on): no ratings yet, so no average.
      rating_average: null,
      rating_count: 0,
      // Ext (issue 61): every book starts all ages.
      content_rating: 'all_ages',
    });
  });

  it('orders by popularity', async () => {
    const { result } = (await search('language=en-us&order_by=popularity')).json().data;
    expect(result.map((b: { book_uuid: string }) => b.book_uuid)).toEqual([popular.uuid, long.uuid, newest.uuid, zhOnly.uuid]);
  });

  it('filters by tag, and pages without overlap', async () => {
    const tag = encodeURIComponent('未来科幻');
    const first = (await search(`language=en-us&tag=${tag}&page=0&page_size=2`)).json().data;
    const second = (await search(`language=en-us&tag=${tag}&page=1&page_size=2`)).json().data;
    expect(first.total).toBe(3);
    expect(first.result.map((b: { book_uuid: string }) => b.book_uuid)).toEqual([newest.uuid, popular.uuid]);
    expect(second.result.map((b: { book_uuid: string }) => b.book_uuid)).toEqual([long.uuid]);
  });

  it('returns an empty list past the end and for an unknown tag', async () => {
    expect((await search('language=en-us&page=7')).json().data).toEqual({ result: [], total: 4 });
    expect((await search('language=en-us&tag=nope')).json().data).toEqual({ result: [], total: 0 });
  });

  it('searches titles in any language, case-insensitively', async () => {
    const byEnglish = (await search('language=en-us&q=STAR')).json().data;
    expect(byEnglish.result.map((b: { book_uuid: string }) => b.book_uuid)).toEqual([newest.uuid]);
    const byChinese = (await search(`language=en-us&q=${encodeURIComponent('中文')}`)).json().data;
    expect(byChinese.result.map((b: { book_uuid: string }) => b.book_uuid)).toEqual([zhOnly.uuid]);
    expect((await search('language=en-us&q=draft')).json().data.total).toBe(0);
  });

  it('uses the asked language and falls back to the original one', async () => {
    const { result } = (await search('language=FR-FR&order_by=popularity&page_size=4')).json().data;
    expect(result[0].book_title).toBe('Chant de lame');
    const zh = result.find((b: { book_uuid: string }) => b.book_uuid === zhOnly.uuid);
    expect(zh.book_title).toBe('只有中文');
  });

  it('falls back to English before the original language for readers of other languages', async () => {
    zhWithEnglish = await createBook(ctx, {
      chapters: 1,
      updatedAt: Date.now() - 40 * HOUR,
      originalLanguage: 'zh-cn',
      titles: { 'zh-cn': '山海', 'en-us': 'Mountains and Seas' },
    });
    for (const language of ['ar-sa', 'fr-fr', 'es-es']) {
      const { result } = (await search(`language=${language}&q=Mountains`)).json().data;
      expect(
        result.map((b: { book_title: string }) => b.book_title),
        language,
      ).toEqual(['Mountains and Seas']);
    }
    const { result } = (await search('language=zh-cn&q=Mountains')).json().data;
    expect(result[0]).toMatchObject({ book_uuid: zhWithEnglish.uuid, book_title: '山海' });
  });

  it('lists only comics or only novels when asked, with a tag too', async () => {
    novel = await createBook(ctx, {
      chapters: 1,
      updatedAt: Date.now() - 30 * HOUR,
      bookType: 'novel',
      tags: ['古典武侠'],
      titles: { 'en-us': 'Ink River' },
      author: 'Lin Mo',
      status: 'completed',
    });
    const novels = (await search('language=en-us&book_type=novel')).json().data;
    expect(novels.result.map((b: { book_uuid: string }) => b.book_uuid)).toEqual([novel.uuid]);
    expect(novels.total).toBe(1);
    const comics = (await search('language=en-us&book_type=comic&page_size=50')).json().data.result;
    expect(comics.some((b: { book_uuid: string }) => b.book_uuid === novel.uuid)).toBe(false);
    expect(comics.every((b: { book_type: string }) => b.book_type === 'comic')).toBe(true);
    const wuxiaComics = (await search(`language=en-us&book_type=comic&tag=${encodeURIComponent('古典武侠')}`)).json().data.result;
    expect(wuxiaComics.map((b: { book_uuid: string }) => b.book_uuid)).toEqual([long.uuid]);
    expect((await search('language=en-us&book_type=manga')).json().code).toBe('VALIDATION_FAILED');
  });

  it('rejects bad parameters with stable codes', async () => {
    expect((await search('language=de-de')).json().code).toBe('INVALID_LANGUAGE');
    for (const query of ['page=-1', 'page_size=0', 'page_size=51', 'order_by=likes', 'page=abc']) {
      const response = await search(`language=en-us&${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code, query).toBe('VALIDATION_FAILED');
    }
  });

  it('sees a book added after the first search', async () => {
    const before = (await search('language=en-us')).json().data.total;
    const added = await createBook(ctx, { chapters: 1, updatedAt: Date.now() + 1000 });
    const after = (await search('language=en-us')).json().data;
    expect(after.total).toBe(before + 1);
    expect(after.result[0].book_uuid).toBe(added.uuid);
  });
});

describe('GET /reader/book/tags and recommendations', () => {
  it('lists tags of published books, most used first', async () => {
    const response = await ctx.app.inject('/api/v1/reader/book/tags');
    const tags: string[] = response.json().data.result;
    expect(tags[0]).toBe('未来科幻');
    expect(tags).toEqual(expect.arrayContaining(['悬疑推理', '古典武侠', '西方奇幻']));
    expect(tags).toHaveLength(4);
  });

  it('lists recommended books by rank with chapterNumber', async () => {
    const response = await ctx.app.inject('/api/v1/comics/book/recommendation/list?language=en-us');
    const result = response.json().data.result;
    expect(result.map((b: { book_uuid: string }) => b.book_uuid)).toEqual([long.uuid, popular.uuid]);
    expect(result[0]).toEqual({
      book_uuid: long.uuid,
      book_title: expect.any(String),
      cover_image: `/media/${long.coverKey}`,
      cover_srcset: null,
      tag1: '古典武侠',
      tag2: '未来科幻',
      chapterNumber: 25,
      public_free_chapters: 5,
    });
    expect((await ctx.app.inject('/api/v1/comics/book/recommendation/list?language=xx')).statusCode).toBe(400);
  });
});

describe('GET /comics/chapters/{bookId}/{language}/{direction}/{page}/{pageSize}', () => {
  const chapters = (path: string) => ctx.app.inject(`/api/v1/comics/chapters/${path}`);

  it('gives the book and a page of chapters, oldest first', async () => {
    const response = await chapters(`${long.uuid}/en-us/asc/0/10`);
    expect(response.statusCode).toBe(200);
    const result = response.json().data.result;
    expect(result).toMatchObject({
      book_uuid: long.uuid,
      book_tags: ['古典武侠', '未来科幻', '西方奇幻'],
      public_free_chapters: 5,
      total_chapters: 25,
      author: null,
      status: 'ongoing',
      total_likes: 0,
    });
    const details = (await chapters(`${novel.uuid}/en-us/asc/0/10`)).json().data.result;
    expect(details).toMatchObject({ author: 'Lin Mo', status: 'completed', book_type: 'novel' });
    expect(result.book_introduction).toMatch(/^About /);
    expect(result.chapters).toHaveLength(10);
    expect(result.chapters[0]).toEqual({
      chapter_uuid: long.chapters[0]!.uuid,
      chapter_number: 1,
      title: 'Chapter 1',
      cover_image: `/media/${long.coverKey}`,
      created_at: expect.stringMatching(/Z$/),
      is_free: true,
      // Ext (issue 31): comments readers see under the chapter.
      comments_count: 0,
    });
    expect(result.chapters[5].is_free).toBe(false);
  });

  it('pages newest first and ends with a short page', async () => {
    const last = (await chapters(`${long.uuid}/zh-cn/desc/2/10`)).json().data.result.chapters;
    expect(last.map((c: { chapter_number: number }) => c.chapter_number)).toEqual([5, 4, 3, 2, 1]);
    expect(last[0].title).toBe('第5话');
    expect((await chapters(`${long.uuid}/en-us/asc/3/10`)).json().data.result.chapters).toEqual([]);
  });

  it('rejects unknown books and bad parameters', async () => {
    const missing = await chapters(`00000000-0000-4000-8000-000000000000/en-us/asc/0/10`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: expect.any(String), code: 'BOOK_NOT_FOUND' });
    expect((await chapters(`${long.uuid}/en-us/sideways/0/10`)).statusCode).toBe(400);
    expect((await chapters(`${long.uuid}/en-us/asc/0/101`)).statusCode).toBe(400);
    expect((await chapters(`${long.uuid}/en-us/asc/-1/10`)).statusCode).toBe(400);
    expect((await chapters(`not-a-uuid/en-us/asc/0/10`)).statusCode).toBe(400);
    expect((await chapters(`${long.uuid}/xx-yy/asc/0/10`)).json().code).toBe('INVALID_LANGUAGE');
  });
});

describe('first_chapter_at (ext field of the search)', () => {
  it('is when the first published chapter came out, whatever the latest update; null without one', async () => {
    const skipsOne = await createBook(ctx, { chapters: 3, updatedAt: Date.now(), titles: { 'en-us': 'Late Starter' } });
    await ctx.db.updateTable('chapters').set({ is_published: 0 }).where('id', '=', skipsOne.chapters[0]!.id).execute();
    const empty = await createBook(ctx, { chapters: 0, titles: { 'en-us': 'Late Empty' } });
    const { result } = (await search('language=en-us&q=Late')).json().data;
    const byUuid = new Map(result.map((book: { book_uuid: string }) => [book.book_uuid, book]));
    // Updated just now, yet the series began about 1,000 days ago (the factory's first chapter).
    const first = (byUuid.get(skipsOne.uuid) as { first_chapter_at: string; updated_at: string }).first_chapter_at;
    expect(first).toBe(await chapterTime(skipsOne.chapters[1]!.id));
    expect(Date.now() - Date.parse(first)).toBeGreaterThan(900 * 24 * HOUR);
    expect((byUuid.get(empty.uuid) as { first_chapter_at: unknown }).first_chapter_at).toBeNull();
  });
});
