import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createUser, nextClientIp, type TestUser } from './helpers/factories.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * An archive's download link has one spelling (issue 56 item 18): `expires` as the link gives it,
 * digits without a leading zero. `expires=0<ms>` once opened the archive as a second link; now
 * any other spelling is refused 400 with words that say what is wrong, before anything is read.
 */
let ctx: TestContext;
let reader: TestUser;
let url: string;
let expiresAt: number;

beforeAll(async () => {
  ctx = await createTestContext();
  reader = await createUser(ctx);
  const asked = await get('/api/v1/user/data_export', 'POST');
  expect(asked.statusCode, asked.body).toBe(202);
  await ctx.app.jobs.drain();
  const ready = (await get('/api/v1/user/data_export')).json().data.export;
  url = ready.download_url;
  expiresAt = ready.expires_at;
}, 60_000);
afterAll(() => ctx?.close());

function get(path: string, method: 'GET' | 'POST' = 'GET') {
  return ctx.app.inject({
    method,
    url: path,
    headers: authHeader(reader),
    remoteAddress: nextClientIp(),
    ...(method === 'POST' ? { payload: {} } : {}),
  });
}

describe(`the export download link's expiry (${TEST_DIALECT})`, () => {
  it.each([
    ['a leading zero', (ms: number) => `0${ms}`],
    ['two leading zeros', (ms: number) => `00${ms}`],
    ['a plus sign', (ms: number) => `+${ms}`],
    ['a decimal point', (ms: number) => `${ms}.0`],
    ['an exponent', (ms: number) => `${ms / 1000}e3`],
    ['spaces', (ms: number) => `%20${ms}`],
  ])('refuses %s with 400 and its own words', async (_name, spell) => {
    const answer = await get(url.replace(/expires=\d+/, `expires=${spell(expiresAt)}`));
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toEqual({
      code: 'VALIDATION_FAILED',
      error: expect.stringContaining('digits without a leading zero'),
      details: [expect.objectContaining({ field: 'expires' })],
    });
  });

  it('opens with the spelling the link gives', async () => {
    expect(url).toContain(`expires=${expiresAt}&`);
    expect((await get(url)).statusCode).toBe(200);
  });
});
