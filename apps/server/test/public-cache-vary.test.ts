import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicCacheRoute } from '../src/http/cache-rules.js';
import { createPublicCacheFront, serverWithFront } from '../src/plugins/public-cache-front.js';
import { registerPublicCache, type PublicCacheStore } from '../src/plugins/public-cache.js';

/**
 * The public cache keys on what an answer varies on, as a shared cache keys on Vary (issue 40):
 * whatever request header a route's answer follows, a repeat with another value of it is never
 * answered from the copy kept for the first, neither by the full path nor by the front.
 */
const route = (vary: string, extra: Partial<PublicCacheRoute> = {}): PublicCacheRoute => ({
  maxAge: 60,
  staleWhileRevalidate: 60,
  ttlMs: 60_000,
  vary,
  ...extra,
});

const front = createPublicCacheFront();
const app = Fastify({ serverFactory: serverWithFront(front) });
let calls = 0;
let base = '';
let cache: PublicCacheStore;
beforeAll(async () => {
  cache = registerPublicCache(app, { versions: { peek: () => 'v1', subscribe: () => () => undefined }, front });
  // Each answer echoes the inputs it follows, and counts how often the handler ran.
  app.get('/language', { config: { publicCache: route('Accept-Language') } }, async (request) => {
    calls += 1;
    return { language: request.headers['accept-language'] ?? 'none' };
  });
  app.get('/format', { config: { publicCache: route('Accept') } }, async (request) => {
    calls += 1;
    return { webp: String(request.headers.accept ?? '').includes('image/webp') };
  });
  app.get('/saver-cookie', { config: { publicCache: route('Cookie', { varyCookies: ['inkstream-data-saver'] }) } }, async (request) => {
    calls += 1;
    return { saver: /inkstream-data-saver=on/.test(String(request.headers.cookie ?? '')) };
  });
  // A handler that follows a header its route did not declare: it must not be shared in process.
  app.get('/undeclared', { config: { publicCache: route('Save-Data') } }, async (request, reply) => {
    calls += 1;
    reply.header('vary', 'Accept-Language');
    return { language: request.headers['accept-language'] ?? 'none' };
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

const body = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${base}${path}`, { headers });
  expect(response.status).toBe(200);
  return { json: (await response.json()) as Record<string, unknown>, vary: response.headers.get('vary') };
};

describe('the public cache keys on the headers an answer varies on', () => {
  it.each([
    ['/language', { 'accept-language': 'fr-FR' }, { 'accept-language': 'zh-CN' }, 'language'],
    ['/format', { accept: 'image/webp,*/*' }, { accept: 'image/png' }, 'webp'],
    ['/saver-cookie', { cookie: 'inkstream-data-saver=on' }, { cookie: 'inkstream-language=en-us' }, 'saver'],
  ] as const)('%s: each form answered as asked, in either order, every time', async (path, one, other, field) => {
    cache.clear();
    const expected = { one: (await body(path, one)).json[field], other: (await body(path, other)).json[field] };
    expect(expected.one).not.toEqual(expected.other);
    for (let round = 0; round < 3; round += 1) {
      expect((await body(path, other)).json[field]).toEqual(expected.other);
      expect((await body(path, one)).json[field]).toEqual(expected.one);
    }
    // Repeats were shared: the handler ran once per form, not once per request.
    cache.clear();
    const before = calls;
    await body(path, one);
    await body(path, one);
    await body(path, other);
    await body(path, other);
    expect(calls - before).toBe(2);
  });

  it('keys a cookie route on its named cookie alone: other cookies still share one copy', async () => {
    cache.clear();
    const before = calls;
    await body('/saver-cookie', { cookie: 'a=1; inkstream-data-saver=on' });
    expect((await body('/saver-cookie', { cookie: 'inkstream-data-saver=on; b=2' })).json.saver).toBe(true);
    expect(calls - before).toBe(1);
  });

  it('keeps nothing whose Vary names a header the route did not declare, and sends both Vary names', async () => {
    cache.clear();
    const fr = await body('/undeclared', { 'accept-language': 'fr-FR' });
    expect(fr.vary).toBe('Accept-Language, Save-Data');
    expect((await body('/undeclared', { 'accept-language': 'ar-SA' })).json.language).toBe('ar-SA');
    expect((await body('/undeclared', { 'accept-language': 'fr-FR' })).json.language).toBe('fr-FR');
    expect(cache.stats().entries).toBe(0);
  });
});
