import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaSigner } from '../src/modules/media/media-signing.js';
import { authHeader, createBook, createUser, grantMembership, type TestBook } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

let ctx: TestContext;
let book: TestBook;
let signedUrl: string;

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers });

beforeAll(async () => {
  ctx = await createTestContext();
  book = await createBook(ctx, { chapters: 4, freeChapters: 1 });
  const member = await createUser(ctx);
  await grantMembership(ctx, member.id, { days: 10 });
  const response = await get(`/api/v1/comics/chapter_comics/${book.chapters[2]!.uuid}/en-us`, authHeader(member));
  signedUrl = response.json().data.result.images[0];
});
afterAll(() => ctx.close());

describe('GET /media/*', () => {
  it('serves covers as immutable public files with an ETag and answers 304 to a matching If-None-Match', async () => {
    const response = await get(`/media/${book.coverKey}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = String(response.headers.etag);
    expect(etag).toBeTruthy();
    expect((await get(`/media/${book.coverKey}`, { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('supports Range requests', async () => {
    const full = await get(`/media/${book.coverKey}`);
    const part = await get(`/media/${book.coverKey}`, { range: 'bytes=0-9' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toEqual(full.rawPayload.subarray(0, 10));
    expect(part.headers['content-range']).toBe(`bytes 0-9/${full.rawPayload.length}`);
  });

  it('serves pages of free chapters without a signature', async () => {
    const response = await get(`/media/${book.chapters[0]!.pageKeys[0]}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('refuses pages of paid chapters without a signature', async () => {
    const response = await get(`/media/${book.chapters[2]!.pageKeys[0]}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('SIGNATURE_REQUIRED');
  });

  it('serves a paid page with the signature handed to a member, privately cached', async () => {
    const response = await get(signedUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
  });

  it('refuses a forged signature, a changed expiry and a signature moved to another page', async () => {
    const url = new URL(signedUrl, 'http://x');
    const sig = url.searchParams.get('sig')!;
    const exp = url.searchParams.get('exp')!;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    // Same bytes, another spelling: the last character's unused bits changed.
    const lastIndex = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.indexOf(sig.at(-1)!);
    const respelled = `${sig.slice(0, -1)}${'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'[lastIndex ^ 1]}`;
    const otherKey = book.chapters[3]!.pageKeys[0];
    for (const forged of [
      `${url.pathname}?exp=${exp}&sig=${flipped}`,
      `${url.pathname}?exp=${exp}&sig=${respelled}`,
      `${url.pathname}?exp=${Number(exp) + 600}&sig=${sig}`,
      `/media/${otherKey}?exp=${exp}&sig=${sig}`,
      `${url.pathname}?exp=${exp}`,
      `${url.pathname}?exp=${exp}&sig=short`,
    ]) {
      const response = await get(forged);
      expect(response.statusCode, forged).toBe(403);
      expect(response.json().code, forged).toBe('SIGNATURE_INVALID');
    }
  });

  it('refuses an expired signature', async () => {
    const key = book.chapters[2]!.pageKeys[0]!;
    const signer = createMediaSigner(ctx.config.mediaSigningSecret, 60);
    const { exp, sig } = signer.sign(key, Date.now() - 2 * 60 * 60 * 1000);
    const response = await get(`/media/${key}?exp=${exp}&sig=${sig}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('SIGNATURE_EXPIRED');
  });

  it('answers 404 for unknown files, other folders and path tricks', async () => {
    for (const url of [
      `/media/covers/${book.uuid}/missing.webp`,
      '/media/secrets/jwt_secret.txt',
      '/media/covers/..%2f..%2fsecrets/jwt_secret.txt',
      '/media/.hidden',
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
