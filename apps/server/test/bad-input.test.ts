import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaSigner } from '../src/modules/media/media-signing.js';
import { authHeader, createBook, createUser, nextClientIp, type TestUser } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  user = await createUser(ctx);
});
afterAll(() => ctx.close());

type Reply = Awaited<ReturnType<TestContext['app']['inject']>>;

function expectRefused(response: Reply, status = 400) {
  expect(response.statusCode).toBe(status);
  const body = response.json();
  expect(body).toEqual({ error: expect.any(String), code: expect.any(String), ...(body.details ? { details: expect.any(Array) } : {}) });
}

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: nextClientIp() });

describe('NUL and other control characters are refused at the edge (PostgreSQL would answer 500)', () => {
  it.each([
    ['login username', () => post('/api/v1/user/login', { username: 'ab\u0000cd', password: 'whatever' })],
    ['register invite_code', () => post('/api/v1/user/register', { username: 'nulcheck1', password: 'secret1', invite_code: 'AB\u0000C' })],
    ['register user_type', () => post('/api/v1/user/register', { username: 'nulcheck2', password: 'secret1', user_type: 'web\u0000' })],
    ['coupon code', () => post('/api/v1/user/coupon/redeem', { code: 'FREE\u0000' }, authHeader(user))],
    ['coupon code (escape char)', () => post('/api/v1/user/coupon/redeem', { code: 'FREE\u001b[0m' }, authHeader(user))],
    ['an unknown body field', () => post('/api/v1/user/login', { username: 'someone', password: 'x', ['note\u0000']: 1 })],
    ['order id in the path', () => ctx.app.inject({ url: '/api/v1/payment/wechat/payment/status/IS%00123', headers: authHeader(user) })],
    [
      'order id with odd characters',
      () => ctx.app.inject({ url: '/api/v1/payment/wechat/payment/status/IS%E2%80%AE1', headers: authHeader(user) }),
    ],
    ['search text', () => ctx.app.inject({ url: '/api/v1/comics/book/search?language=en-us&q=a%00b' })],
    ['search tag', () => ctx.app.inject({ url: '/api/v1/comics/book/search?language=en-us&tag=%07' })],
    ['a media path', () => ctx.app.inject({ url: '/media/covers/a%00b.webp' })],
  ])('%s', async (_name, send) => {
    expectRefused(await send());
  });
});

describe('values outside their columns', () => {
  it('a user name that grows past the column when lower-cased (64 × İ) is a plain failed login', async () => {
    const response = await post('/api/v1/user/login', { username: 'İ'.repeat(64), password: 'whatever' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_CREDENTIALS');
  });

  it.each(['/sitemap-books-214749.xml', '/sitemap-books-999999999.xml', '/sitemap-books-0.xml'])('%s is 404, not 500', async (url) => {
    const response = await ctx.app.inject({ url });
    expect(response.statusCode).toBe(404);
  });

  it.each([
    ['a page past 2^31', '/api/v1/comics/book/search?language=en-us&page=2147483648'],
    ['a huge page', '/api/v1/comics/book/search?language=en-us&page=1e300'],
    ['a huge chapter page', '/api/v1/comics/chapters/00000000-0000-4000-8000-000000000000/en-us/asc/99999999999/10'],
    // Ajv turns these into Infinity and lets them past an integer maximum (found by the fuzz test).
    ['an infinite history page size', '/api/v1/reader/history?page_size=Infinity'],
    ['an overflowing history page', '/api/v1/reader/history?page=1e400'],
    ['an infinite search page', '/api/v1/comics/book/search?language=en-us&page=Infinity'],
    ['an infinite chapter page', '/api/v1/comics/chapters/00000000-0000-4000-8000-000000000000/en-us/asc/Infinity/10'],
    ['an infinite comments page', '/api/v1/comics/chapter/00000000-0000-4000-8000-000000000000/comments?page=Infinity'],
    ['a comments page past the last', '/api/v1/comics/chapter/00000000-0000-4000-8000-000000000000/comments?page=100001'],
    ['a huge comments page size', '/api/v1/comics/chapter/00000000-0000-4000-8000-000000000000/comments?page_size=1e300'],
    ['an unknown comments sort', '/api/v1/comics/chapter/00000000-0000-4000-8000-000000000000/comments?sort=random'],
    ['a replies parent that is no uuid', '/api/v1/comics/chapter/00000000-0000-4000-8000-000000000000/comments?parent_uuid=1%20OR%201'],
  ])('%s is 400', async (_name, url) => {
    expectRefused(await ctx.app.inject({ url }));
  });
});

describe('a JSON body string that Ajv would make infinite', () => {
  it.each(['Infinity', '1e400', '-Infinity'])('%s days of membership granted by an administrator is 400, not 500', async (days) => {
    const admin = await createUser(ctx, { role: 'admin' });
    const reader = await createUser(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${reader.uuid}/grants`,
      headers: authHeader(admin),
      payload: { days, reason: 'fuzz found this' },
    });
    expectRefused(response);
  });
});

describe('signed media URLs have one spelling', () => {
  it('refuses an expiry written with leading zeros', async () => {
    const book = await createBook(ctx, { chapters: 2, freeChapters: 1 });
    const key = book.chapters[1]!.pageKeys[0]!;
    const { exp, sig } = createMediaSigner(ctx.config.mediaSigningSecret, ctx.config.mediaUrlTtlSeconds).sign(key);
    expect((await ctx.app.inject({ url: `/media/${key}?exp=${exp}&sig=${sig}` })).statusCode).toBe(200);
    const padded = await ctx.app.inject({ url: `/media/${key}?exp=000${exp}&sig=${sig}` });
    expect(padded.statusCode).toBe(403);
    expect(padded.json().code).toBe('SIGNATURE_INVALID');
  });
});
