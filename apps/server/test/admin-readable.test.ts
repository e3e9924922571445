import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createBook, createUser, type TestUser } from './helpers/factories.js';
import { createAdminContext } from './helpers/admin-context.js';
import type { TestContext } from './helpers/test-context.js';

// Issue 26, item 11: the console shows book titles in its own language (with the public fallback)
// and the audit log names what it mentions instead of showing uuids.

let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => ({ ctx, admin } = await createAdminContext()));
afterAll(() => ctx.close());

const get = async (url: string) => {
  const response = await ctx.app.inject({ url: `/api/v1/admin${url}`, headers: authHeader(admin) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

describe('book titles in the console', () => {
  it("follow the console's language: that language, then English for all but Chinese, then the original", async () => {
    const book = await createBook(ctx, {
      originalLanguage: 'zh-cn',
      titles: { 'zh-cn': '九州剑歌', 'en-us': 'Sword Song of the Nine Provinces', 'fr-fr': 'Le Chant des neuf provinces' },
    });
    const listed = async (language?: string) => {
      const query = language ? `&language=${language}` : '';
      const { items } = await get(`/books?q=${encodeURIComponent('九州剑歌')}${query}`);
      return items.find((item: { book_uuid: string }) => item.book_uuid === book.uuid);
    };
    expect(await listed('fr-fr')).toMatchObject({ title: 'Le Chant des neuf provinces', language: 'fr-fr' });
    expect(await listed('ar-sa')).toMatchObject({ title: 'Sword Song of the Nine Provinces', language: 'en-us' });
    expect(await listed('zh-cn')).toMatchObject({ title: '九州剑歌', language: 'zh-cn' });
    // Without a language, as before: the original.
    expect(await listed()).toMatchObject({ title: '九州剑歌', language: 'zh-cn' });
    expect(await get(`/books/${book.uuid}?language=es-es`)).toMatchObject({
      title: 'Sword Song of the Nine Provinces',
      title_language: 'en-us',
      titles: { 'zh-cn': '九州剑歌' },
    });
    const bad = await ctx.app.inject({ url: `/api/v1/admin/books?language=xx`, headers: authHeader(admin) });
    expect(bad.statusCode).toBe(400);

    await ctx.db
      .insertInto('reading_events')
      .values({
        event_type: 'start_reading',
        book_id: book.id,
        chapter_id: null,
        user_id: null,
        visitor_id: 'abcdef12',
        occurred_at: Date.now(),
        received_at: Date.now(),
      })
      .execute();
    const stats = await get('/stats?language=ar-sa');
    expect(stats.top_books).toContainEqual({
      book_uuid: book.uuid,
      title: 'Sword Song of the Nine Provinces',
      title_language: 'en-us',
      reads: 1,
    });
  });
});

describe('the audit log', () => {
  it('names the books, chapters and readers an entry mentions, in the console language', async () => {
    const book = await createBook(ctx, { originalLanguage: 'zh-cn', titles: { 'zh-cn': '莲', 'en-us': 'The Lotus' }, chapters: 2 });
    const reader = await createUser(ctx);
    const [first, second] = book.chapters;
    const order = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/books/${book.uuid}/chapters/order`,
      headers: authHeader(admin),
      payload: { chapter_uuids: [second!.uuid, first!.uuid] },
    });
    expect(order.statusCode, order.body).toBe(200);
    const grant = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${reader.uuid}/grants`,
      headers: authHeader(admin),
      payload: { days: 3, reason: 'support ticket' },
    });
    expect(grant.statusCode, grant.body).toBe(200);

    const { items } = await get(`/audit?language=fr-fr`);
    const reorder = items.find((entry: { action: string }) => entry.action === 'chapter.reorder');
    expect(reorder.names).toEqual({ [book.uuid]: 'The Lotus', [first!.uuid]: 'The Lotus #2', [second!.uuid]: 'The Lotus #1' });
    const granted = items.find((entry: { action: string }) => entry.action === 'membership.grant');
    expect(granted.names).toEqual({ [reader.uuid]: reader.username });
    expect((await get('/audit?action=chapter.reorder')).items[0].names[book.uuid]).toBe('莲');
  });
});
