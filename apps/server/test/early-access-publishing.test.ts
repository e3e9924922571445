import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminContext } from './helpers/admin-context.js';
import { readChapter, turnCoinsOn } from './helpers/coin-flows.js';
import { authHeader, createBook, createUser, grantMembership, type TestBook, type TestUser } from './helpers/factories.js';
import { buildZip, pages } from './helpers/import-fixtures.js';
import { multipart } from './helpers/multipart.js';
import { TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * Issue 56, finding 1: publishing a chapter into a book with early access read the site settings
 * through the pool from inside the publishing transaction whenever this node's 2-second copy of the
 * settings had lapsed. On SQLite (one connection) the read waited for the transaction and the
 * transaction for the read: every database request of the site hung, a scheduled release did it with
 * nobody present. Each way a chapter comes out is tried here with the settings copy cold (a settings
 * change drops it), and the site must answer afterwards.
 */
const HOUR = 3_600_000;
let ctx: TestContext;
let admin: TestUser;
let book: TestBook;

const adminApi = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1/admin${url}`, headers: authHeader(admin), ...(payload ? { payload } : {}) });
const earlyAccessUntil = async (uuid: string) =>
  (await ctx.db.selectFrom('chapters').select('early_access_until').where('uuid', '=', uuid).executeTakeFirstOrThrow()).early_access_until;
/** The settings copy is dropped by a change: the next settings read goes to the database. */
const coldSettings = () => turnCoinsOn(ctx, admin);
const chapterUuid = (number: number) => book.chapters[number - 1]!.uuid;

beforeAll(async () => {
  ({ ctx, admin } = await createAdminContext());
  await turnCoinsOn(ctx, admin);
  // Chapter 1 free; 3 and 4 come out in the tests, each into 24 hours of early access (two ahead at most).
  book = await createBook(ctx, { chapters: 4, freeChapters: 1, pagesPerChapter: 1 });
  for (const number of [3, 4]) expect((await adminApi('POST', `/chapters/${chapterUuid(number)}/unpublish`)).statusCode).toBe(200);
  const set = await adminApi('PATCH', `/books/${book.uuid}/unlocks`, { coin_price: 30, early_access_count: 3, early_access_hours: 24 });
  expect(set.statusCode, set.body).toBe(200);
}, 60_000);
afterAll(() => ctx?.close());

describe(`a chapter coming out into early access with the settings copy cold (${TEST_DIALECT})`, () => {
  it('publishes from the console, and the site goes on answering', async () => {
    await coldSettings();
    const before = Date.now();
    const published = await adminApi('POST', `/chapters/${chapterUuid(3)}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(Number(await earlyAccessUntil(chapterUuid(3)))).toBeGreaterThanOrEqual(before + 24 * HOUR);
    expect((await ctx.app.inject('/readyz')).statusCode).toBe(200);
    const member = await createUser(ctx);
    await grantMembership(ctx, member.id, { days: 30 });
    expect((await readChapter(ctx, member, chapterUuid(3))).json().code).toBe('EARLY_ACCESS');
  });

  it('releases a scheduled chapter from the job runner', async () => {
    const at = new Date(Date.now() + 300).toISOString();
    expect((await adminApi('PUT', `/chapters/${chapterUuid(4)}/schedule`, { publish_at: at })).statusCode).toBe(200);
    // Its time has come (the condition itself), then the copy goes cold and the runner releases it.
    while (Date.now() <= Date.parse(at)) await new Promise((resolve) => setImmediate(resolve));
    await coldSettings();
    await ctx.app.jobs.drain();
    expect(await earlyAccessUntil(chapterUuid(4))).not.toBeNull();
    const publishes = await ctx.db
      .selectFrom('audit_log')
      .select('actor_name')
      .where('action', '=', 'chapter.publish')
      .where('target_id', '=', chapterUuid(4))
      .execute();
    expect(publishes.map((row) => row.actor_name)).toEqual(['scheduler']);
    expect((await ctx.app.inject('/readyz')).statusCode).toBe(200);
  });

  it('imports a chapter uploaded in the console straight into early access', async () => {
    await coldSettings();
    const body = multipart({ book_uuid: book.uuid, chapter_title: 'Ahead' }, [
      { name: 'ahead.cbz', data: await buildZip(await pages('p', 1)) },
    ]);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/imports',
      headers: { ...authHeader(admin), ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(202);
    await ctx.app.jobs.drain();
    const job = (
      await ctx.app.inject({ url: `/api/v1/admin/imports/${uploaded.json().data.result.job_uuid}`, headers: authHeader(admin) })
    ).json().data;
    expect(job.state, JSON.stringify(job)).toBe('succeeded');
    const added = job.result.chapters[0].uuid as string;
    expect(await earlyAccessUntil(added)).not.toBeNull();
    // Three ahead at most: chapters 3, 4 and the import (5) are all in early access.
    const ahead = await ctx.db
      .selectFrom('chapters')
      .select('number')
      .where('book_id', '=', book.id)
      .where('early_access_until', '>', Date.now())
      .orderBy('number')
      .execute();
    expect(ahead.map((row) => row.number)).toEqual([3, 4, 5]);
    expect((await ctx.app.inject('/readyz')).statusCode).toBe(200);
  });
});
