import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createUser, nextClientIp, type TestUser } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';
import { consoleTitles } from '../src/modules/catalogue/console-titles.js';

let ctx: TestContext;
let admin: TestUser;
let reader: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, { role: 'admin' });
  reader = await createUser(ctx);
});
afterAll(() => ctx.close());

type Operation = { parameters?: { in: string; name: string }[] };

/** Every operation under /api/v1/admin in the app's own OpenAPI document, path parameters filled in. */
function adminOperations(): { method: string; url: string }[] {
  const document = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/v1/admin/'))
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({
        method: method.toUpperCase(),
        url: path.replace(/\{[^}]+\}/g, () => randomUUID()),
      })),
    );
}

describe('the operator console is for administrators only', () => {
  it('walks every admin operation as a reader, a visitor and nobody: never a 2xx, 403 or 401 as the contract says', async () => {
    const operations = adminOperations();
    // The audit log at least; each domain's admin router adds its own (the walk grows with them).
    expect(operations.length).toBeGreaterThanOrEqual(1);
    const refused: string[] = [];
    for (const { method, url } of operations) {
      const asReader = await ctx.app.inject({
        method: method as 'GET',
        url,
        headers: authHeader(reader),
        payload: method === 'GET' ? undefined : {},
      });
      const asVisitor = await ctx.app.inject({
        method: method as 'GET',
        url,
        headers: { 'x-visitor-id': '0a1b2c3d' },
        payload: method === 'GET' ? undefined : {},
      });
      const asNobody = await ctx.app.inject({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {} });
      expect([asReader.statusCode, asReader.json().code], `${method} ${url} as a reader`).toEqual([403, 'FORBIDDEN']);
      expect([asVisitor.statusCode, asVisitor.json().code], `${method} ${url} as a visitor`).toEqual([401, 'AUTH_REQUIRED']);
      expect([asNobody.statusCode, asNobody.json().code], `${method} ${url} without credentials`).toEqual([401, 'AUTH_REQUIRED']);
      refused.push(`${method} ${url}`);
    }
    expect(refused).toHaveLength(operations.length);
  });

  it('lets an administrator in, and keeps admin answers out of every cache', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/audit', headers: authHeader(admin) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json().data).toMatchObject({ items: expect.any(Array), total: expect.any(Number) });
  });

  it('refuses an unknown admin path as not found only for administrators', async () => {
    const asReader = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/no-such-thing', headers: authHeader(reader) });
    expect(asReader.statusCode).toBe(404);
  });
});

describe('disabled accounts', () => {
  it('stop a token at once and refuse the login after the right password only', async () => {
    const user = await createUser(ctx);
    const before = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: authHeader(user) });
    expect(before.statusCode).toBe(200);
    await ctx.db.updateTable('users').set({ disabled_at: Date.now() }).where('id', '=', user.id).execute();
    const after = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: authHeader(user) });
    expect([after.statusCode, after.json().code]).toEqual([401, 'INVALID_TOKEN']);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      remoteAddress: nextClientIp(),
      payload: { username: user.username, password: 'not-the-password' },
    });
    expect([wrong.statusCode, wrong.json().code]).toEqual([401, 'INVALID_CREDENTIALS']);
    const right = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      remoteAddress: nextClientIp(),
      payload: { username: user.username, password: user.password },
    });
    expect([right.statusCode, right.json().code]).toEqual([403, 'ACCOUNT_DISABLED']);
  });
});

describe('audit log', () => {
  it('lists entries newest first and filters by actor, action family and target', async () => {
    const { createAuditService } = await import('../src/modules/audit/audit.service.js');
    let clock = 1_000_000;
    const audit = createAuditService({ db: ctx.db, bookTitles: consoleTitles, now: () => (clock += 1000) });
    await ctx.db.transaction().execute(async (trx) => {
      await audit.recordWithin(
        trx,
        { userId: admin.id, name: admin.username },
        { action: 'book.update', targetType: 'book', targetId: 'b-1', before: { author: null }, after: { author: 'Lu Xun' } },
      );
      await audit.recordWithin(
        trx,
        { userId: admin.id, name: admin.username },
        { action: 'book.publish', targetType: 'book', targetId: 'b-1' },
      );
      await audit.recordWithin(
        trx,
        { userId: null, name: 'cli' },
        { action: 'membership.grant', targetType: 'user', targetId: 'u-9', after: { days: 30 } },
      );
    });
    const list = async (query: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/admin/audit?${query}`, headers: authHeader(admin) })).json().data;
    const books = await list('action=book&target_id=b-1');
    expect(books.total).toBe(2);
    expect(books.items.map((e: { action: string }) => e.action)).toEqual(['book.publish', 'book.update']);
    expect(books.items[1]).toMatchObject({ actor: admin.username, before: { author: null }, after: { author: 'Lu Xun' } });
    expect((await list('action=book.update')).total).toBe(1);
    expect((await list('actor=cli')).items[0]).toMatchObject({ action: 'membership.grant', target_type: 'user', target_id: 'u-9' });
    expect((await list('page=0&page_size=1')).items).toHaveLength(1);
  });

  it('refuses malformed filters with 400, never a 5xx', async () => {
    for (const query of ['action=DROP%20TABLE', 'page=-1', 'page_size=100000', 'from=yesterday', 'target_type=a.b']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/admin/audit?${query}`, headers: authHeader(admin) });
      expect(response.statusCode, query).toBe(400);
    }
  });
});
