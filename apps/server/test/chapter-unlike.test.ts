import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createBook, createUser, type TestBook, type TestUser } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/** Issue 40, item 19: a reader's chapter like can be taken back (ext DELETE, the spec's POST unchanged). */
let ctx: TestContext;
let book: TestBook;
let reader: TestUser;
let other: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  book = await createBook(ctx, { chapters: 2, freeChapters: 2 });
  [reader, other] = await Promise.all([createUser(ctx), createUser(ctx)]);
});
afterAll(() => ctx.close());

const call = (method: 'POST' | 'DELETE', user: TestUser | null, payload: object) =>
  ctx.app.inject({ method, url: '/api/v1/comics/chapter/favor', headers: user ? authHeader(user) : {}, payload });
const content = (user: TestUser) =>
  ctx.app.inject({ url: `/api/v1/comics/chapter_comics/${book.chapters[0]!.uuid}/en-us`, headers: authHeader(user) });
const bookLikes = async () =>
  (await ctx.db.selectFrom('books').select('total_likes').where('id', '=', book.id).executeTakeFirstOrThrow()).total_likes;

describe('DELETE /comics/chapter/favor', () => {
  it("takes the caller's like back: the chapter is not liked, the counts go down by one, once", async () => {
    const payload = { book_uuid: book.uuid, chapter_uuid: book.chapters[0]!.uuid };
    await call('POST', reader, payload);
    await call('POST', other, payload);
    expect((await content(reader)).json().data.result).toMatchObject({ already_favor: true, total_likes: 2 });
    expect(await bookLikes()).toBe(2);

    const undone = await call('DELETE', reader, payload);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ data: { result: { already_favor: false, total_likes: 1 } } });
    expect((await content(reader)).json().data.result).toMatchObject({ already_favor: false, total_likes: 1 });
    expect((await content(other)).json().data.result).toMatchObject({ already_favor: true, total_likes: 1 });
    expect(await bookLikes()).toBe(1);

    // Again, or by a reader who never liked it: no change.
    expect((await call('DELETE', reader, payload)).json().data.result.total_likes).toBe(1);
    expect(await bookLikes()).toBe(1);
    // And it can be liked again.
    expect((await call('POST', reader, payload)).json().data.result).toEqual({ already_favor: true, total_likes: 2 });
  });

  it('needs a login and the same closed body as the like', async () => {
    const payload = { book_uuid: book.uuid, chapter_uuid: book.chapters[1]!.uuid };
    expect((await call('DELETE', null, payload)).statusCode).toBe(401);
    expect((await call('DELETE', reader, { chapter_uuid: payload.chapter_uuid })).json().code).toBe('VALIDATION_FAILED');
    const other = await createBook(ctx, { chapters: 1 });
    expect((await call('DELETE', reader, { book_uuid: other.uuid, chapter_uuid: payload.chapter_uuid })).json().code).toBe(
      'CHAPTER_NOT_FOUND',
    );
  });
});
