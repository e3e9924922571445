import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader } from './helpers/factories.js';
import { createComment } from './helpers/community-fixtures.js';
import { createOrder, sandboxPay } from './helpers/payment-flows.js';
import { createAdminContextWithBook, type AdminContextWithBook } from './helpers/admin-context.js';
import { TEST_DIALECT } from './helpers/test-context.js';

/**
 * Issue 40, item 18: the console shows what the server gives it in words. A comment the audit log
 * names is named by where it was written, not by a bare uuid; a payment's provider event carries no
 * "paid 1000 fen" (the order's amount is written by the console's price formatter).
 */
let scene: AdminContextWithBook;
beforeAll(async () => {
  scene = await createAdminContextWithBook({ chapters: 3, titles: { 'en-us': 'Worded Tales', 'zh-cn': '有名的故事' } });
});
afterAll(() => scene.ctx.close());

describe(`console words on ${TEST_DIALECT}`, () => {
  it("names a comment target in the audit log by its book's title and chapter number", async () => {
    const { ctx, admin, reader, book } = scene;
    const comment = await createComment(ctx, { chapterId: book.chapters[2]!.id, userId: reader.id });
    const hide = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/comments/${comment.uuid}/hide`,
      headers: authHeader(admin),
    });
    expect(hide.statusCode, hide.body).toBe(200);
    const audit = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/audit?page=0&page_size=10&target_id=${comment.uuid}&language=en-us`,
      headers: authHeader(admin),
    });
    expect(audit.statusCode, audit.body).toBe(200);
    const [entry] = audit.json().data.items;
    expect(entry).toMatchObject({ action: 'comment.hide', target_type: 'comment', target_id: comment.uuid });
    expect(entry.names[comment.uuid]).toBe('Worded Tales #3');
  });

  it('records a sandbox payment as an event, without an amount in fen', async () => {
    const { ctx, admin, reader } = scene;
    const orderId = await createOrder(ctx, reader, 1);
    expect((await sandboxPay(ctx, reader, orderId)).statusCode).toBe(200);
    const order = await ctx.app.inject({ method: 'GET', url: `/api/v1/admin/orders/${orderId}`, headers: authHeader(admin) });
    expect(order.statusCode, order.body).toBe(200);
    const events = order.json().data.events as { event_type: string | null; summary: string | null }[];
    expect(events.map((event) => event.event_type)).toContain('sandbox.succeeded');
    for (const event of events) expect(event.summary ?? '').not.toMatch(/fen/);
  });
});
