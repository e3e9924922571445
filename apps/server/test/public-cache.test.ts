import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueVersion } from '../src/modules/catalogue/catalogue-version.js';
import { createPublicCacheStore } from '../src/plugins/public-cache.js';
import { bookChanged, authHeader, createBook, createUser, grantMembership, type TestBook, type TestUser } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

let ctx: TestContext;
let admin: TestUser;
let member: TestUser;
let book: TestBook;
beforeAll(async () => {
  ctx = await createTestContext();
  [admin, member] = await Promise.all([createUser(ctx, { role: 'admin' }), createUser(ctx)]);
  await grantMembership(ctx, member.id, { days: 30 });
  book = await createBook(ctx, { chapters: 3, freeChapters: 1, tags: ['cache-tag'], titles: { 'en-us': 'Cache Book' } });
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers });
const searchUrl = '/api/v1/comics/book/search?language=en-us&page=0&pageSize=10';
const content = (chapter: number) => `/api/v1/comics/chapter_comics/${book.chapters[chapter - 1]!.uuid}/en-us`;

describe('public response cache', () => {
  it('serves a repeat with identical bytes and a strong ETag, and 304 on If-None-Match', async () => {
    const first = await get(searchUrl);
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=10, stale-while-revalidate=60');
    expect(first.headers.vary).toBeUndefined();
    const again = await get(searchUrl);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
    // Served from the cache, yet with the security headers every answer has.
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    // Same request, other spelling: parameters in another order and an upper-case language.
    expect((await get('/api/v1/comics/book/search?pageSize=10&page=0&language=EN-US')).body).toBe(first.body);
    const notModified = await get(searchUrl, { 'if-none-match': first.headers.etag as string });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(first.headers.etag);
  });

  it('answers 304 on the first (uncached) request too', async () => {
    const url = '/api/v1/comics/book/search?language=en-us&page=0&pageSize=5';
    const { etag } = (await get(url)).headers;
    ctx.app.publicCache.clear();
    expect((await get(url, { 'if-none-match': etag as string })).statusCode).toBe(304);
  });

  it('marks tags, recommendations, chapter lists and the config public', async () => {
    const tags = await get('/api/v1/reader/book/tags');
    expect(tags.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(tags.headers.etag).toBeDefined();
    expect((await get('/api/v1/reader/book/tags')).body).toBe(tags.body);
    for (const url of [
      '/api/v1/comics/book/recommendation/list?language=en-us',
      `/api/v1/comics/chapters/${book.uuid}/en-us/asc/0/10`,
      '/api/v1/config/public',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    }
  });

  it('drops everything at once when the catalogue version is bumped in this process', async () => {
    const before = await get(searchUrl);
    await createBook(ctx, { chapters: 1, titles: { 'en-us': 'Fresh After Bump' } }); // bumps
    const after = await get(searchUrl);
    expect(after.body).not.toBe(before.body);
    expect(after.body).toContain('Fresh After Bump');
    ctx.app.publicCache.clear();
    await get(searchUrl);
    expect(ctx.app.publicCache.stats().entries).toBeGreaterThan(0);
    await bookChanged(ctx, book.id);
    expect(ctx.app.publicCache.stats().entries).toBe(0);
  });

  it('shows a book published through the admin API at once', async () => {
    const hidden = await createBook(ctx, { chapters: 1, isPublished: false, titles: { 'en-us': 'Published Through Console' } });
    expect((await get(searchUrl)).body).not.toContain('Published Through Console');
    const publish = await ctx.app.inject({ method: 'POST', url: `/api/v1/admin/books/${hidden.uuid}/publish`, headers: authHeader(admin) });
    expect(publish.statusCode).toBe(200);
    expect((await get(searchUrl)).body).toContain('Published Through Console');
  });

  it('never answers a request with Authorization from the cache, nor marks it public', async () => {
    await get(content(1));
    const asMember = await get(content(1), authHeader(member));
    expect(asMember.statusCode).toBe(200);
    expect(asMember.headers['cache-control']).toBe('private, no-store');
    expect(asMember.headers.etag).toBeUndefined();
    const search = await get(searchUrl, authHeader(member));
    expect(search.headers['cache-control']).toBe('private, no-store');
    expect((await get(searchUrl, { authorization: 'Token forged' })).statusCode).toBe(401);
  });

  it('shares a free chapter, with Vary: Authorization, Save-Data', async () => {
    const first = await get(content(1));
    expect(first.statusCode).toBe(200);
    expect(first.json().data.result.already_favor).toBe(false);
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(first.headers.vary).toBe('Authorization, Save-Data');
    expect((await get(content(1))).body).toBe(first.body);
  });

  it('never caches nor marks public a paid chapter', async () => {
    ctx.app.publicCache.clear();
    const visitor = await get(content(2));
    expect(visitor.statusCode).toBe(403);
    expect(visitor.headers['cache-control']).toBe('private, no-store');
    const paid = await get(content(2), authHeader(member));
    expect(paid.statusCode).toBe(200);
    expect(paid.headers['cache-control']).toBe('private, no-store');
    expect(ctx.app.publicCache.stats().entries).toBe(0);
    // Still refused to a visitor after a member read it.
    expect((await get(content(2))).statusCode).toBe(403);
  });

  it('keeps other API answers private or unmarked', async () => {
    const me = await get('/api/v1/user/me', authHeader(member));
    expect(me.headers['cache-control'] ?? '').not.toMatch(/public/);
    const missing = await get(`/api/v1/comics/chapters/${book.uuid}/en-us/asc/0/10000`);
    expect(missing.statusCode).toBe(400);
    expect(missing.headers['cache-control']).toBe('private, no-store');
  });
});

describe('public cache store', () => {
  const entry = (bytes: number) => ({
    body: Buffer.alloc(bytes),
    etag: '"e"',
    contentType: 'application/json',
    bytes,
    expiresAt: Infinity,
    shows: ['catalogue'] as const,
  });

  it('evicts the least recently used past its entry count', () => {
    const store = createPublicCacheStore({ maxEntries: 2, maxBytes: 1000 });
    store.set('a', entry(1));
    store.set('b', entry(1));
    store.get('a', 0);
    store.set('c', entry(1));
    expect(store.get('b', 0)).toBeUndefined();
    expect(store.get('a', 0)).toBeDefined();
    expect(store.stats().entries).toBe(2);
  });

  it('stays within its byte budget and expires entries', () => {
    const store = createPublicCacheStore({ maxEntries: 100, maxBytes: 100 });
    for (let i = 0; i < 10; i += 1) store.set(`k${i}`, entry(30));
    expect(store.stats().bytes).toBeLessThanOrEqual(100);
    expect(store.stats().entries).toBe(3);
    store.set('big', entry(101));
    expect(store.get('big', 0)).toBeUndefined();
    store.set('old', { ...entry(1), expiresAt: 5 });
    expect(store.get('old', 5)).toBeUndefined();
  });

  it('is bounded in the app (5,000 entries)', async () => {
    ctx.app.publicCache.clear();
    for (let page = 0; page < 30; page += 1) await get(`/api/v1/comics/book/search?language=en-us&page=${page}&pageSize=1`);
    expect(ctx.app.publicCache.stats().entries).toBe(30);
  });
});

describe('catalogue version watcher', () => {
  it('sees a bump made by another process within one poll, and tells its subscribers', async () => {
    const watcher = createCatalogueVersion(ctx.db, { intervalMs: 20 });
    try {
      const start = await watcher.get();
      const heard: string[] = [];
      watcher.subscribe((version) => heard.push(version));
      watcher.start();
      // As the CLI would: a new value written straight to app_state, no in-process notice.
      await ctx.db.updateTable('app_state').set({ value: 'from-another-process' }).where('state_key', '=', 'catalogue_version').execute();
      await expect.poll(() => watcher.peek(), { timeout: 2000 }).toBe('from-another-process');
      expect(heard).toEqual(['from-another-process']);
      expect(start).not.toBe('from-another-process');
      watcher.set('from-a-broadcast');
      expect(heard).toEqual(['from-another-process', 'from-a-broadcast']);
    } finally {
      watcher.stop();
      await bookChanged(ctx, book.id);
    }
  });
});

describe('the front of the cache (real HTTP, ahead of Fastify)', () => {
  it('replays the kept answer byte for byte with the same headers, honours If-None-Match, and steps aside for a token or a change', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}/api/v1/comics/book/search?language=en-us&page=0&pageSize=3`;
    const headersOf = (response: Response) => Object.fromEntries([...response.headers].filter(([name]) => name !== 'date'));
    const served = () => ctx.app.publicCache.stats().front.served;
    ctx.app.publicCache.clear();
    const first = await fetch(url);
    const firstBody = await first.text();
    expect(served()).toBe(0);
    expect(ctx.app.publicCache.stats().front.entries).toBe(1);

    const again = await fetch(url);
    expect(await again.text()).toBe(firstBody);
    expect(headersOf(again)).toEqual(headersOf(first));
    expect(served()).toBe(1);
    const notModified = await fetch(url, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(notModified.headers.get('x-content-type-options')).toBe('nosniff');
    expect(notModified.headers.get('content-type')).toBeNull();
    expect(served()).toBe(2);
    // Another spelling of the same request takes the full path (which normalises it).
    expect(await (await fetch(url.replace('pageSize=3', 'pageSize=03'))).text()).toBe(firstBody);
    expect(served()).toBe(2);

    // A request with a token never: Fastify checks the token (a bad one is refused).
    expect((await fetch(url, { headers: { authorization: 'Token not-a-token' } })).status).toBe(401);
    expect(served()).toBe(2);
    // A catalogue change drops the kept answer at once.
    await createBook(ctx, { chapters: 1, freeChapters: 1, titles: { 'en-us': 'Front Changes' }, updatedAt: Date.now() + 60_000 });
    expect(await (await fetch(url)).text()).toContain('Front Changes');
    expect(served()).toBe(2);
  });
});
