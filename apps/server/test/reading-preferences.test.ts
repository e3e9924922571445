import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteOwnRows } from '../src/modules/data-rights/deletion/erasure.repository.js';
import { readExportSnapshot } from '../src/modules/data-rights/export/export-snapshot.js';
import { authHeader, createBook, createUser, nextClientIp, type TestBook, type TestUser } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/**
 * A reader's reading preferences (issue 45, docs/API.md "Reading preferences"): defaults and
 * per-book overrides on the account, validated, written all or nothing, at most 500 overrides
 * (the least recently changed go), private to the reader, refused once the account is erased.
 */
let ctx: TestContext;
let manga: TestBook;
let webtoon: TestBook;
let draft: TestBook;

beforeAll(async () => {
  ctx = await createTestContext();
  manga = await createBook(ctx, { chapters: 1 });
  webtoon = await createBook(ctx, { chapters: 1 });
  draft = await createBook(ctx, { chapters: 1, isPublished: false });
}, 60_000);
afterAll(() => ctx?.close());

const URL = '/api/v1/user/reading_preferences';
// Refused before any book is looked up: whether the book exists does not matter.
const TWICE = randomUUID();
const getPreferences = (user: TestUser | null) =>
  ctx.app.inject({ method: 'GET', url: URL, headers: user ? authHeader(user) : {}, remoteAddress: nextClientIp() });
const putPreferences = (user: TestUser | null, payload: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: URL,
    headers: user ? authHeader(user) : {},
    remoteAddress: nextClientIp(),
    payload: payload as Record<string, unknown>,
  });
const overrideCount = async (userId: number) =>
  Number(
    (
      await ctx.db
        .selectFrom('book_reading_overrides')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const settingsRow = (userId: number) => ctx.db.selectFrom('reader_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();

/**
 * `count` published books and an override of each by the reader, written straight into the tables
 * (one call takes 50 entries at most): book i was last changed at a past moment + i, the oldest first.
 */
async function fillOverrides(userId: number, count: number): Promise<number[]> {
  const base = Date.now() - 1_000_000;
  const ids: number[] = [];
  for (let chunk = 0; chunk < count; chunk += 100) {
    const rows = await ctx.db
      .insertInto('books')
      .values(
        Array.from({ length: Math.min(100, count - chunk) }, () => ({
          uuid: randomUUID(),
          book_type: 'comic' as const,
          original_language: 'en-us',
          public_free_chapters: 0,
          is_published: 1,
          created_at: base,
          updated_at: base,
        })),
      )
      .returning('id')
      .execute();
    await ctx.db
      .insertInto('book_reading_overrides')
      .values(
        rows.map((row, i) => ({
          user_id: userId,
          book_id: row.id,
          mode: 'single' as const,
          direction: null,
          fit: null,
          cover_alone: null,
          updated_at: base + chunk + i,
        })),
      )
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

const NOTHING_SET = {
  mode: null,
  direction: null,
  fit: null,
  cover_alone: null,
  font_size: null,
  font_family: null,
  line_spacing: null,
  margins: null,
  theme: null,
};

describe('GET and PUT /user/reading_preferences', () => {
  it('answers nothing set for a new reader, and 401 without a login', async () => {
    const reader = await createUser(ctx);
    const got = await getPreferences(reader);
    expect(got.statusCode, got.body).toBe(200);
    expect(got.headers['cache-control']).toBe('private, no-store');
    expect(got.json()).toEqual({ data: { result: { defaults: NOTHING_SET, books: [] } } });
    for (const response of [await getPreferences(null), await putPreferences(null, { defaults: { mode: 'single' } })]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('AUTH_REQUIRED');
    }
  });

  it('keeps defaults and per-book choices, answers them as GET does, and clears one', async () => {
    const reader = await createUser(ctx);
    const put = await putPreferences(reader, {
      defaults: { mode: 'double', direction: 'rtl', fit: 'height', cover_alone: true, font_size: 20, line_spacing: 1.6, theme: 'sepia' },
      books: [
        { book_uuid: manga.uuid, mode: 'single', direction: 'rtl' },
        { book_uuid: webtoon.uuid.toUpperCase(), mode: 'strip', fit: 'width', cover_alone: false },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    const state = put.json().data.result;
    expect(state.defaults).toEqual({
      ...NOTHING_SET,
      mode: 'double',
      direction: 'rtl',
      fit: 'height',
      cover_alone: true,
      font_size: 20,
      line_spacing: 1.6,
      theme: 'sepia',
    });
    expect(state.books.map((b: { book_uuid: string }) => b.book_uuid).sort()).toEqual([manga.uuid, webtoon.uuid].sort());
    expect(state.books.find((b: { book_uuid: string }) => b.book_uuid === manga.uuid)).toMatchObject({
      mode: 'single',
      direction: 'rtl',
      fit: null,
      cover_alone: null,
    });
    expect(state.books.find((b: { book_uuid: string }) => b.book_uuid === webtoon.uuid)).toMatchObject({
      mode: 'strip',
      fit: 'width',
      cover_alone: false,
    });
    // Stored as tenths: 1.6 is 16 on both databases.
    expect((await settingsRow(reader.id))?.line_spacing_tenths).toBe(16);
    expect((await getPreferences(reader)).json().data.result).toEqual(state);

    // A partial change leaves the other fields; null unsets one; clear removes the book's choice.
    const changed = await putPreferences(reader, {
      defaults: { font_size: null, font_family: 'sans', margins: 32 },
      books: [
        { book_uuid: webtoon.uuid, clear: true },
        { book_uuid: manga.uuid, direction: null },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = changed.json().data.result;
    expect(after.defaults).toMatchObject({ mode: 'double', font_size: null, font_family: 'sans', margins: 32, theme: 'sepia' });
    expect(after.books).toEqual([
      { book_uuid: manga.uuid, mode: 'single', direction: null, fit: null, cover_alone: null, updated_at: expect.any(String) },
    ]);

    // An override whose every field is unset again changes nothing: it is removed.
    const emptied = await putPreferences(reader, { books: [{ book_uuid: manga.uuid, mode: null }] });
    expect(emptied.json().data.result.books).toEqual([]);
    expect(await overrideCount(reader.id)).toBe(0);
  });

  it.each([
    ['an unknown mode', { defaults: { mode: 'webtoon' } }],
    ['an unknown direction', { books: [{ book_uuid: randomUUID(), direction: 'ttb' }] }],
    ['an unknown theme', { defaults: { theme: 'neon' } }],
    ['a font size below 12', { defaults: { font_size: 11 } }],
    ['a font size above 32', { defaults: { font_size: 33 } }],
    ['a line spacing above 2.5', { defaults: { line_spacing: 2.6 } }],
    ['a line spacing off the 0.1 steps', { defaults: { line_spacing: 1.55 } }],
    ['margins above 64', { defaults: { margins: 65 } }],
    ['a string where a boolean belongs', { defaults: { cover_alone: 'true' } }],
    ['51 book entries', { books: Array.from({ length: 51 }, () => ({ book_uuid: randomUUID(), mode: 'single' })) }],
    ['clear with a setting', { books: [{ book_uuid: randomUUID(), clear: true, mode: 'single' }] }],
    ['an entry that sets nothing', { books: [{ book_uuid: randomUUID() }] }],
    [
      'the same book twice',
      {
        books: [
          { book_uuid: TWICE, mode: 'single' },
          { book_uuid: TWICE, mode: 'double' },
        ],
      },
    ],
    ['an empty body', {}],
  ])('refuses %s with 400 VALIDATION_FAILED and writes nothing', async (_what, body) => {
    const reader = await createUser(ctx);
    const refused = await putPreferences(reader, body);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().code).toBe('VALIDATION_FAILED');
    expect(await settingsRow(reader.id)).toBeUndefined();
    expect(await overrideCount(reader.id)).toBe(0);
  });

  it('drops properties it does not know, as every closed body does (the rest is kept)', async () => {
    const reader = await createUser(ctx);
    const put = await putPreferences(reader, {
      defaults: { theme: 'dark', brightness: 40 },
      books: [{ book_uuid: manga.uuid, mode: 'double', zoom: 3 }],
      user_id: 1,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.result.defaults).toEqual({ ...NOTHING_SET, theme: 'dark' });
    expect(put.json().data.result.books).toHaveLength(1);
  });

  it('refuses an unknown or unpublished book with 404 BOOK_NOT_FOUND, writing nothing of the call', async () => {
    const reader = await createUser(ctx);
    for (const missing of [randomUUID(), draft.uuid]) {
      const refused = await putPreferences(reader, {
        defaults: { mode: 'single' },
        books: [
          { book_uuid: manga.uuid, mode: 'single' },
          { book_uuid: missing, mode: 'double' },
        ],
      });
      expect(refused.statusCode, refused.body).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'BOOK_NOT_FOUND', details: [{ field: 'books.1.book_uuid' }] });
    }
    // Neither the defaults nor the valid entry of the same calls were written.
    expect(await settingsRow(reader.id)).toBeUndefined();
    expect(await overrideCount(reader.id)).toBe(0);
    expect((await getPreferences(reader)).json().data.result).toEqual({ defaults: NOTHING_SET, books: [] });
  });

  it('keeps at most 500 overrides: past them the least recently changed are dropped', async () => {
    const reader = await createUser(ctx);
    // 500 published books and an override of each, written straight into the tables (one call
    // takes 50 entries at most), the oldest first.
    const ids = await fillOverrides(reader.id, 500);
    expect(await overrideCount(reader.id)).toBe(500);

    const put = await putPreferences(reader, {
      books: [
        { book_uuid: manga.uuid, mode: 'double' },
        { book_uuid: webtoon.uuid, mode: 'strip' },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await overrideCount(reader.id)).toBe(500);
    const kept = new Set(
      (await ctx.db.selectFrom('book_reading_overrides').select('book_id').where('user_id', '=', reader.id).execute()).map(
        (r) => r.book_id,
      ),
    );
    // The two oldest went; the two just written and the 498 newer ones stayed.
    expect([kept.has(ids[0]!), kept.has(ids[1]!), kept.has(ids[2]!), kept.has(ids[499]!)]).toEqual([false, false, true, true]);
    expect([kept.has(manga.id), kept.has(webtoon.id)]).toEqual([true, true]);
    const answered = put.json().data.result.books as { book_uuid: string }[];
    expect(answered).toHaveLength(500);
    expect(answered.slice(0, 2).map((b) => b.book_uuid)).toEqual(expect.arrayContaining([manga.uuid, webtoon.uuid]));
  });

  it('keeps the limit exact when calls of one reader run at once (one after the other on PostgreSQL)', async () => {
    const reader = await createUser(ctx);
    await fillOverrides(reader.id, 450);
    // Four calls of 50 new books each, sent together: 650 choices, 500 kept. Trimming by what each
    // call alone sees (without the reader's lock) would keep more.
    const batches = Array.from({ length: 4 }, () => Array.from({ length: 50 }, () => randomUUID()));
    await ctx.db
      .insertInto('books')
      .values(
        batches.flat().map((uuid) => ({
          uuid,
          book_type: 'comic' as const,
          original_language: 'en-us',
          public_free_chapters: 0,
          is_published: 1,
          created_at: 1,
          updated_at: 1,
        })),
      )
      .execute();
    const calls = await Promise.all(
      batches.map((uuids) => putPreferences(reader, { books: uuids.map((book_uuid) => ({ book_uuid, mode: 'double' })) })),
    );
    expect(calls.map((call) => call.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await overrideCount(reader.id)).toBe(500);
  });

  it("never shows one reader's choices to another", async () => {
    const [one, other] = [await createUser(ctx), await createUser(ctx)];
    expect(
      (await putPreferences(one, { defaults: { theme: 'dark' }, books: [{ book_uuid: manga.uuid, mode: 'single' }] })).statusCode,
    ).toBe(200);
    expect((await getPreferences(other)).json().data.result).toEqual({ defaults: NOTHING_SET, books: [] });
  });

  it("are in the reader's data archive, with the books' titles", async () => {
    const reader = await createUser(ctx);
    const put = await putPreferences(reader, {
      defaults: { line_spacing: 1.8, font_family: 'serif' },
      books: [{ book_uuid: manga.uuid, direction: 'rtl', cover_alone: true }],
    });
    expect(put.statusCode, put.body).toBe(200);
    const snapshot = await readExportSnapshot(ctx.db, reader.id, Date.now(), (kind) => kind);
    expect(snapshot!.json['reading-preferences.json']).toEqual({
      defaults: expect.objectContaining({ line_spacing: 1.8, font_family: 'serif', mode: null, theme: null }),
      books: [
        expect.objectContaining({ book_uuid: manga.uuid, book_title: expect.any(String), direction: 'rtl', mode: null, cover_alone: true }),
      ],
    });
  });

  it('refuses an erased account (401 INVALID_TOKEN, nothing written), and the erasure deletes what was kept', async () => {
    const reader = await createUser(ctx);
    expect(
      (await putPreferences(reader, { defaults: { fit: 'width' }, books: [{ book_uuid: manga.uuid, fit: 'height' }] })).statusCode,
    ).toBe(200);
    await deleteOwnRows(ctx.db, reader.id);
    expect(await settingsRow(reader.id)).toBeUndefined();
    expect(await overrideCount(reader.id)).toBe(0);

    // The erasure marks the account; a request that authenticated just before it is refused by the
    // writer's own check (users/account-guard.ts), whatever the token still says.
    await ctx.db.updateTable('users').set({ erased_at: Date.now() }).where('id', '=', reader.id).execute();
    const refused = await putPreferences(reader, { defaults: { theme: 'light' } });
    expect(refused.statusCode, refused.body).toBe(401);
    expect(refused.json().code).toBe('INVALID_TOKEN');
    expect(await settingsRow(reader.id)).toBeUndefined();
  });
});
