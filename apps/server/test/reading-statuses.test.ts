import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readExportSnapshot } from '../src/modules/data-rights/export/export-snapshot.js';
import { eraseAccountNow } from './helpers/account-erasure.js';
import { callApi, createBook, createUser, type TestBook, type TestUser } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/**
 * Issue 61: reading statuses on both databases: set, replaced, cleared; "reading" set by the site
 * when a reader opens a book under no status or planned, never over the reader's other choices;
 * the library's tabs with counts; the export and the erasure.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const setStatus = (user: TestUser, book: TestBook, status: unknown) => callApi(ctx, 'PUT', `/user/statuses/${book.uuid}`, user, { status });
const statusOf = async (user: TestUser, book: TestBook) =>
  (await callApi(ctx, 'GET', `/user/statuses/${book.uuid}`, user)).json().data.result;
const openChapter = (user: TestUser, book: TestBook) =>
  callApi(ctx, 'POST', '/reader/progress', user, { progress: [{ book_uuid: book.uuid, chapter_uuid: book.chapters[0]!.uuid }] });

describe('reading statuses', () => {
  it('files a book, replaces and clears its status; the status is the reader’s alone and never cached', async () => {
    const reader = await createUser(ctx);
    const other = await createUser(ctx);
    const book = await createBook(ctx, { chapters: 2 });
    expect(await statusOf(reader, book)).toEqual({ status: null, chosen: false, updated_at: null });
    const set = await setStatus(reader, book, 'plan_to_read');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.result).toMatchObject({ status: 'plan_to_read', chosen: true });
    expect((await setStatus(reader, book, 'on_hold')).json().data.result.status).toBe('on_hold');
    const read = await callApi(ctx, 'GET', `/user/statuses/${book.uuid}`, reader);
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect(read.json().data.result.status).toBe('on_hold');
    expect((await statusOf(other, book)).status).toBeNull();
    const cleared = await callApi(ctx, 'DELETE', `/user/statuses/${book.uuid}`, reader);
    expect(cleared.json().data.result.status).toBeNull();
    expect((await statusOf(reader, book)).status).toBeNull();
  });

  it('refuses an unknown status, an extra field is dropped, a missing book is 404 and a visitor 401', async () => {
    const reader = await createUser(ctx);
    const book = await createBook(ctx, { chapters: 1 });
    for (const status of ['finished', '', null, 3]) {
      const refused = await setStatus(reader, book, status);
      expect(refused.statusCode, String(status)).toBe(400);
      expect(refused.json().code).toBe('VALIDATION_FAILED');
    }
    const missing = await callApi(ctx, 'PUT', '/user/statuses/00000000-0000-4000-8000-000000000000', reader, { status: 'reading' });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'BOOK_NOT_FOUND']);
    const hidden = await createBook(ctx, { chapters: 1, isPublished: false });
    expect((await setStatus(reader, hidden, 'reading')).statusCode).toBe(404);
    expect((await callApi(ctx, 'PUT', `/user/statuses/${book.uuid}`, null, { status: 'reading' })).statusCode).toBe(401);
    const extra = await callApi(ctx, 'PUT', `/user/statuses/${book.uuid}`, reader, { status: 'dropped', stars: 5 });
    expect(extra.json().data.result.status).toBe('dropped');
  });

  it('the site says "reading" when a book is opened under no status or planned, never over the reader’s other choices', async () => {
    const reader = await createUser(ctx);
    const fresh = await createBook(ctx, { chapters: 2 });
    const planned = await createBook(ctx, { chapters: 2 });
    const dropped = await createBook(ctx, { chapters: 2 });
    await setStatus(reader, planned, 'plan_to_read');
    await setStatus(reader, dropped, 'dropped');
    for (const book of [fresh, planned, dropped]) expect((await openChapter(reader, book)).statusCode).toBe(200);
    expect(await statusOf(reader, fresh)).toMatchObject({ status: 'reading', chosen: false });
    expect(await statusOf(reader, planned)).toMatchObject({ status: 'reading', chosen: false });
    expect(await statusOf(reader, dropped)).toMatchObject({ status: 'dropped', chosen: true });
    // The reader's own "completed" stands when they open it again.
    await setStatus(reader, fresh, 'completed');
    await openChapter(reader, fresh);
    expect((await statusOf(reader, fresh)).status).toBe('completed');
  });

  it('lists one tab at a time, a page, with the count of every tab; unpublished books are left out', async () => {
    const reader = await createUser(ctx);
    const books = [];
    for (let i = 0; i < 3; i += 1) books.push(await createBook(ctx, { chapters: 1 }));
    const [first, second, third] = books as [TestBook, TestBook, TestBook];
    await setStatus(reader, first, 'completed');
    await setStatus(reader, second, 'completed');
    await setStatus(reader, third, 'dropped');
    const tab = await callApi(ctx, 'GET', '/user/statuses?status=completed&page_size=1', reader);
    expect(tab.statusCode, tab.body).toBe(200);
    const result = tab.json().data.result;
    expect(result.total).toBe(2);
    expect(result.counts).toEqual({ reading: 0, plan_to_read: 0, on_hold: 0, re_reading: 0, completed: 2, dropped: 1 });
    // Filed most recently first.
    expect(result.items.map((item: { book_uuid: string }) => item.book_uuid)).toEqual([second.uuid]);
    expect(result.items[0]).toMatchObject({ status: 'completed', total_chapters: 1, resume: null });
    const next = (await callApi(ctx, 'GET', '/user/statuses?status=completed&page_size=1&page=2', reader)).json().data.result;
    expect(next.items.map((item: { book_uuid: string }) => item.book_uuid)).toEqual([first.uuid]);
    await ctx.db.updateTable('books').set({ is_published: 0 }).where('id', '=', third.id).execute();
    const counts = (await callApi(ctx, 'GET', '/user/statuses/counts', reader)).json().data.result;
    expect(counts.dropped).toBe(0);
    expect((await callApi(ctx, 'GET', '/user/statuses?status=unknown', reader)).statusCode).toBe(400);
    expect((await callApi(ctx, 'GET', '/user/statuses?status=completed&page_size=1000', reader)).statusCode).toBe(400);
  });

  it('are in the data export and go with the account', async () => {
    const reader = await createUser(ctx);
    const book = await createBook(ctx, { chapters: 1 });
    await setStatus(reader, book, 're_reading');
    const snapshot = await readExportSnapshot(ctx.db, reader.id, Date.now(), (kind) => kind);
    expect(snapshot?.json['statuses.json']).toEqual([
      expect.objectContaining({ book_uuid: book.uuid, reading_status: 're_reading', set_by: 'you' }),
    ]);
    await eraseAccountNow(ctx, reader);
    expect(await ctx.db.selectFrom('reading_statuses').select('book_id').where('user_id', '=', reader.id).execute()).toEqual([]);
  });
});
