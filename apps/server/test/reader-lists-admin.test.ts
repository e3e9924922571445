import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createBook, createUser } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/**
 * Issue 61: the console and reader lists: a reader's statuses and lists on their page, hiding (with
 * a reason) and unhiding, featuring a public list (staff picks); every change audited; readers 403.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('reader lists in the console', () => {
  it('shows a reader’s statuses and lists, hides and features lists, audited; a reader cannot', async () => {
    const admin = await createUser(ctx, { role: 'admin' });
    const owner = await createUser(ctx);
    const book = await createBook(ctx);
    await callApi(ctx, 'PUT', `/user/statuses/${book.uuid}`, owner, { status: 'completed' });
    const created = await callApi(ctx, 'POST', '/user/lists', owner, { name: 'Best of', visibility: 'public' });
    const list = created.json().data.result.list_uuid as string;
    await callApi(ctx, 'PUT', `/user/lists/${list}/books/${book.uuid}`, owner, {});
    expect((await callApi(ctx, 'GET', `/admin/users/${owner.uuid}/library`, owner)).statusCode).toBe(403);
    const page = await callApi(ctx, 'GET', `/admin/users/${owner.uuid}/library`, admin);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.result.statuses).toMatchObject({ completed: 1, reading: 0 });
    expect(page.json().data.result.lists).toEqual([
      expect.objectContaining({ list_uuid: list, visibility: 'public', book_count: 1, hidden: false }),
    ]);
    const missing = await callApi(ctx, 'GET', '/admin/users/00000000-0000-4000-8000-000000000000/library', admin);
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'USER_NOT_FOUND']);

    const featured = await callApi(ctx, 'PUT', `/admin/lists/${list}/featured`, admin);
    expect(featured.json().data.result.featured).toBe(true);
    const picks = (await callApi(ctx, 'GET', '/lists/staff-picks', null)).json().data.result;
    expect(picks.map((l: { list_uuid: string }) => l.list_uuid)).toContain(list);

    expect((await callApi(ctx, 'PUT', `/admin/lists/${list}/hidden`, admin, {})).statusCode).toBe(400);
    const hidden = await callApi(ctx, 'PUT', `/admin/lists/${list}/hidden`, admin, { reason: 'Spam links' });
    expect(hidden.json().data.result).toMatchObject({ hidden: true, hidden_reason: 'Spam links', featured: false });
    expect((await callApi(ctx, 'GET', `/lists/${list}`, null)).statusCode).toBe(404);
    expect((await callApi(ctx, 'GET', `/lists/${list}`, owner)).json().data.result).toMatchObject({
      hidden: true,
      hidden_reason: 'Spam links',
    });
    const refused = await callApi(ctx, 'PUT', `/admin/lists/${list}/featured`, admin);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'LIST_NOT_PUBLIC']);
    const shown = await callApi(ctx, 'DELETE', `/admin/lists/${list}/hidden`, admin);
    expect(shown.json().data.result.hidden).toBe(false);
    expect((await callApi(ctx, 'GET', `/lists/${list}`, null)).statusCode).toBe(200);

    const audit = await ctx.db.selectFrom('audit_log').select('action').where('target_id', '=', list).orderBy('id').execute();
    expect(audit.map((row) => row.action)).toEqual(['reader_list.feature', 'reader_list.hide', 'reader_list.unhide']);
    const unknown = await callApi(ctx, 'PUT', '/admin/lists/00000000-0000-4000-8000-000000000000/hidden', admin, { reason: 'x' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'LIST_NOT_FOUND']);
  });
});
