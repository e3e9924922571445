import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createBook, createUser, grantMembership, type TestBook, type TestUser } from './helpers/factories.js';
import { createDriverContext, STORAGE_DRIVERS } from './helpers/s3-server.js';
import type { TestContext } from './helpers/test-context.js';

/**
 * MEDIA_PUBLIC_BASE_URL (a CDN in front of /media): public images are handed out on it, paid
 * pages never are; they keep our signed /media URLs.
 */
const CDN = 'https://cdn.example.com/media';
const SITE = 'https://read.example.com';

describe.each(STORAGE_DRIVERS)('MEDIA_PUBLIC_BASE_URL on the %s driver', (driver) => {
  let ctx: TestContext;
  let book: TestBook;
  let member: TestUser;
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers });
  const content = (index: number, headers: Record<string, string> = {}) =>
    get(`/api/v1/comics/chapter_comics/${book.chapters[index]!.uuid}/en-us`, headers);

  beforeAll(async () => {
    ctx = await createDriverContext(driver, { MEDIA_PUBLIC_BASE_URL: `${CDN}/`, PUBLIC_URL: SITE });
    book = await createBook(ctx, { chapters: 3, freeChapters: 1, recommendationRank: 1 });
    member = await createUser(ctx);
    await grantMembership(ctx, member.id, { days: 10 });
  });
  afterAll(() => ctx.close());

  it('hands out covers on the public base in lists, the chapter list and the page head', async () => {
    const list = (await get(`/api/v1/comics/chapters/${book.uuid}/en-us/asc/0/10`)).json().data.result;
    expect(list.cover_image).toBe(`${CDN}/${book.coverKey}`);
    const recommended = (await get('/api/v1/comics/book/recommendation/list?language=en-us')).json().data.result;
    expect(recommended.find((b: { book_uuid: string }) => b.book_uuid === book.uuid).cover_image).toBe(`${CDN}/${book.coverKey}`);
    const html = (await get(`/book/chapters/${book.uuid}`)).body;
    expect(html).toContain(`<meta property="og:image" content="${CDN}/${book.coverKey}" />`);
  });

  it('hands out pages of a free chapter on the public base, and the base answers them like /media (origin pull)', async () => {
    const { images } = (await content(0)).json().data.result;
    expect(images).toEqual(book.chapters[0]!.pageKeys.map((key) => `${CDN}/${key}`));
    const pulled = await get(images[0].replace(CDN, '/media'));
    expect(pulled.statusCode).toBe(200);
    expect(pulled.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never hands out a paid page on the public base: members get signed /media URLs', async () => {
    const response = await content(1, authHeader(member));
    expect(response.statusCode).toBe(200);
    const { images } = response.json().data.result;
    expect(images).toHaveLength(book.chapters[1]!.pageKeys.length);
    for (const url of images as string[]) {
      expect(url).not.toContain('cdn.example.com');
      expect(url).toMatch(/^\/media\/pages\/.+\?exp=\d+&sig=[A-Za-z0-9_-]{43}$/);
    }
    // What a CDN pulling /media without the signature would get for it: nothing cacheable.
    const unsigned = await get(`/media/${book.chapters[1]!.pageKeys[0]}`);
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.headers['cache-control']).toBeUndefined();
  });

  it('keeps no page URL at all for readers who are not entitled', async () => {
    const response = await content(2);
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('pages/');
  });
});
