import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentHash } from '../src/modules/media/media-storage.js';
import { createDriverContext, STORAGE_DRIVERS } from './helpers/s3-server.js';
import type { TestContext } from './helpers/test-context.js';

/** HTTP behaviour of /media that must not depend on the storage driver: types, validators, Range, HEAD. */
describe.each(STORAGE_DRIVERS)('GET /media/* HTTP on the %s driver', (driver) => {
  let ctx: TestContext;
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 7) % 256));
  const key = `covers/${randomUUID()}/${contentHash(bytes)}.webp`;
  const url = `/media/${key}`;
  const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => ctx.app.inject({ method, url, headers });

  beforeAll(async () => {
    ctx = await createDriverContext(driver);
    await ctx.storage.put(key, bytes, 'image/webp');
  });
  afterAll(() => ctx.close());

  it('sends the stored bytes with their length, validators and Accept-Ranges', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(bytes);
    expect(response.headers['content-length']).toBe(String(bytes.length));
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(new Date(String(response.headers['last-modified'])).getTime()).not.toBeNaN();
    expect(response.headers.etag).toBe((await ctx.storage.stat(key))!.etag);
  });

  it.each([
    ['avif', 'image/avif'],
    ['webp', 'image/webp'],
    ['jpg', 'image/jpeg'],
    ['jpeg', 'image/jpeg'],
    ['png', 'image/png'],
    ['gif', 'image/gif'],
  ])('sends a .%s key as %s', async (extension, type) => {
    const imageKey = `covers/${randomUUID()}/${contentHash(bytes)}.${extension}`;
    await ctx.storage.put(imageKey, bytes, type);
    const response = await ctx.app.inject(`/media/${imageKey}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(type);
  });

  it('answers 304 to any matching tag of If-None-Match (weak or in a list) and to an up-to-date If-Modified-Since', async () => {
    const { etag, 'last-modified': lastModified } = (await get()).headers;
    for (const headers of [
      { 'if-none-match': String(etag) } as Record<string, string>,
      { 'if-none-match': `W/${etag}` },
      { 'if-none-match': `"other", ${etag}` },
      { 'if-none-match': '*' },
      { 'if-modified-since': String(lastModified) },
    ]) {
      const response = await get(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(304);
      expect(response.rawPayload.length).toBe(0);
      expect(response.headers.etag).toBe(etag);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('sends the file again for a different ETag or an older date (If-None-Match wins over If-Modified-Since)', async () => {
    const { 'last-modified': lastModified } = (await get()).headers;
    const older = new Date(new Date(String(lastModified)).getTime() - 60_000).toUTCString();
    for (const headers of [
      { 'if-none-match': '"something-else"' } as Record<string, string>,
      { 'if-modified-since': older },
      { 'if-none-match': '"something-else"', 'if-modified-since': String(lastModified) },
    ]) {
      expect((await get(headers)).statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it.each([
    ['bytes=0-9', 0, 9],
    ['bytes=990-', 990, 999],
    ['bytes=-5', 995, 999],
    ['bytes=500-5000', 500, 999],
    ['bytes=-5000', 0, 999],
  ])('answers Range %s with 206 and exactly those bytes', async (range, start, end) => {
    const response = await get({ range });
    expect(response.statusCode).toBe(206);
    expect(response.rawPayload).toEqual(bytes.subarray(start, end + 1));
    expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${bytes.length}`);
    expect(response.headers['content-length']).toBe(String(end - start + 1));
  });

  it.each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])('answers the unsatisfiable Range %s with 416 and the size', async (range) => {
    const response = await get({ range });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it.each(['bytes=0-1,5-6', 'bytes=9-2', 'items=0-5', 'bytes=abc', 'bytes=-'])(
    'sends the whole file for the Range %s it does not serve as a part',
    async (range) => {
      const response = await get({ range });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload).toEqual(bytes);
    },
  );

  it('honours If-Range: the part while the ETag still matches, the whole file once it does not', async () => {
    const { etag } = (await get()).headers;
    expect((await get({ range: 'bytes=0-9', 'if-range': String(etag) })).statusCode).toBe(206);
    const stale = await get({ range: 'bytes=0-9', 'if-range': '"stale"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload).toEqual(bytes);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await get({}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(bytes.length));
    expect(head.headers['content-type']).toBe('image/webp');
    expect(head.headers.etag).toBe((await get()).headers.etag);
    const part = await get({ range: 'bytes=0-9' }, 'HEAD');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-length']).toBe('10');
  });

  it('answers 404 for a key that is not stored, for GET and HEAD', async () => {
    const missing = `/media/covers/${randomUUID()}/${'a'.repeat(16)}.webp`;
    expect((await ctx.app.inject(missing)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'HEAD', url: missing })).statusCode).toBe(404);
  });
});
