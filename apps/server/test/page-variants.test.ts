import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBook, insertChapter } from '../src/modules/catalogue/catalogue-write.repository.js';
import { bookChanged, authHeader, createBook, createUser, grantMembership, type TestUser } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/**
 * Pages stored as a fallback plus AVIF and WebP variants: the chapter content lists the variants as
 * `sources`, signed per key for paid chapters, and the media route treats a variant exactly like
 * its page (public in a free chapter, signed-only in a paid one). Covers with sizes get a srcset.
 */

let ctx: TestContext;
let member: TestUser;
let bookUuid: string;
const chapters: { uuid: string; keys: { media: string; avif: string; webp: string } }[] = [];
let plainPageKey: string;
const coverKeys = { small: '', large: '' };

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers });
const content = (index: number, headers: Record<string, string> = {}) =>
  get(`/api/v1/comics/chapter_comics/${chapters[index]!.uuid}/en-us`, headers);

beforeAll(async () => {
  ctx = await createTestContext();
  member = await createUser(ctx);
  await grantMembership(ctx, member.id, { days: 30 });
  bookUuid = randomUUID();
  coverKeys.small = `covers/${bookUuid}/c0ffee-240.webp`;
  coverKeys.large = `covers/${bookUuid}/c0ffee-480.webp`;
  const book = await insertBook(ctx.db, {
    uuid: bookUuid,
    book_type: 'comic',
    original_language: 'en-us',
    cover_key: coverKeys.large,
    cover_variants: [
      { width: 480, key: coverKeys.large },
      { width: 240, key: coverKeys.small },
    ],
    public_free_chapters: 1,
    recommendation_rank: 1,
    created_at: Date.now() - 10_000,
    translations: [{ language: 'en-us', title: 'Variant Harbour' }],
  });
  // Chapter 1 is free, chapter 2 paid; each has one page in three formats, chapter 1 also a page without variants.
  for (const number of [1, 2]) {
    const uuid = randomUUID();
    const base = `pages/${bookUuid}/${uuid}/en-us/0-${number}abc`;
    const keys = { media: `${base}.jpg`, avif: `${base}.avif`, webp: `${base}.webp` };
    await ctx.storage.put(keys.media, Buffer.from(`jpeg ${number}`), 'image/jpeg');
    await ctx.storage.put(keys.avif, Buffer.from(`avif ${number}`), 'image/avif');
    await ctx.storage.put(keys.webp, Buffer.from(`webp ${number}`), 'image/webp');
    const pages = [{ language: 'en-us', media_key: keys.media, avif_key: keys.avif, webp_key: keys.webp, width: 800, height: 2400 }];
    if (number === 1) {
      plainPageKey = `pages/${bookUuid}/${uuid}/en-us/1-plain.png`;
      await ctx.storage.put(plainPageKey, Buffer.from('png'), 'image/png');
      pages.push({
        language: 'en-us',
        media_key: plainPageKey,
        avif_key: null as unknown as string,
        webp_key: null as unknown as string,
        width: 10,
        height: 10,
      });
    }
    await insertChapter(ctx.db, { uuid, book_id: book.id, number, created_at: Date.now() - 5_000 + number, translations: [], pages });
    chapters.push({ uuid, keys });
  }
  await bookChanged(ctx, book.id);
});
afterAll(() => ctx.close());

describe('page variants in the chapter content', () => {
  it('lists AVIF then WebP as public sources of a free page, and none for a page without variants', async () => {
    const { pages, images } = (await content(0)).json().data.result;
    const { keys } = chapters[0]!;
    expect(pages[0]).toEqual({
      url: `/media/${keys.media}`,
      width: 800,
      height: 2400,
      sources: [
        { type: 'image/avif', url: `/media/${keys.avif}` },
        { type: 'image/webp', url: `/media/${keys.webp}` },
      ],
    });
    expect(pages[1]).toEqual({ url: `/media/${plainPageKey}`, width: 10, height: 10 });
    expect(images).toEqual([`/media/${keys.media}`, `/media/${plainPageKey}`]);
  });

  it('signs every variant of a paid page with its own signature, and each signed URL serves its file', async () => {
    const [page] = (await content(1, authHeader(member))).json().data.result.pages;
    const { keys } = chapters[1]!;
    const urls: string[] = [page.url, ...page.sources.map((source: { url: string }) => source.url)];
    expect(page.sources.map((source: { type: string }) => source.type)).toEqual(['image/avif', 'image/webp']);
    for (const [index, key] of [keys.media, keys.avif, keys.webp].entries()) {
      expect(urls[index]).toMatch(new RegExp(`^/media/${key.replace(/\./g, '\\.')}\\?exp=\\d+&sig=[A-Za-z0-9_-]{43}$`));
      const served = await get(urls[index]!);
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toMatch(/^private/);
    }
    const signatures = urls.map((url) => new URL(url, 'http://x').searchParams.get('sig'));
    expect(new Set(signatures).size).toBe(3);
    // The fallback's signature does not open the AVIF variant.
    const moved = `/media/${keys.avif}${new URL(urls[0]!, 'http://x').search}`;
    expect((await get(moved)).statusCode).toBe(403);
  });
});

describe('unsigned variant requests on /media', () => {
  it('serves the variants of a free page to anyone', async () => {
    const { keys } = chapters[0]!;
    for (const key of [keys.avif, keys.webp]) {
      const response = await get(`/media/${key}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toContain('immutable');
    }
  });

  it('refuses the variants of a paid page without a signature', async () => {
    const { keys } = chapters[1]!;
    for (const key of [keys.media, keys.avif, keys.webp]) {
      const response = await get(`/media/${key}`);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('SIGNATURE_REQUIRED');
    }
  });
});

describe('cover_srcset on book lists', () => {
  const srcset = () => `/media/${coverKeys.small} 240w, /media/${coverKeys.large} 480w`;

  it('is in search results, recommendations and the chapter list', async () => {
    const search = (await get('/api/v1/comics/book/search?language=en-us&q=Variant')).json().data.result;
    expect(search).toEqual([
      expect.objectContaining({ book_uuid: bookUuid, cover_image: `/media/${coverKeys.large}`, cover_srcset: srcset() }),
    ]);
    const recommended = (await get('/api/v1/comics/book/recommendation/list?language=en-us')).json().data.result;
    expect(recommended.find((book: { book_uuid: string }) => book.book_uuid === bookUuid).cover_srcset).toBe(srcset());
    const list = (await get(`/api/v1/comics/chapters/${bookUuid}/en-us/asc/0/10`)).json().data.result;
    expect(list.cover_srcset).toBe(srcset());
  });

  it('is null for a cover with a single size', async () => {
    const plain = await createBook(ctx, { chapters: 1, titles: { 'en-us': 'Single Size Cove' } });
    const search = (await get('/api/v1/comics/book/search?language=en-us&q=Single%20Size')).json().data.result;
    expect(search[0]).toMatchObject({ book_uuid: plain.uuid, cover_srcset: null });
  });
});
