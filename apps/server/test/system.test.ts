import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/test-context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('health, docs and fallbacks', () => {
  it('answers liveness and readiness', async () => {
    expect((await ctx.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('serves an OpenAPI document listing every API call', async () => {
    const response = await ctx.app.inject('/api/docs');
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const expected of [
      '/api/v1/user/login',
      '/api/v1/user/register',
      '/api/v1/comics/book/search',
      '/api/v1/reader/book/tags',
      '/api/v1/comics/book/recommendation/list',
      '/api/v1/comics/chapters/{bookId}/{language}/{direction}/{page}/{pageSize}',
      '/api/v1/comics/chapter_comics/{chapterUuid}/{language}',
      '/api/v1/user/book/membership',
      '/api/v1/comics/chapter/favor',
      '/api/v1/user/invite_code',
      '/api/v1/user/update_password',
      '/api/v1/config/public',
      '/api/v1/user/me',
      '/api/v1/events',
      '/api/v1/user/coupon/redeem',
    ]) {
      expect(paths).toContain(expected);
    }
  });

  it('gives public settings for the web app', async () => {
    const response = await ctx.app.inject('/api/v1/config/public');
    expect(response.statusCode).toBe(200);
    const result = response.json().data.result;
    expect(result.site_name).toBe('Inkstream');
    expect(result.default_language).toBe('en-us');
    expect(result.languages).toEqual(['zh-cn', 'en-us', 'fr-fr', 'es-es', 'ar-sa']);
    expect(result.payments.wechat).toEqual({ enabled: true, sandbox: true, renewing: false });
    expect(result.payments.stripe).toMatchObject({ enabled: true, sandbox: true, publishable_key: null });
  });

  it('answers unknown API paths with a JSON 404 and browser paths with the web app', async () => {
    const api = await ctx.app.inject('/api/v1/nope');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(api.json()).not.toHaveProperty('data');
    const page = await ctx.app.inject('/contact-us');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('refuses malformed JSON with a 400, not a 500', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('refuses an unsupported body type with 415', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<x/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});
