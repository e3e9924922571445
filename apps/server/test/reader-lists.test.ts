import { LIST_BOOKS_MAX, LISTS_PER_READER_MAX } from '@inkstream/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readExportSnapshot } from '../src/modules/data-rights/export/export-snapshot.js';
import { insertBook } from '../src/modules/catalogue/catalogue-write.repository.js';
import { eraseAccountNow } from './helpers/account-erasure.js';
import { authHeader, callApi, createBook, createUser, nextClientIp, type TestBook, type TestUser } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/**
 * Issue 61: reader lists on both databases: create, order, notes, the three visibilities (private
 * 404 for others, unlisted by link, public), hidden 404 for others, limits, bad input 400, follow,
 * staff picks, the word filter.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const patch = (user: TestUser, url: string, payload: unknown) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/v1${url}`,
    headers: authHeader(user),
    remoteAddress: nextClientIp(),
    payload: payload as Record<string, unknown>,
  });
const createList = async (user: TestUser, body: Record<string, unknown>) => {
  const response = await callApi(ctx, 'POST', '/user/lists', user, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.result as { list_uuid: string; [key: string]: unknown };
};
const addBook = (user: TestUser, list: string, book: TestBook, body: Record<string, unknown> = {}) =>
  callApi(ctx, 'PUT', `/user/lists/${list}/books/${book.uuid}`, user, body);
const readList = (user: TestUser | null, list: string) => callApi(ctx, 'GET', `/lists/${list}`, user);
const titlesOf = (response: { json: () => { data: { result: { books: { book_uuid: string }[] } } } }) =>
  response.json().data.result.books.map((b: { book_uuid: string }) => b.book_uuid);

describe('reader lists', () => {
  it('creates a list, adds books in order with notes, reorders, moves, removes; the owner’s reads are never cached', async () => {
    const owner = await createUser(ctx);
    const [a, b, c] = [await createBook(ctx), await createBook(ctx), await createBook(ctx)];
    const list = await createList(owner, { name: '  My wuxia  ', description: 'Ten favourites' });
    expect(list).toMatchObject({ name: 'My wuxia', visibility: 'private', mine: true, books: [], owner_username: owner.username });
    for (const book of [a, b, c]) expect((await addBook(owner, list.list_uuid, book)).statusCode).toBe(200);
    const noted = await addBook(owner, list.list_uuid, b, { note: 'Start here' });
    expect(noted.json().data.result.books[1]).toMatchObject({ book_uuid: b.uuid, position: 2, note: 'Start here' });
    const reordered = await callApi(ctx, 'PUT', `/user/lists/${list.list_uuid}/order`, owner, { book_uuids: [c.uuid, a.uuid, b.uuid] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(titlesOf(reordered)).toEqual([c.uuid, a.uuid, b.uuid]);
    const moved = await addBook(owner, list.list_uuid, b, { position: 1 });
    expect(titlesOf(moved)).toEqual([b.uuid, c.uuid, a.uuid]);
    expect(moved.json().data.result.books[0].note).toBe('Start here');
    const cleared = await addBook(owner, list.list_uuid, b, { note: null });
    expect(cleared.json().data.result.books[0].note).toBeNull();
    const removed = await callApi(ctx, 'DELETE', `/user/lists/${list.list_uuid}/books/${c.uuid}`, owner);
    expect(removed.json().data.result.books.map((x: { position: number }) => x.position)).toEqual([1, 2]);
    const again = await callApi(ctx, 'DELETE', `/user/lists/${list.list_uuid}/books/${c.uuid}`, owner);
    expect([again.statusCode, again.json().code]).toEqual([404, 'LIST_BOOK_NOT_FOUND']);
    const read = await readList(owner, list.list_uuid);
    expect(read.headers['cache-control']).toBe('private, no-store');
    const mine = (await callApi(ctx, 'GET', '/user/lists', owner)).json().data.result;
    expect(mine).toEqual([expect.objectContaining({ list_uuid: list.list_uuid, book_count: 2 })]);
    const renamed = await patch(owner, `/user/lists/${list.list_uuid}`, { name: 'Renamed' });
    expect(renamed.json().data.result.name).toBe('Renamed');
    expect((await callApi(ctx, 'DELETE', `/user/lists/${list.list_uuid}`, owner)).json().data.result.deleted).toBe(true);
    expect((await readList(owner, list.list_uuid)).statusCode).toBe(404);
  });

  it('private: 404 for others; unlisted: by link; public: followable; unpublished books are not shown', async () => {
    const owner = await createUser(ctx);
    const other = await createUser(ctx);
    const shown = await createBook(ctx);
    const draft = await createBook(ctx, { isPublished: false });
    const list = await createList(owner, { name: 'Mine' });
    await addBook(owner, list.list_uuid, shown);
    for (const viewer of [other, null]) {
      const refused = await readList(viewer, list.list_uuid);
      expect([refused.statusCode, refused.json().code]).toEqual([404, 'LIST_NOT_FOUND']);
    }
    expect((await patch(other, `/user/lists/${list.list_uuid}`, { name: 'Taken' })).statusCode).toBe(404);
    expect((await addBook(owner, list.list_uuid, draft)).json().code).toBe('BOOK_NOT_FOUND');
    await patch(owner, `/user/lists/${list.list_uuid}`, { visibility: 'unlisted' });
    const byLink = await readList(null, list.list_uuid);
    expect(byLink.statusCode).toBe(200);
    expect(byLink.json().data.result).toMatchObject({ mine: false, following: false, hidden_reason: null });
    expect(titlesOf(byLink)).toEqual([shown.uuid]);
    const notPublic = await callApi(ctx, 'PUT', `/user/lists/${list.list_uuid}/follow`, other);
    expect([notPublic.statusCode, notPublic.json().code]).toEqual([409, 'LIST_NOT_PUBLIC']);
    await patch(owner, `/user/lists/${list.list_uuid}`, { visibility: 'public' });
    const own = await callApi(ctx, 'PUT', `/user/lists/${list.list_uuid}/follow`, owner);
    expect(own.json().code).toBe('LIST_OWN');
    expect((await callApi(ctx, 'PUT', `/user/lists/${list.list_uuid}/follow`, other)).json().data.result.following).toBe(true);
    expect((await readList(other, list.list_uuid)).json().data.result).toMatchObject({ following: true, follower_count: 1 });
    const followed = (await callApi(ctx, 'GET', '/user/followed-lists', other)).json().data.result;
    expect(followed.map((l: { list_uuid: string }) => l.list_uuid)).toEqual([list.list_uuid]);
    await callApi(ctx, 'DELETE', `/user/lists/${list.list_uuid}/follow`, other);
    expect((await callApi(ctx, 'GET', '/user/followed-lists', other)).json().data.result).toEqual([]);
  });

  it('a hidden list is 404 for others; the owner sees it marked with the reason; staff picks show featured public lists', async () => {
    const owner = await createUser(ctx);
    const list = await createList(owner, { name: 'Picks', visibility: 'public' });
    await ctx.db.updateTable('reader_lists').set({ featured_at: Date.now() }).where('uuid', '=', list.list_uuid).execute();
    const picks = (await callApi(ctx, 'GET', '/lists/staff-picks', null)).json().data.result;
    expect(picks.map((l: { list_uuid: string }) => l.list_uuid)).toContain(list.list_uuid);
    await ctx.db
      .updateTable('reader_lists')
      .set({ hidden_at: Date.now(), hidden_reason: 'Spam' })
      .where('uuid', '=', list.list_uuid)
      .execute();
    expect((await readList(null, list.list_uuid)).statusCode).toBe(404);
    expect((await readList(owner, list.list_uuid)).json().data.result).toMatchObject({ hidden: true, hidden_reason: 'Spam' });
    const after = (await callApi(ctx, 'GET', '/lists/staff-picks', null)).json().data.result;
    expect(after.map((l: { list_uuid: string }) => l.list_uuid)).not.toContain(list.list_uuid);
  });

  it('bad input is a 400, never a 5xx; an order that is not the list’s books is refused with its own code', async () => {
    const owner = await createUser(ctx);
    const book = await createBook(ctx);
    const list = await createList(owner, { name: 'Bad input' });
    await addBook(owner, list.list_uuid, book);
    const bodies = [{}, { name: '' }, { name: 'x'.repeat(81) }, { name: 3 }, { name: 'ok', visibility: 'friends' }];
    for (const body of bodies) expect((await callApi(ctx, 'POST', '/user/lists', owner, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await patch(owner, `/user/lists/${list.list_uuid}`, {})).statusCode).toBe(400);
    expect((await addBook(owner, list.list_uuid, book, { note: 'n'.repeat(281) })).statusCode).toBe(400);
    expect((await addBook(owner, list.list_uuid, book, { position: 0 })).statusCode).toBe(400);
    expect((await callApi(ctx, 'GET', '/lists/not-a-uuid', null)).statusCode).toBe(400);
    for (const book_uuids of [[], [book.uuid, book.uuid], ['00000000-0000-4000-8000-000000000000']]) {
      const refused = await callApi(ctx, 'PUT', `/user/lists/${list.list_uuid}/order`, owner, { book_uuids });
      expect([refused.statusCode, refused.json().code]).toEqual([400, 'LIST_ORDER_MISMATCH']);
    }
    const extra = await callApi(ctx, 'POST', '/user/lists', owner, { name: 'Extra', stars: 5 });
    expect(extra.json().data.result.name).toBe('Extra');
    const control = await callApi(ctx, 'POST', '/user/lists', owner, { name: 'a\u202Eb' });
    expect(control.statusCode).toBe(400);
    expect((await callApi(ctx, 'POST', '/user/lists', null, { name: 'Visitor' })).statusCode).toBe(401);
  });

  it('the word filter masks or refuses names and notes', async () => {
    const owner = await createUser(ctx);
    const book = await createBook(ctx);
    await ctx.db
      .insertInto('comment_word_filters')
      .values([
        { pattern: 'listmaskword', action: 'mask', created_at: Date.now() },
        { pattern: 'listholdword', action: 'hold', created_at: Date.now() },
      ])
      .execute();
    const masked = await createList(owner, { name: 'A listmaskword list' });
    expect(masked.name).toBe('A ************ list');
    const held = await callApi(ctx, 'POST', '/user/lists', owner, { name: 'A listholdword list' });
    expect([held.statusCode, held.json().code]).toEqual([400, 'LIST_TEXT_REFUSED']);
    const note = await addBook(owner, masked.list_uuid, book, { note: 'listholdword' });
    expect(note.json().code).toBe('LIST_TEXT_REFUSED');
    await ctx.db.deleteFrom('comment_word_filters').where('pattern', 'in', ['listmaskword', 'listholdword']).execute();
  });

  it('a reader has at most LISTS_PER_READER_MAX lists and a list at most LIST_BOOKS_MAX books', async () => {
    const owner = await createUser(ctx);
    const book = await createBook(ctx);
    const at = Date.now();
    await ctx.db
      .insertInto('reader_lists')
      .values(
        Array.from({ length: LISTS_PER_READER_MAX }, (_, i) => ({
          uuid: `00000000-0000-4000-8000-${String(owner.id).padStart(6, '0')}${String(i).padStart(6, '0')}`,
          user_id: owner.id,
          name: `L${i}`,
          hidden_at: null,
          hidden_reason: null,
          featured_at: null,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    const refused = await callApi(ctx, 'POST', '/user/lists', owner, { name: 'One more' });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'LIST_LIMIT_REACHED']);
    const full = await ctx.db
      .selectFrom('reader_lists')
      .select('id')
      .where('user_id', '=', owner.id)
      .where('name', '=', 'L0')
      .executeTakeFirstOrThrow();
    const fillers: number[] = [];
    for (let i = 0; i < LIST_BOOKS_MAX; i++) {
      const filler = await insertBook(ctx.db, {
        uuid: randomUUID(),
        book_type: 'comic',
        original_language: 'en-us',
        author: null,
        cover_key: null,
        recommendation_rank: null,
        is_published: true,
        popularity: 0,
        total_likes: 0,
        created_at: at,
        updated_at: at,
        translations: [{ language: 'en-us', title: `Filler ${i}`, introduction: '' }],
        tags: [],
      });
      fillers.push(filler.id);
    }
    await ctx.db
      .insertInto('reader_list_books')
      .values(fillers.map((bookId, i) => ({ list_id: full.id, book_id: bookId, position: i + 1, note: null, added_at: at })))
      .execute();
    const listUuid = `00000000-0000-4000-8000-${String(owner.id).padStart(6, '0')}000000`;
    const tooMany = await addBook(owner, listUuid, book);
    expect([tooMany.statusCode, tooMany.json().code]).toEqual([409, 'LIST_FULL']);
  });

  it('are in the data export (with their books, notes and the lists followed) and go with the account', async () => {
    const owner = await createUser(ctx);
    const other = await createUser(ctx);
    const book = await createBook(ctx);
    const list = await createList(owner, { name: 'Exported', visibility: 'public' });
    await addBook(owner, list.list_uuid, book, { note: 'Read this' });
    const theirs = await createList(other, { name: 'Theirs', visibility: 'public' });
    await callApi(ctx, 'PUT', `/user/lists/${theirs.list_uuid}/follow`, owner);
    await callApi(ctx, 'PUT', `/user/lists/${list.list_uuid}/follow`, other);
    const snapshot = await readExportSnapshot(ctx.db, owner.id, Date.now(), (kind) => kind);
    expect(snapshot?.json['lists.json']).toEqual({
      lists: [
        expect.objectContaining({
          uuid: list.list_uuid,
          name: 'Exported',
          visibility: 'public',
          hidden_at: null,
          books: [expect.objectContaining({ book_uuid: book.uuid, position: 1, note: 'Read this' })],
        }),
      ],
      followed_lists: [expect.objectContaining({ uuid: theirs.list_uuid, name: 'Theirs' })],
    });
    await eraseAccountNow(ctx, owner);
    expect(await ctx.db.selectFrom('reader_lists').select('id').where('user_id', '=', owner.id).execute()).toEqual([]);
    expect(await ctx.db.selectFrom('reader_list_follows').select('list_id').where('user_id', '=', owner.id).execute()).toEqual([]);
    expect((await readList(other, list.list_uuid)).statusCode).toBe(404);
    expect((await callApi(ctx, 'GET', '/user/followed-lists', other)).json().data.result).toEqual([]);
  });
});
