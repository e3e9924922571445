import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentHash } from '../src/modules/media/media-storage.js';
import { createMediaSigner } from '../src/modules/media/media-signing.js';
import { authHeader, createBook, createUser, grantMembership, type TestBook } from './helpers/factories.js';
import { createDriverContext, STORAGE_DRIVERS } from './helpers/s3-server.js';
import type { TestContext } from './helpers/test-context.js';

/**
 * Who gets which bytes from /media, on both storage drivers: covers and free pages for everyone,
 * paid pages only with a valid signature, whatever the key, path, expiry or header tricks.
 */
describe.each(STORAGE_DRIVERS)('GET /media/* access on the %s driver', (driver) => {
  let ctx: TestContext;
  let book: TestBook;
  let signedUrl: string;
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    ctx.app.inject({ method, url, headers });
  const paidKey = () => book.chapters[2]!.pageKeys[0]!;

  beforeAll(async () => {
    ctx = await createDriverContext(driver);
    book = await createBook(ctx, { chapters: 4, freeChapters: 1 });
    const member = await createUser(ctx);
    await grantMembership(ctx, member.id, { days: 10 });
    const response = await get(`/api/v1/comics/chapter_comics/${book.chapters[2]!.uuid}/en-us`, authHeader(member));
    signedUrl = response.json().data.result.images[0];
  });
  afterAll(() => ctx.close());

  it('serves covers publicly, immutable for a year, with an ETag and a 304 to a matching If-None-Match', async () => {
    const response = await get(`/media/${book.coverKey}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    const revalidated = await get(`/media/${book.coverKey}`, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });

  it('serves pages of free chapters without a signature, publicly', async () => {
    const response = await get(`/media/${book.chapters[0]!.pageKeys[0]}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('gives no byte of a paid page without a signature: not whole, not a range, not a HEAD, not a 304', async () => {
    const key = paidKey();
    const etag = String((await get(signedUrl)).headers.etag);
    for (const [headers, method] of [
      [{}, 'GET'],
      [{ range: 'bytes=0-9' }, 'GET'],
      [{}, 'HEAD'],
      [{ 'if-none-match': etag }, 'GET'],
    ] as const) {
      const response = await get(`/media/${key}`, headers, method);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      if (method === 'GET') expect(response.json().code).toBe('SIGNATURE_REQUIRED');
      expect(response.headers.etag).toBeUndefined();
      expect(response.headers['cache-control']).toBeUndefined();
    }
  });

  it('refuses a guessed key beside a paid page (another format of it) without a signature', async () => {
    const key = paidKey();
    const bytes = Buffer.from('a variant nobody listed');
    const guessed = key.replace(/[^/]+$/, `9-${contentHash(bytes)}.avif`);
    await ctx.storage.put(guessed, bytes, 'image/avif');
    for (const url of [`/media/${guessed}`, `/media/${key.replace(/\.webp$/, '.avif')}`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().code).toBe('SIGNATURE_REQUIRED');
    }
  });

  it('serves a paid page with the signature handed to a member, cached privately while the link is valid', async () => {
    const response = await get(signedUrl);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(await buffer(await ctx.storage.read(paidKey())));
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(response.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(ctx.config.mediaUrlTtlSeconds + 600);
    const part = await get(signedUrl, { range: 'bytes=0-3' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['cache-control']).toMatch(/^private/);
    const revalidated = await get(signedUrl, { 'if-none-match': String(response.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['cache-control']).toMatch(/^private/);
  });

  it('refuses a forged signature, a changed expiry, and a signature moved to another page or format', async () => {
    const url = new URL(signedUrl, 'http://x');
    const sig = url.searchParams.get('sig')!;
    const exp = url.searchParams.get('exp')!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    // Same bytes, another spelling: the last character's unused bits changed.
    const respelled = `${sig.slice(0, -1)}${alphabet[alphabet.indexOf(sig.at(-1)!) ^ 1]}`;
    for (const forged of [
      `${url.pathname}?exp=${exp}&sig=${flipped}`,
      `${url.pathname}?exp=${exp}&sig=${respelled}`,
      `${url.pathname}?exp=${Number(exp) + 600}&sig=${sig}`,
      `/media/${book.chapters[3]!.pageKeys[0]}?exp=${exp}&sig=${sig}`,
      `/media/${book.chapters[2]!.pageKeys[1]}?exp=${exp}&sig=${sig}`,
      `${url.pathname.replace(/\.webp$/, '.avif')}?exp=${exp}&sig=${sig}`,
      `${url.pathname}?exp=${exp}`,
      `${url.pathname}?exp=${exp}&sig=short`,
    ]) {
      const response = await get(forged);
      expect(response.statusCode, forged).toBe(403);
      expect(response.json().code, forged).toBe('SIGNATURE_INVALID');
    }
  });

  it('refuses an expired signature, also when replayed with a Range', async () => {
    const key = paidKey();
    const { exp, sig } = createMediaSigner(ctx.config.mediaSigningSecret, 60).sign(key, Date.now() - 2 * 60 * 60 * 1000);
    for (const headers of [{}, { range: 'bytes=0-0' }] as Record<string, string>[]) {
      const response = await get(`/media/${key}?exp=${exp}&sig=${sig}`, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('SIGNATURE_EXPIRED');
    }
  });

  it('stops serving a page without a signature once its chapter is no longer free', async () => {
    const other = await createBook(ctx, { chapters: 2, freeChapters: 2 });
    const url = `/media/${other.chapters[1]!.pageKeys[0]}`;
    expect((await get(url)).statusCode).toBe(200);
    await ctx.db.updateTable('books').set({ public_free_chapters: 1 }).where('id', '=', other.id).execute();
    const response = await get(url);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('SIGNATURE_REQUIRED');
  });

  it('answers 404 for unknown files, other folders, path tricks and files that are not images', async () => {
    for (const [key, type] of [
      [`covers/${book.uuid}/page.svg`, 'image/svg+xml'],
      [`covers/${book.uuid}/page.html`, 'text/html'],
    ] as const) {
      await ctx.storage.put(key, Buffer.from('<svg onload="alert(1)"/>'), type);
    }
    for (const url of [
      `/media/covers/${book.uuid}/missing.webp`,
      `/media/covers/${book.uuid}/page.svg`,
      `/media/covers/${book.uuid}/page.html`,
      '/media/secrets/jwt_secret.txt',
      '/media/covers/..%2f..%2fsecrets/jwt_secret.txt',
      '/media/.hidden',
      '/media/covers/x/.hidden.webp',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code, url).toBe('NOT_FOUND');
    }
  });

  it('never serves a file outside the media folder, even when dot segments are normalised away', async () => {
    const response = await get('/media/covers/../../secrets/jwt_secret.txt');
    expect(response.body).not.toContain(ctx.config.jwtSecret);
    expect(response.headers['content-type']).not.toContain('text/plain');
  });
});
