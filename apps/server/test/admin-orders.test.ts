import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordIncident } from '../src/modules/payments/payment-incidents.repository.js';
import { authHeader, createUser, type TestUser } from './helpers/factories.js';
import { createOrder, sandboxPay } from './helpers/payment-flows.js';
import { createAdminContext } from './helpers/admin-context.js';
import type { TestContext } from './helpers/test-context.js';

let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => ({ ctx, admin } = await createAdminContext()));
afterAll(() => ctx.close());

const get = (url: string, user: TestUser = admin) => ctx.app.inject({ url: `/api/v1/admin${url}`, headers: authHeader(user) });
const post = (url: string, payload: object, user: TestUser = admin) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/admin${url}`, headers: authHeader(user), payload });

/** A sandbox order of `user`, paid unless `pay` is false. */
async function order(user: TestUser, months = 1, pay = true): Promise<string> {
  const orderId = await createOrder(ctx, user, months);
  if (pay) {
    const paid = await sandboxPay(ctx, user, orderId);
    expect(paid.statusCode).toBe(200);
  }
  return orderId;
}
const expiryOf = async (user: TestUser) =>
  (await ctx.app.inject({ url: '/api/v1/user/book/membership', headers: authHeader(user) })).json().data.result?.expire_at ?? null;
const auditOf = (targetId: string) => ctx.db.selectFrom('audit_log').selectAll().where('target_id', '=', targetId).execute();

describe('orders in the console', () => {
  it('lists orders newest first with filters by status, provider, user (name or uuid) and time', async () => {
    const buyer = await createUser(ctx);
    const first = await order(buyer, 1);
    const second = await order(buyer, 3, false);
    const other = await createUser(ctx);
    await order(other, 1);

    const byName = (await get(`/orders?user=${buyer.username.toUpperCase()}`)).json().data;
    expect(byName.total).toBe(2);
    expect(byName.items.map((o: { order_id: string }) => o.order_id)).toEqual([second, first]);
    expect(byName.items[1]).toMatchObject({
      order_id: first,
      user: { uuid: buyer.uuid, username: buyer.username },
      provider: 'sandbox',
      plan: 'month',
      months: 1,
      amount_fen: 1000,
      status: 'paid',
      refunded_at: null,
    });
    expect(byName.items[1].paid_at).toMatch(/Z$/);
    expect((await get(`/orders?user=${buyer.uuid}`)).json().data.total).toBe(2);
    const paid = (await get(`/orders?user=${buyer.uuid}&status=paid`)).json().data;
    expect(paid.items.map((o: { order_id: string }) => o.order_id)).toEqual([first]);
    expect((await get(`/orders?provider=wechat&user=${buyer.uuid}`)).json().data.total).toBe(0);
    expect((await get(`/orders?user=${buyer.uuid}&from=${new Date(Date.now() + 60_000).toISOString()}`)).json().data.total).toBe(0);
    expect((await get(`/orders?user=${buyer.uuid}&to=${new Date(Date.now() + 60_000).toISOString()}`)).json().data.total).toBe(2);
    expect((await get('/orders?page_size=1&page=0')).json().data.items).toHaveLength(1);
    expect((await get('/orders?status=lost')).statusCode).toBe(400);
  });

  it('shows one order with its provider events and its grant', async () => {
    const buyer = await createUser(ctx);
    const orderId = await order(buyer, 3);
    const response = await get(`/orders/${orderId}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json().data;
    expect(detail).toMatchObject({ order_id: orderId, status: 'paid', provider_txn_id: `sandbox-${orderId}` });
    expect(detail.events).toEqual([
      expect.objectContaining({ provider: 'sandbox', event_type: 'sandbox.succeeded', summary: 'sandbox payer chose succeeded' }),
    ]);
    expect(detail.grant).toMatchObject({ source: 'sandbox', revoked_at: null });
    expect(detail.grant.ends_at).toBe(await expiryOf(buyer));
    expect((await get('/orders/IS0000NOSUCHORDER')).json().code).toBe('ORDER_NOT_FOUND');
  });

  it('refunds a sandbox order at once: the time goes, the order is refunded, the audit log says who and why', async () => {
    const buyer = await createUser(ctx);
    const kept = await order(buyer, 1);
    const keptExpiry = await expiryOf(buyer);
    const refunded = await order(buyer, 3);
    expect(Date.parse(await expiryOf(buyer))).toBeGreaterThan(Date.parse(keptExpiry));

    const response = await post(`/orders/${refunded}/refund`, { reason: 'payer asked' });
    expect(response.statusCode, response.body).toBe(200);
    const { outcome, order: after } = response.json().data;
    expect(outcome).toBe('refunded');
    expect(after.status).toBe('refunded');
    expect(after.refunded_at).toMatch(/Z$/);
    expect(after.grant.revoked_at).not.toBeNull();
    expect(after.events.map((e: { event_type: string }) => e.event_type)).toEqual([
      'sandbox.succeeded',
      'refund.requested',
      'refund.succeeded',
    ]);
    expect(await expiryOf(buyer)).toBe(keptExpiry);
    const [entry] = await auditOf(refunded);
    expect(entry).toMatchObject({ action: 'order.refund', actor_name: admin.username, target_type: 'order' });
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ status: 'refunded', reason: 'payer asked' });

    const again = await post(`/orders/${refunded}/refund`, { reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CONFLICT');
    const unpaid = await order(buyer, 1, false);
    expect((await post(`/orders/${unpaid}/refund`, { reason: 'x' })).statusCode).toBe(409);
    expect((await post(`/orders/${kept}/refund`, { reason: '' })).statusCode).toBe(400);
    expect((await post(`/orders/${kept}/refund`, { reason: 'a\u0000b' })).statusCode).toBe(400);
    expect((await get(`/orders/${kept}`)).json().data.status).toBe('paid');
  });

  it('answers 409 for a Stripe order when no secret key is configured, and changes nothing', async () => {
    const buyer = await createUser(ctx);
    const orderId = `ISSTRIPENOKEY${Date.now()}`;
    const at = Date.now();
    await ctx.db
      .insertInto('payment_orders')
      .values({
        order_id: orderId,
        user_id: buyer.id,
        provider: 'stripe',
        plan: 'month',
        months: 1,
        amount_fen: 1000,
        currency: 'cny',
        status: 'paid',
        provider_txn_id: `cs_${orderId}`,
        provider_payment_id: `pi_${orderId}`,
        created_at: at,
        paid_at: at,
        expires_at: at,
        settled_at: at,
        refunded_at: null,
      })
      .execute();
    const response = await post(`/orders/${orderId}/refund`, { reason: 'x' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toContain('STRIPE_SECRET_KEY');
    expect((await get(`/orders/${orderId}`)).json().data).toMatchObject({ status: 'paid', events: [] });
  });

  it('refunds once when two admins refund the same order at the same moment', async () => {
    const buyer = await createUser(ctx);
    await order(buyer, 1);
    const before = await expiryOf(buyer);
    const target = await order(buyer, 1);
    const answers = await Promise.all([1, 2, 3].map(() => post(`/orders/${target}/refund`, { reason: 'race' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await expiryOf(buyer)).toBe(before);
    expect(await auditOf(target)).toHaveLength(1);
  });

  it('refuses readers and visitors', async () => {
    const reader = await createUser(ctx);
    for (const url of ['/orders', '/orders/IS1', '/incidents', '/stats']) {
      expect((await get(url, reader)).statusCode).toBe(403);
      expect((await ctx.app.inject({ url: `/api/v1/admin${url}` })).statusCode).toBe(401);
    }
    expect((await post('/orders/IS1/refund', { reason: 'x' }, reader)).statusCode).toBe(403);
  });
});

describe('payment incidents in the console', () => {
  let counter = 0;
  async function incident(kind: string, plan: 'month' | 'season' | null = 'month', provider = 'stripe') {
    counter += 1;
    const reference = `cs_test_console_${Date.now()}_${counter}`;
    const detail = {
      session_id: reference,
      payment_intent: `pi_${reference}`,
      amount_total: 1000,
      currency: 'cny',
      email: 'payer@example.com',
    };
    await recordIncident(ctx.db, { provider, reference, kind, plan, detail }, Date.now());
    const row = await ctx.db.selectFrom('payment_incidents').select('id').where('reference', '=', reference).executeTakeFirstOrThrow();
    return { id: row.id, reference };
  }

  it('lists open incidents, resolves one to a user once (grant, order, audit) and dismisses another', async () => {
    const user = await createUser(ctx);
    const toGrant = await incident('unknown_user');
    const toDismiss = await incident('partial_refund', null, 'wechat');
    const open = (await get('/incidents?page_size=200')).json().data;
    const listed = open.items.find((i: { id: number }) => i.id === toGrant.id);
    expect(listed).toMatchObject({ kind: 'unknown_user', provider: 'stripe', can_grant: true, resolved_at: null });
    expect(listed.detail.email).toBe('payer@example.com');
    expect(open.items.find((i: { id: number }) => i.id === toDismiss.id).can_grant).toBe(false);

    expect((await post(`/incidents/${toGrant.id}/resolve`, { username: 'nobody-here' })).json().code).toBe('USER_NOT_FOUND');
    expect((await post(`/incidents/${toDismiss.id}/resolve`, { username: user.username })).statusCode).toBe(409);
    const resolved = await post(`/incidents/${toGrant.id}/resolve`, { username: user.username });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().data.resolution).toContain(`granted month to ${user.username} as order`);
    expect(await expiryOf(user)).not.toBeNull();
    expect((await post(`/incidents/${toGrant.id}/resolve`, { username: user.username })).statusCode).toBe(409);
    const orders = (await get(`/orders?user=${user.uuid}`)).json().data.items;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ provider: 'stripe', status: 'paid' });
    const detail = (await get(`/orders/${orders[0].order_id}`)).json().data;
    expect(detail.events.map((e: { event_type: string }) => e.event_type)).toContain('incident.resolve');

    expect((await post(`/incidents/${toDismiss.id}/dismiss`, { note: '' })).statusCode).toBe(400);
    const dismissed = await post(`/incidents/${toDismiss.id}/dismiss`, { note: 'settled with the payer' });
    expect(dismissed.json().data.resolution).toBe('dismissed: settled with the payer');
    expect((await post(`/incidents/${toDismiss.id}/dismiss`, { note: 'again' })).statusCode).toBe(409);
    expect((await post('/incidents/99999999/dismiss', { note: 'x' })).statusCode).toBe(404);

    const resolvedList = (await get('/incidents?state=resolved&page_size=200')).json().data.items.map((i: { id: number }) => i.id);
    expect(resolvedList).toEqual(expect.arrayContaining([toGrant.id, toDismiss.id]));
    const stillOpen = (await get('/incidents?page_size=200')).json().data.items.map((i: { id: number }) => i.id);
    expect(stillOpen).not.toContain(toGrant.id);
    const actions = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('target_type', '=', 'payment_incident')
      .execute();
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: 'incident.resolve', target_id: String(toGrant.id) },
        { action: 'incident.dismiss', target_id: String(toDismiss.id) },
      ]),
    );
  });

  it('needs the plan when the payment link was unknown', async () => {
    const user = await createUser(ctx);
    const unknownPlan = await incident('unknown_plan', null);
    expect((await post(`/incidents/${unknownPlan.id}/resolve`, { username: user.username })).statusCode).toBe(400);
    expect((await post(`/incidents/${unknownPlan.id}/resolve`, { username: user.username, plan: 'year' })).statusCode).toBe(400);
    const resolved = await post(`/incidents/${unknownPlan.id}/resolve`, { username: user.username, plan: 'season' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect((await get(`/orders?user=${user.uuid}`)).json().data.items[0]).toMatchObject({ plan: 'season', months: 3 });
  });
});
