import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createBook, createUser, grantMembership, type TestBook } from './helpers/factories.js';
import { addLighterFirstPages, liteOf } from './helpers/lighter-pages.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

interface PageImage {
  url: string;
  sources?: { type: string; url: string }[];
}

/**
 * The data saver (issue 33): `Save-Data: on` or `?data_saver=1` gets each page's lighter variant
 * as its one source, for free pages (public) and paid ones (signed) alike; nothing else changes,
 * and no cache hands one reader's form to another.
 */
describe(`the data saver's lighter pages (${TEST_DIALECT})`, () => {
  let ctx: TestContext;
  let book: TestBook;
  let memberHeaders: Record<string, string>;

  beforeAll(async () => {
    ctx = await createTestContext();
    book = await createBook(ctx, { chapters: 3, freeChapters: 1, pagesPerChapter: 2 });
    // Only the first page of each chapter has a lighter variant.
    await addLighterFirstPages(ctx, book);
    const member = await createUser(ctx);
    await grantMembership(ctx, member.id, { days: 10 });
    memberHeaders = authHeader(member);
  });
  afterAll(() => ctx.close());

  const pagesOf = async (chapter: number, query = '', headers: Record<string, string> = {}) => {
    const response = await ctx.app.inject({ url: `/api/v1/comics/chapter_comics/${book.chapters[chapter]!.uuid}/en-us${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return { pages: response.json().data.result.pages as PageImage[], response };
  };
  const path = (url: string) => new URL(url, 'http://x').pathname;

  it('answers a free chapter with the lighter WebP as the one source, by header or by parameter; a page without one stays whole', async () => {
    const plain = await pagesOf(0);
    for (const [query, headers] of [
      ['?data_saver=1', {}],
      ['', { 'save-data': 'on' }],
      ['', { 'save-data': ' On ' }],
    ] as const) {
      const { pages } = await pagesOf(0, query, headers);
      const what = `${query} ${JSON.stringify(headers)}`;
      expect(pages[0]!.sources, what).toEqual([{ type: 'image/webp', url: `/media/${liteOf(book.chapters[0]!.pageKeys[0]!)}` }]);
      // The fallback stays, for a browser without WebP; the second page has no lighter form.
      expect(pages[0]!.url, what).toBe(plain.pages[0]!.url);
      expect(pages[1], what).toEqual(plain.pages[1]);
    }
    // Off, and unknown values of the header, change nothing.
    for (const [query, headers] of [
      ['?data_saver=0', {}],
      ['', { 'save-data': 'off' }],
    ] as const) {
      expect((await pagesOf(0, query, headers)).pages, query).toEqual(plain.pages);
    }
  });

  it('renders a free chapter’s page for the data saver (Save-Data or the reader’s cookie) with its lighter first page preloaded', async () => {
    const pagePath = `/reader/book/chapter/${book.uuid}/${book.chapters[0]!.uuid}/1`;
    const lite = `/media/${liteOf(book.chapters[0]!.pageKeys[0]!)}`;
    const preload = `<link rel="preload" as="image" href="${lite}" type="image/webp" fetchpriority="high" />`;
    for (const headers of [{ 'save-data': 'on' }, { cookie: 'inkstream-language=en-us; inkstream-data-saver=on' }]) {
      const response = await ctx.app.inject({ url: pagePath, headers });
      expect(response.statusCode).toBe(200);
      expect(response.body, JSON.stringify(headers)).toContain(preload);
      expect(String(response.headers.vary)).toContain('Save-Data');
    }
    expect((await ctx.app.inject({ url: pagePath })).body).not.toContain(lite);
  });

  it('refuses a data_saver value other than 0 or 1 with a 400', async () => {
    const response = await ctx.app.inject({ url: `/api/v1/comics/chapter_comics/${book.chapters[0]!.uuid}/en-us?data_saver=yes` });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('never hands a visitor the data saver’s answer, or the other way round, from any cache', async () => {
    // Fill the caches with each form in turn, then ask for both again, twice.
    for (let round = 0; round < 3; round += 1) {
      const lite = await pagesOf(0, '', { 'save-data': 'on' });
      const whole = await pagesOf(0);
      expect(lite.pages[0]!.sources).toHaveLength(1);
      expect(whole.pages[0]!.sources?.some((source) => source.url.includes('-lite.'))).not.toBe(true);
      expect(String(whole.response.headers.vary)).toContain('Save-Data');
    }
  });

  it('never replays one form to the other over real HTTP (the cache’s front), in either order', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}/api/v1/comics/chapter_comics/${book.chapters[0]!.uuid}/en-us`;
    const lite = `/media/${liteOf(book.chapters[0]!.pageKeys[0]!)}`;
    const firstPage = async (headers: Record<string, string>) => {
      const response = await fetch(url, { headers });
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: { result: { pages: PageImage[] } } }).data.result.pages[0]!;
    };
    for (const order of [
      [{ 'save-data': 'on' }, {}],
      [{}, { 'save-data': 'on' }],
    ] as Record<string, string>[][]) {
      ctx.app.publicCache.clear();
      // Each form twice: the second of each is a repeat the cache may answer.
      for (const headers of [...order, ...order]) {
        const page = await firstPage(headers);
        const usesLite = page.sources?.some((source) => source.url === lite) === true;
        expect(usesLite, JSON.stringify(order) + JSON.stringify(headers)).toBe(headers['save-data'] === 'on');
      }
    }
  });

  it('signs a paid page’s lighter variant, whose bytes need the signature, while a free one’s are public', async () => {
    const { pages } = await pagesOf(2, '?data_saver=1', memberHeaders);
    const signed = pages[0]!.sources![0]!.url;
    expect(path(signed)).toBe(`/media/${liteOf(book.chapters[2]!.pageKeys[0]!)}`);
    expect(signed).toMatch(/[?&]sig=/);
    expect((await ctx.app.inject({ url: signed })).body).toBe('lighter page');
    const unsigned = await ctx.app.inject({ url: path(signed) });
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json().code).toBe('SIGNATURE_REQUIRED');
    const free = await ctx.app.inject({ url: `/media/${liteOf(book.chapters[0]!.pageKeys[0]!)}` });
    expect(free.statusCode).toBe(200);
    // A visitor's data saver opens no paid chapter.
    const locked = await ctx.app.inject({ url: `/api/v1/comics/chapter_comics/${book.chapters[2]!.uuid}/en-us?data_saver=1` });
    expect(locked.statusCode).toBe(403);
  });

  it('opens no paid page to a visitor or a lapsed member, through any form of the data saver', async () => {
    const paid = book.chapters[2]!;
    const lapsed = await createUser(ctx);
    await grantMembership(ctx, lapsed.id, { days: 10, startDaysAgo: 11 });
    const forms = [
      ['?data_saver=1', {}],
      ['', { 'save-data': 'on' }],
      ['', { cookie: 'inkstream-data-saver=on' }],
    ] as const;
    for (const who of [{}, authHeader(lapsed)]) {
      for (const [query, headers] of forms) {
        const what = `${JSON.stringify(who)} ${query} ${JSON.stringify(headers)}`;
        const answer = await ctx.app.inject({
          url: `/api/v1/comics/chapter_comics/${paid.uuid}/en-us${query}`,
          headers: { ...who, ...headers },
        });
        expect(answer.statusCode, what).toBe(403);
        // The server-rendered page of the chapter names none of its pages, lighter or not.
        const page = await ctx.app.inject({
          url: `/reader/book/chapter/${book.uuid}/${paid.uuid}/3${query}`,
          headers: { ...who, ...headers },
        });
        expect(page.statusCode, what).toBeLessThan(500);
        for (const key of paid.pageKeys) {
          expect(page.body, what).not.toContain(key);
          expect(page.body, what).not.toContain(liteOf(key));
        }
      }
    }
    // The lighter bytes themselves need a signature, whichever way they are asked for.
    for (const headers of [{}, { 'save-data': 'on' }, authHeader(lapsed)]) {
      const direct = await ctx.app.inject({ url: `/media/${liteOf(paid.pageKeys[0]!)}`, headers });
      expect(direct.statusCode).toBe(403);
    }
  });
});
