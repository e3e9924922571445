import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createBook, createUser, type TestUser } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/** Alternate titles in the console's book API: round trip, order, audit and every refusal as a 400. */
let ctx: TestContext;
let admin: TestUser;

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: authHeader(admin),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const newBook = (extra: object = {}) =>
  api('POST', '/books', { original_language: 'zh-cn', titles: { 'zh-cn': '斗破苍穹' }, book_type: 'novel', ...extra });

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, { role: 'admin' });
});
afterAll(() => ctx.close());

describe('alternate titles of a book in the console', () => {
  it('keeps them in order, trimmed, with their language or none, and replaces the whole list', async () => {
    const created = await newBook({
      alternate_titles: [
        { title: '  Doupo Cangqiong ', language: 'zh-Latn-pinyin' },
        { title: 'Battle Through the Heavens', language: 'en' },
        { title: '斗破蒼穹' },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const uuid = created.json().data.book_uuid as string;
    const expected = [
      { title: 'Doupo Cangqiong', language: 'zh-Latn-pinyin' },
      { title: 'Battle Through the Heavens', language: 'en' },
      { title: '斗破蒼穹', language: null },
    ];
    expect(created.json().data.alternate_titles).toEqual(expected);
    expect((await api('GET', `/books/${uuid}`)).json().data.alternate_titles).toEqual(expected);

    // Other fields leave them alone; a new list replaces them, in its order; an empty one removes them.
    expect((await api('PUT', `/books/${uuid}`, { author: 'Tiancan Tudou' })).json().data.alternate_titles).toEqual(expected);
    const renamed = await api('PUT', `/books/${uuid}`, {
      alternate_titles: [{ title: 'Combat des Cieux', language: 'fr' }, expected[0]],
    });
    expect(renamed.json().data.alternate_titles).toEqual([{ title: 'Combat des Cieux', language: 'fr' }, expected[0]]);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['before_json', 'after_json'])
      .where('target_id', '=', uuid)
      .where('action', '=', 'book.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json!).alternate_titles[0].title).toBe('Combat des Cieux');
    expect(JSON.parse(audit.before_json!).alternate_titles).toHaveLength(3);
    expect((await api('PUT', `/books/${uuid}`, { alternate_titles: [] })).json().data.alternate_titles).toEqual([]);
    expect(await ctx.db.selectFrom('book_alternate_titles').selectAll().execute()).toEqual([]);
  });

  it('refuses blanks, repeats (any case, once trimmed), long titles, too many, bad languages and unknown fields with 400', async () => {
    const uuid = (await newBook()).json().data.book_uuid as string;
    const cases: [list: unknown, field: string][] = [
      [[{ title: '   ' }], 'alternate_titles.0.title'],
      [[{ title: 'Doupo' }, { title: ' DOUPO ' }], 'alternate_titles.1.title'],
      [[{ title: 'Ω' }, { title: 'ω' }], 'alternate_titles.1.title'],
      [[{ title: '' }], 'alternate_titles.0.title'],
      [[{ title: 'x'.repeat(201) }], 'alternate_titles.0.title'],
      [[{ title: 'a\u0007b' }], 'alternate_titles.0.title'],
      [[{ title: 'ok', language: 'not a tag' }], 'alternate_titles.0.language'],
      [[{ title: 'ok', language: 'x'.repeat(36) }], 'alternate_titles.0.language'],
      [Array.from({ length: 21 }, (_, i) => ({ title: `Name ${i}` })), 'alternate_titles'],
      // Not a list: refused as it is (bodies are not coerced, so no one-title list is made of it).
      ['Doupo', 'alternate_titles'],
      [[{ language: 'en' }], 'alternate_titles.0.title'],
      [[{ title: ['a', 'b'] }], 'alternate_titles.0.title'],
    ];
    for (const [list, field] of cases) {
      for (const response of [await api('PUT', `/books/${uuid}`, { alternate_titles: list }), await newBook({ alternate_titles: list })]) {
        expect(response.statusCode, JSON.stringify(list)).toBe(400);
        expect(response.json().code).toBe('VALIDATION_FAILED');
        expect(response.json().details[0].field, JSON.stringify(list)).toBe(field);
      }
    }
    // Exactly at the bounds is fine.
    const full = Array.from({ length: 20 }, (_, i) => ({ title: `${i}`.padEnd(200, 'x') }));
    const response = await api('PUT', `/books/${uuid}`, { alternate_titles: full });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.alternate_titles).toHaveLength(20);
    // Unknown fields inside an entry are dropped, as everywhere (closed schemas).
    const extra = await api('PUT', `/books/${uuid}`, { alternate_titles: [{ title: 'Solo', position: 9 }] });
    expect(extra.json().data.alternate_titles).toEqual([{ title: 'Solo', language: null }]);
  });

  it("gives readers the book's alternate titles on its chapter list (ext), and an empty list when none", async () => {
    const book = await createBook(ctx, { alternateTitles: [{ title: 'Doupo Cangqiong', language: 'zh-Latn-pinyin' }] });
    const list = await ctx.app.inject(`/api/v1/comics/chapters/${book.uuid}/en-us/asc/0/10`);
    expect(list.json().data.result.alternate_titles).toEqual([{ title: 'Doupo Cangqiong', language: 'zh-Latn-pinyin' }]);
    const plain = await createBook(ctx);
    expect((await ctx.app.inject(`/api/v1/comics/chapters/${plain.uuid}/en-us/asc/0/10`)).json().data.result.alternate_titles).toEqual([]);
  });
});
