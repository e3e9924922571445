import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createUser, nextClientIp, type TestUser } from './helpers/factories.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, { role: 'admin', username: 'chiefadmin' });
});
afterAll(() => ctx.close());

const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1/admin${url}`, headers: authHeader(user), ...(payload ? { payload } : {}) });

const membershipOf = (user: TestUser) =>
  ctx.app.inject({ url: '/api/v1/user/book/membership', headers: authHeader(user) }).then((r) => r.json().data.result);

const auditRows = (action: string) => ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

async function paidOrder(user: TestUser): Promise<string> {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payment/wechat/payment/china_book_membership/create',
    headers: authHeader(user),
    payload: { months: 1 },
  });
  const orderId = created.json().data.order_id as string;
  await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/payment/sandbox/orders/${orderId}/pay`,
    headers: authHeader(user),
    payload: { outcome: 'succeeded' },
  });
  return orderId;
}

describe(`admin readers on ${TEST_DIALECT}`, () => {
  it('refuses readers and visitors', async () => {
    const reader = await createUser(ctx);
    expect((await call(reader, 'GET', '/users')).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/v1/admin/users' })).statusCode).toBe(401);
  });

  it('searches by the start of the name in any case, by uuid, role, state and membership', async () => {
    const alice = await createUser(ctx, { username: 'AliceWonder' });
    await createUser(ctx, { username: 'bobbuilder' });
    const byName = (await call(admin, 'GET', '/users?q=aLICEw')).json().data;
    expect(byName.items.map((u: { username: string }) => u.username)).toEqual(['AliceWonder']);
    // A prefix, read from an index: the middle of a name does not match.
    expect((await call(admin, 'GET', '/users?q=ceWON')).json().data.items).toEqual([]);
    const byUuid = (await call(admin, 'GET', `/users?q=${alice.uuid.toUpperCase()}`)).json().data;
    expect(byUuid.total).toBe(1);
    expect(byUuid.items[0]).toMatchObject({ uuid: alice.uuid, role: 'user', disabled_at: null, membership: null, invited_by: null });
    const admins = (await call(admin, 'GET', '/users?role=admin')).json().data;
    expect(admins.items.every((u: { role: string }) => u.role === 'admin')).toBe(true);
    const literal = (await call(admin, 'GET', '/users?q=%25')).json().data;
    expect(literal.total).toBe(0);
    await call(admin, 'POST', `/users/${alice.uuid}/grants`, { days: 3, reason: 'welcome' });
    const members = (await call(admin, 'GET', '/users?member=yes&page_size=200')).json().data;
    expect(members.items.map((u: { uuid: string }) => u.uuid)).toContain(alice.uuid);
    const others = (await call(admin, 'GET', '/users?member=no&page_size=200')).json().data;
    expect(others.items.map((u: { uuid: string }) => u.uuid)).not.toContain(alice.uuid);
    expect((await call(admin, 'GET', '/users?state=disabled')).json().data.total).toBe(0);
    expect((await call(admin, 'GET', '/users?page_size=0')).statusCode).toBe(400);
  });

  it('grants a month, shown to the reader at once, then revokes it; both audited', async () => {
    const reader = await createUser(ctx);
    expect(await membershipOf(reader)).toBeNull();
    const granted = await call(admin, 'POST', `/users/${reader.uuid}/grants`, { months: 1, reason: 'support ticket 42' });
    expect(granted.statusCode).toBe(200);
    const membership = await membershipOf(reader);
    expect(membership.is_expired).toBe(false);
    expect(Date.parse(membership.expire_at) - Date.now()).toBeGreaterThan(27 * 86_400_000);
    expect(granted.json().data.user.membership.expire_at).toBe(membership.expire_at);
    const [grantAudit] = (await auditRows('membership.grant')).filter((r) => r.target_id === reader.uuid);
    expect(grantAudit).toMatchObject({ actor_name: 'chiefadmin', target_type: 'user' });
    expect(JSON.parse(grantAudit?.after_json ?? '{}')).toMatchObject({ months: 1, reason: 'support ticket 42' });

    const revoked = await call(admin, 'POST', `/users/${reader.uuid}/revoke`, { reason: 'chargeback' });
    expect(revoked.json().data).toMatchObject({ revoked: 1, user: { membership: null } });
    expect(await membershipOf(reader)).toBeNull();
    expect((await auditRows('membership.revoke')).some((r) => r.target_id === reader.uuid)).toBe(true);
  });

  it('refuses bad grants with details', async () => {
    const reader = await createUser(ctx);
    const both = await call(admin, 'POST', `/users/${reader.uuid}/grants`, { days: 2, months: 1, reason: 'x' });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'days' }] });
    const none = await call(admin, 'POST', `/users/${reader.uuid}/grants`, { reason: 'x' });
    expect(none.json().details[0].field).toBe('days');
    const huge = await call(admin, 'POST', `/users/${reader.uuid}/grants`, { days: 3651, reason: 'x' });
    expect(huge.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(huge.json().details[0].field).toContain('days');
    const noReason = await call(admin, 'POST', `/users/${reader.uuid}/grants`, { days: 2, reason: '' });
    expect(noReason.json().details[0].field).toContain('reason');
    const unknown = await call(admin, 'POST', '/users/00000000-0000-4000-8000-000000000000/grants', { days: 2, reason: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('USER_NOT_FOUND');
  });

  it('shows the ledger, orders, invitations two levels deep and coupon redemptions', async () => {
    const inviter = await createUser(ctx);
    const reader = await createUser(ctx);
    const [child, grandchild] = [await createUser(ctx), await createUser(ctx)];
    await ctx.db.updateTable('users').set({ invited_by: inviter.id }).where('id', '=', reader.id).execute();
    await ctx.db.updateTable('users').set({ invited_by: reader.id }).where('id', '=', child.id).execute();
    await ctx.db.updateTable('users').set({ invited_by: child.id }).where('id', '=', grandchild.id).execute();
    const orderId = await paidOrder(child);
    await call(admin, 'POST', `/users/${reader.uuid}/grants`, { days: 10, reason: 'goodwill' });
    await call(admin, 'POST', '/coupons', { code: 'DETAIL1', days: 2 });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/coupon/redeem',
      headers: authHeader(reader),
      payload: { code: 'detail1' },
      remoteAddress: nextClientIp(),
    });

    const detail = (await call(admin, 'GET', `/users/${reader.uuid}`)).json().data;
    expect(detail.user.invited_by).toBe(inviter.username);
    expect(detail.invites.invited_by).toEqual({ uuid: inviter.uuid, username: inviter.username });
    expect(detail.invites.invited).toHaveLength(1);
    expect(detail.invites.invited[0]).toMatchObject({ uuid: child.uuid, has_paid: true });
    expect(detail.invites.invited[0].invited).toEqual([expect.objectContaining({ uuid: grandchild.uuid, has_paid: false })]);
    const sources = detail.grants.map((g: { source: string }) => g.source);
    expect(sources).toEqual(expect.arrayContaining(['admin', 'coupon', 'invite']));
    expect(detail.grants.find((g: { source: string }) => g.source === 'admin')).toMatchObject({
      note: 'goodwill',
      length: '10 days',
      length_parts: { days: 10 },
      revoked_at: null,
    });
    expect(detail.coupon_redemptions).toEqual([expect.objectContaining({ code: 'DETAIL1' })]);

    const childDetail = (await call(admin, 'GET', `/users/${child.uuid}`)).json().data;
    expect(childDetail.orders).toEqual([
      expect.objectContaining({ order_id: orderId, provider: 'sandbox', plan: 'month', status: 'paid' }),
    ]);
  });

  it('disables an account (its token stops at once, login answers 403); enabling it again does not revive old tokens', async () => {
    const reader = await createUser(ctx);
    const disabled = await call(admin, 'POST', `/users/${reader.uuid}/disable`, { reason: 'spam' });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().data.user.disabled_at).not.toBeNull();
    expect((await ctx.app.inject({ url: '/api/v1/user/me', headers: authHeader(reader) })).statusCode).toBe(401);
    const login = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { username: reader.username, password: reader.password },
        remoteAddress: nextClientIp(),
      });
    const refused = await login();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ACCOUNT_DISABLED');
    expect((await call(admin, 'GET', '/users?state=disabled')).json().data.items.map((u: { uuid: string }) => u.uuid)).toContain(
      reader.uuid,
    );

    expect(
      (await call(admin, 'POST', `/users/${reader.uuid}/enable`, { reason: 'appeal accepted' })).json().data.user.disabled_at,
    ).toBeNull();
    // Enabling does not revive the tokens issued before the disable; a new login gets a working one.
    expect((await ctx.app.inject({ url: '/api/v1/user/me', headers: authHeader(reader) })).statusCode).toBe(401);
    const relogin = await login();
    expect(relogin.statusCode).toBe(200);
    const fresh = { Authorization: `Token ${relogin.json().data.jwt_token as string}` };
    expect((await ctx.app.inject({ url: '/api/v1/user/me', headers: fresh })).statusCode).toBe(200);
    const [disableRow] = (await auditRows('user.disable')).filter((r) => r.target_id === reader.uuid);
    expect(JSON.parse(disableRow?.after_json ?? '{}')).toMatchObject({ reason: 'spam' });
    expect((await auditRows('user.enable')).some((r) => r.target_id === reader.uuid)).toBe(true);
  });

  it('promotes and demotes, but never yourself and never the last active admin', async () => {
    expect((await call(admin, 'POST', `/users/${admin.uuid}/disable`, { reason: 'oops' })).statusCode).toBe(409);
    expect((await call(admin, 'PUT', `/users/${admin.uuid}/role`, { role: 'user', reason: 'oops' })).json().code).toBe('CONFLICT');
    const helper = await createUser(ctx);
    const promoted = await call(admin, 'PUT', `/users/${helper.uuid}/role`, { role: 'admin', reason: 'new moderator' });
    expect(promoted.json().data.user.role).toBe('admin');
    expect((await call(helper, 'GET', '/users')).statusCode).toBe(200);
    const [roleRow] = (await auditRows('user.role')).filter((r) => r.target_id === helper.uuid);
    expect(JSON.parse(roleRow?.before_json ?? '{}')).toEqual({ role: 'user' });
    expect((await call(helper, 'PUT', `/users/${helper.uuid}/role`, { role: 'user', reason: 'x' })).statusCode).toBe(409);
    expect((await call(admin, 'PUT', `/users/${helper.uuid}/role`, { role: 'user', reason: 'done' })).json().data.user.role).toBe('user');
    expect((await call(helper, 'GET', '/users')).statusCode).toBe(403);
    expect((await call(admin, 'PUT', `/users/${helper.uuid}/role`, { role: 'owner', reason: 'x' })).statusCode).toBe(400);
  });
});

describe(`hostile input from an admin on ${TEST_DIALECT}`, () => {
  it('answers 4xx, never 5xx', async () => {
    const target = await createUser(ctx);
    const requests: [method: 'GET' | 'POST' | 'PUT', url: string, body?: object][] = [
      ['GET', '/users?q=%5C%25_%27%22%3B--'],
      ['GET', `/users?q=${'é'.repeat(64)}`],
      ['GET', '/users?q=%07'],
      ['GET', '/users?page=1000000&page_size=200'],
      ['GET', '/users?page=99999999999999999999'],
      ['GET', '/users?member=maybe'],
      ['GET', '/users/not-a-uuid'],
      ['GET', '/users/00000000-0000-4000-8000-000000000000'],
      ['POST', `/users/${target.uuid}/grants`, { days: 1e308, reason: 'x' }],
      ['POST', `/users/${target.uuid}/grants`, { months: -1, reason: 'x' }],
      ['POST', `/users/${target.uuid}/grants`, { days: 1, reason: 'x'.repeat(501) }],
      ['POST', `/users/${target.uuid}/grants`, { days: '1', reason: 'x', extra: true }],
      ['POST', `/users/${target.uuid}/revoke`, {}],
      ['POST', `/users/${target.uuid}/disable`, { reason: 'tab\there' }],
      ['PUT', `/users/${target.uuid}/role`, { role: 'admin' }],
      ['POST', '/coupons', { code: 'BIG1', days: 1, max_redemptions: 1e20 }],
      ['POST', '/coupons', { code: 'LEAP1', days: 1, expires_at: '2026-12-31T23:59:60Z' }],
      ['POST', '/coupons', { code: 'ÉCOLE', days: 1 }],
      ['POST', '/coupons/%E2%80%AE/disable'],
      ['GET', '/coupons?state=gone'],
      ['PUT', '/settings', { default_free_chapters: 1.5 }],
      ['PUT', '/settings', { site_name: 'x', secret: 'y' }],
    ];
    for (const [method, url, body] of requests) {
      const response = await call(admin, method, url, body);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBeLessThan(500);
    }
  });
});

describe.runIf(TEST_DIALECT === 'postgres')('two admins demoting each other at once on PostgreSQL', () => {
  let race: TestContext;
  beforeAll(async () => {
    race = await createTestContext();
  });
  afterAll(() => race.close());

  it.each([0, 1, 2, 3, 4])('leaves one admin (round %i)', async () => {
    await race.db.updateTable('users').set({ role: 'user' }).where('role', '=', 'admin').execute();
    const [a, b] = [await createUser(race, { role: 'admin' }), await createUser(race, { role: 'admin' })];
    const demote = (actor: TestUser, target: TestUser) =>
      race.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/users/${target.uuid}/role`,
        headers: authHeader(actor),
        payload: { role: 'user', reason: 'race' },
      });
    const answers = (await Promise.all([demote(a, b), demote(b, a)])).map((r) => r.statusCode).sort();
    // One demotion wins. The other is refused: 409 when it reached the lock as an admin, or 403
    // when its author had already lost the role by the time the request was authenticated.
    expect([
      [200, 403],
      [200, 409],
    ]).toContainEqual(answers);
    const admins = await race.db.selectFrom('users').select('id').where('role', '=', 'admin').where('disabled_at', 'is', null).execute();
    expect(admins).toHaveLength(1);
  });
});
