import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarMonths } from '../src/lib/time.js';
import { eraseAccountNow } from './helpers/account-erasure.js';
import { authHeader, callApi, createUser, type TestUser } from './helpers/factories.js';
import { startFakeWechatPay, type FakeWechatPay, type SignedMessage } from './helpers/fake-wechat-pay.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * WeChat Pay contract deduction (委托代扣 / papay, issue 59) against the local fake of WeChat's
 * papay API v3: signed requests, signed and encrypted notifications. Time moves by moving the
 * reader's grants back (the contract job reads the membership's end), never by waiting.
 */
let ctx: TestContext;
let fake: FakeWechatPay;
let keyDir: string;
const MONTH_PLAN_ID = '12535';
const SEASON_PLAN_ID = '12536';
const DAY = 86_400_000;

beforeAll(async () => {
  keyDir = mkdtempSync(path.join(tmpdir(), 'inkstream-papay-'));
  fake = await startFakeWechatPay(keyDir);
  ctx = await createTestContext({
    ...fake.env(),
    PUBLIC_URL: 'https://comics.example.com',
    WECHATPAY_PAPAY_PLAN_ID_MONTH: MONTH_PLAN_ID,
    WECHATPAY_PAPAY_PLAN_ID_SEASON: SEASON_PLAN_ID,
  });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
  rmSync(keyDir, { recursive: true, force: true });
});

const notify = (message: SignedMessage) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/payment/wechat/notify', headers: message.headers, payload: message.body });
const tick = () => ctx.app.wechatContracts!.tick();
const subscription = async (user: TestUser) => (await callApi(ctx, 'GET', '/user/membership/subscription', user)).json().data.result;
const contractState = async (user: TestUser, code: string) =>
  (await callApi(ctx, 'GET', `/payment/wechat/contract/${code}`, user)).json().data.result;

/** The reader's membership end, from the grants that stand. */
async function memberEnd(user: TestUser): Promise<number | null> {
  const row = await ctx.db
    .selectFrom('membership_grants')
    .select((eb) => eb.fn.max('ends_at').as('end'))
    .where('user_id', '=', user.id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row?.end == null ? null : Number(row.end);
}

/**
 * Moves the reader's clock: their grants and their contract's times shift together so that the
 * membership ends `msFromNow` from now (what the contract job sees when that much time has passed).
 */
async function endIn(user: TestUser, msFromNow: number): Promise<number> {
  const shift = (await memberEnd(user))! - (Date.now() + msFromNow);
  await ctx.db
    .updateTable('membership_grants')
    .set((eb) => ({
      starts_at: eb('starts_at', '-', shift),
      ends_at: eb('ends_at', '-', shift),
      created_at: eb('created_at', '-', shift),
    }))
    .where('user_id', '=', user.id)
    .execute();
  for (const column of ['notice_for', 'grace_until', 'current_period_end'] as const) {
    await ctx.db
      .updateTable('membership_subscriptions')
      .set((eb) => ({ [column]: eb(column, '-', shift) }))
      .where('user_id', '=', user.id)
      .where(column, 'is not', null)
      .execute();
  }
  return (await memberEnd(user))!;
}

/** The deductions WeChat was asked for under this contract, oldest first. */
const deductionsOf = (contractId: string) => [...fake.orders.values()].filter((o) => o.code_url === `contract:${contractId}`);

/** A reader signs a month contract and its first deduction is paid: the contract and its WeChat id. */
async function signAndPay(user: TestUser) {
  const started = await callApi(ctx, 'POST', '/payment/wechat/contract', user, { plan: 'month' });
  expect(started.statusCode, started.body).toBe(200);
  const code = started.json().data.result.contract_code as string;
  const contract = fake.signContract(code);
  expect((await notify(fake.contractNotification(contract, 'PAPAY.SIGN'))).statusCode).toBe(204);
  const [first] = deductionsOf(contract.contract_id!);
  expect((await notify(fake.deductionNotification(first!.out_trade_no, 'SUCCESS'))).statusCode).toBe(204);
  return { code, contract };
}

describe('WeChat Pay contract deduction', () => {
  it('is offered in the public config only where the templates are configured', async () => {
    const config = (await ctx.app.inject({ method: 'GET', url: '/api/v1/config/public' })).json().data.result;
    expect(config.payments.wechat).toMatchObject({ enabled: true, sandbox: false, renewing: true });
  });

  it('signs through the QR page, charges the first month at once, then announces, renews, fails, retries and ends', async () => {
    const reader = await createUser(ctx);
    const before = Date.now();
    const started = await callApi(ctx, 'POST', '/payment/wechat/contract', reader, { plan: 'month' });
    expect(started.statusCode, started.body).toBe(200);
    const created = started.json().data.result;
    expect(created).toMatchObject({ state: 'waiting', plan: 'month', price: 1000, currency: 'CNY' });
    const contractRecord = fake.contracts.get(created.contract_code)!;
    expect(created.sign_url).toBe(contractRecord.redirect_url);
    expect(created.qr_code).toMatch(/^data:image\/png;base64,/);
    expect(contractRecord.plan_id).toBe(Number(MONTH_PLAN_ID));
    expect(contractRecord.contract_notify_url).toBe('https://comics.example.com/api/v1/payment/wechat/notify');
    // Not signed yet: nothing to show on the profile, nothing charged.
    expect(await subscription(reader)).toBeNull();
    expect(await contractState(reader, created.contract_code)).toMatchObject({ state: 'waiting', sign_url: null, qr_code: null });

    const contract = fake.signContract(created.contract_code);
    const signing = fake.contractNotification(contract, 'PAPAY.SIGN');
    expect((await notify(signing)).statusCode).toBe(204);
    expect((await notify(signing)).statusCode).toBe(204); // WeChat resends: one deduction still
    const [first, ...more] = deductionsOf(contract.contract_id!);
    expect(more).toEqual([]);
    expect(first!.amount).toBe(1000);
    expect(await contractState(reader, created.contract_code)).toMatchObject({ state: 'signed' });

    const paid = fake.deductionNotification(first!.out_trade_no, 'SUCCESS');
    expect((await notify(paid)).statusCode).toBe(204);
    // Resent under a new event id: the order is paid once, the month granted once.
    expect((await notify(fake.deductionNotification(first!.out_trade_no, 'SUCCESS'))).statusCode).toBe(204);
    expect(await contractState(reader, created.contract_code)).toMatchObject({ state: 'active' });
    const firstEnd = (await memberEnd(reader))!;
    expect(firstEnd).toBeGreaterThanOrEqual(addCalendarMonths(before, 1));
    expect(firstEnd).toBeLessThanOrEqual(addCalendarMonths(Date.now(), 1));
    expect(await subscription(reader)).toMatchObject({
      provider: 'wechat',
      plan: 'month',
      state: 'renewing',
      price: 1000,
      can_resume: false,
    });
    expect(fake.announcements).toEqual([]);

    // Four days before the end: nothing yet. Two and a half: the pre-deduction notice, once.
    await endIn(reader, 4 * DAY);
    expect(await tick()).toEqual({});
    const end1 = await endIn(reader, 2.5 * DAY);
    expect(await tick()).toEqual({ announced: 1 });
    expect(await tick()).toEqual({});
    expect(fake.announcements).toEqual([{ contract_id: contract.contract_id, amount: 1000 }]);
    expect(deductionsOf(contract.contract_id!)).toHaveLength(1);

    // Half a day before the end: the deduction is asked for once; it pays exactly one month more.
    const end2 = await endIn(reader, 0.5 * DAY);
    expect(end2).toBeLessThan(end1);
    expect(await tick()).toEqual({ deduct_asked: 1 });
    expect(await tick()).toEqual({}); // asked, not answered yet: not asked again within the hour
    const second = deductionsOf(contract.contract_id!)[1]!;
    expect((await notify(fake.deductionNotification(second.out_trade_no, 'SUCCESS'))).statusCode).toBe(204);
    expect(await memberEnd(reader)).toBe(addCalendarMonths(end2, 1));

    // The next one fails: seven days of grace from the end, past due on the profile.
    const end3 = await endIn(reader, 0.5 * DAY);
    expect(await tick()).toEqual({ announced: 1 });
    expect(await tick()).toEqual({ deduct_asked: 1 });
    const third = deductionsOf(contract.contract_id!)[2]!;
    expect((await notify(fake.deductionNotification(third.out_trade_no, 'PAYERROR'))).statusCode).toBe(204);
    expect((await notify(fake.deductionNotification(third.out_trade_no, 'PAYERROR'))).statusCode).toBe(204);
    expect(await memberEnd(reader)).toBe(end3 + 7 * DAY);
    const pastDue = await subscription(reader);
    expect(pastDue).toMatchObject({ state: 'past_due', grace_until: new Date(end3 + 7 * DAY).toISOString() });

    // Retried a day later (a new order: the failed one stays failed); it pays from the old end.
    expect(await tick()).toEqual({});
    await ctx.db
      .updateTable('membership_subscriptions')
      .set({ attempted_at: Date.now() - DAY - 1000 })
      .where('provider_ref', '=', created.contract_code)
      .execute();
    expect(await tick()).toEqual({ retry_asked: 1 });
    const retry = deductionsOf(contract.contract_id!)[3]!;
    expect(retry.out_trade_no).not.toBe(third.out_trade_no);
    expect((await notify(fake.deductionNotification(retry.out_trade_no, 'SUCCESS'))).statusCode).toBe(204);
    // The grace is taken back and the month paid starts where the last paid one ends (the grace
    // days inside it). Compared on the grants: moving the clock across a month boundary re-stacks
    // the older months by their calendar lengths.
    const grants = await ctx.db
      .selectFrom('membership_grants')
      .select(['source', 'starts_at', 'ends_at', 'revoked_at'])
      .where('user_id', '=', reader.id)
      .orderBy('id')
      .execute();
    expect(grants.map((g) => [g.source, g.revoked_at === null])).toEqual([
      ['wechat', true],
      ['wechat', true],
      ['grace', false],
      ['wechat', true],
    ]);
    const [, previous, , renewed] = grants.map((g) => ({ starts: Number(g.starts_at), ends: Number(g.ends_at) }));
    expect(renewed!.starts).toBe(previous!.ends);
    expect(renewed!.ends).toBe(addCalendarMonths(previous!.ends, 1));
    expect(await memberEnd(reader)).toBe(renewed!.ends);
    expect(await subscription(reader)).toMatchObject({ state: 'renewing', grace_until: null });

    // Cancel in one click: nothing asked of WeChat until the paid time is over; resume; cancel; the end.
    const canceled = await callApi(ctx, 'POST', '/user/membership/subscription/cancel', reader, {});
    expect(canceled.json().data.result).toMatchObject({ state: 'canceling', can_resume: true });
    await endIn(reader, 0.5 * DAY);
    expect(await tick()).toEqual({});
    expect((await callApi(ctx, 'POST', '/user/membership/subscription/resume', reader, {})).json().data.result.state).toBe('renewing');
    await callApi(ctx, 'POST', '/user/membership/subscription/cancel', reader, { reason: 'too many books' });
    const lastEnd = await endIn(reader, -60_000);
    expect(await tick()).toEqual({ ended: 1 });
    expect(fake.contracts.get(created.contract_code)!.state).toBe('TERMINATED');
    expect(await subscription(reader)).toMatchObject({ state: 'ended', can_cancel: false, can_resume: false });
    expect(await memberEnd(reader)).toBe(lastEnd);
    expect(deductionsOf(contract.contract_id!)).toHaveLength(4);
    expect(await tick()).toEqual({});

    // Each paid period is an order of its own (receipts, refunds): three paid, one failed.
    const orders = await ctx.db
      .selectFrom('payment_orders')
      .select(['status', 'amount_fen', 'provider_payment_id'])
      .where('user_id', '=', reader.id)
      .execute();
    expect(orders.map((o) => o.status).sort()).toEqual(['failed', 'paid', 'paid', 'paid']);
  });

  it('ends when the payer terminates the contract in WeChat: the paid time stands, nothing more is asked', async () => {
    const reader = await createUser(ctx);
    const { code, contract } = await signAndPay(reader);
    const end = (await memberEnd(reader))!;
    fake.terminateContract(code);
    expect((await notify(fake.contractNotification(contract, 'PAPAY.TERMINATE'))).statusCode).toBe(204);
    expect(await subscription(reader)).toMatchObject({ provider: 'wechat', state: 'ended' });
    expect(await memberEnd(reader)).toBe(end);
    await endIn(reader, 0.5 * DAY);
    expect(await tick()).toEqual({});
    expect(deductionsOf(contract.contract_id!)).toHaveLength(1);
  });

  it('grants nothing when the first charge fails, and ends the contract at WeChat', async () => {
    const reader = await createUser(ctx);
    const started = await callApi(ctx, 'POST', '/payment/wechat/contract', reader, { plan: 'season' });
    const code = started.json().data.result.contract_code as string;
    expect(fake.contracts.get(code)!.plan_id).toBe(Number(SEASON_PLAN_ID));
    const contract = fake.signContract(code);
    await notify(fake.contractNotification(contract, 'PAPAY.SIGN'));
    const [first] = deductionsOf(contract.contract_id!);
    expect(first!.amount).toBe(2700);
    expect((await notify(fake.deductionNotification(first!.out_trade_no, 'PAYERROR'))).statusCode).toBe(204);
    expect(await contractState(reader, code)).toMatchObject({ state: 'failed' });
    expect(await memberEnd(reader)).toBeNull();
    expect(fake.contracts.get(code)!.state).toBe('TERMINATED');
    // The reader may try again: a failed contract is not a running one.
    expect((await callApi(ctx, 'POST', '/payment/wechat/contract', reader, { plan: 'month' })).statusCode).toBe(200);
  });

  it('refuses a second contract while one runs, other readers’ contracts, and bad bodies', async () => {
    const reader = await createUser(ctx);
    const { code } = await signAndPay(reader);
    const again = await callApi(ctx, 'POST', '/payment/wechat/contract', reader, { plan: 'season' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('SUBSCRIPTION_RUNNING');
    const stranger = await createUser(ctx);
    expect((await callApi(ctx, 'GET', `/payment/wechat/contract/${code}`, stranger)).statusCode).toBe(404);
    const nope = await callApi(ctx, 'GET', '/payment/wechat/contract/nope', stranger);
    expect(nope.statusCode, nope.body).toBe(400);
    expect((await callApi(ctx, 'POST', '/payment/wechat/contract', stranger, { plan: 'year' })).statusCode).toBe(400);
    expect((await callApi(ctx, 'POST', '/payment/wechat/contract', stranger, {})).statusCode).toBe(400);
    expect((await callApi(ctx, 'POST', '/payment/wechat/contract', null, { plan: 'month' })).statusCode).toBe(401);
  });

  it('rejects contract notifications that are not WeChat’s, not ours or not the plan sold', async () => {
    const reader = await createUser(ctx);
    const started = await callApi(ctx, 'POST', '/payment/wechat/contract', reader, { plan: 'month' });
    const code = started.json().data.result.contract_code as string;
    const contract = fake.signContract(code);
    expect((await notify(fake.contractNotification(contract, 'PAPAY.SIGN', { signer: 'stranger' }))).statusCode).toBe(401);
    const forged = (resource: Record<string, unknown>) => fake.contractNotification(contract, 'PAPAY.SIGN', { resource });
    const base = {
      mchid: '1900000109',
      appid: 'wxd678efh567hg6787',
      plan_id: Number(MONTH_PLAN_ID),
      out_contract_code: code,
      contract_id: contract.contract_id,
    };
    expect((await notify(forged({ ...base, mchid: '1900000999' }))).statusCode).toBe(400);
    expect((await notify(forged({ ...base, plan_id: Number(SEASON_PLAN_ID) }))).statusCode).toBe(400);
    expect((await notify(forged({ ...base, out_contract_code: 'ctr000000000000000000000000' }))).statusCode).toBe(400);
    expect((await notify(forged({ ...base, contract_id: 42 }))).statusCode).toBe(400);
    expect(deductionsOf(contract.contract_id!)).toEqual([]);
    const incidents = await ctx.db.selectFrom('payment_incidents').select('kind').where('reference', '=', contract.contract_id!).execute();
    expect(incidents.map((i) => i.kind).sort()).toEqual(['contract_plan_mismatch', 'unknown_contract']);
  });

  it.runIf(TEST_DIALECT === 'postgres')('grants a deduction once however many deliveries race for it', async () => {
    const reader = await createUser(ctx);
    const started = await callApi(ctx, 'POST', '/payment/wechat/contract', reader, { plan: 'month' });
    const code = started.json().data.result.contract_code as string;
    const contract = fake.signContract(code);
    const signings = Array.from({ length: 10 }, () => fake.contractNotification(contract, 'PAPAY.SIGN'));
    expect((await Promise.all(signings.map(notify))).map((r) => r.statusCode)).toEqual(Array(10).fill(204));
    const asked = deductionsOf(contract.contract_id!);
    expect(asked).toHaveLength(1);
    const before = Date.now();
    const deliveries = Array.from({ length: 20 }, () => fake.deductionNotification(asked[0]!.out_trade_no, 'SUCCESS'));
    expect((await Promise.all(deliveries.map(notify))).map((r) => r.statusCode)).toEqual(Array(20).fill(204));
    const grants = await ctx.db
      .selectFrom('membership_grants')
      .select(['ends_at'])
      .where('user_id', '=', reader.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(grants).toHaveLength(1);
    expect(Number(grants[0]!.ends_at)).toBeLessThanOrEqual(addCalendarMonths(Date.now(), 1));
    expect(Number(grants[0]!.ends_at)).toBeGreaterThanOrEqual(addCalendarMonths(before - 60_000, 1));
  });

  it('ends an erased account’s contract at WeChat, or leaves an incident when WeChat refuses', async () => {
    const reader = await createUser(ctx);
    const { code } = await signAndPay(reader);
    await eraseAccountNow(ctx, reader);
    expect(fake.contracts.get(code)!.state).toBe('TERMINATED');
    const row = await ctx.db
      .selectFrom('membership_subscriptions')
      .select('status')
      .where('provider_ref', '=', code)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('canceled');

    const other = await createUser(ctx);
    const { code: refused } = await signAndPay(other);
    fake.failWith(/\/terminate$/, 500, 'SYSTEM_ERROR');
    await eraseAccountNow(ctx, other);
    expect(fake.contracts.get(refused)!.state).toBe('SIGNED');
    const incident = await ctx.db
      .selectFrom('payment_incidents')
      .select(['kind', 'provider'])
      .where('reference', '=', refused)
      .executeTakeFirst();
    expect(incident).toEqual({ kind: 'erased_subscription', provider: 'wechat' });
  });

  it('is not sold while the operator turns renewing memberships off', async () => {
    const admin = await createUser(ctx, { role: 'admin' });
    const put = (value: boolean) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/settings',
        headers: authHeader(admin),
        payload: { renewing_memberships: value },
      });
    expect((await put(false)).statusCode).toBe(200);
    try {
      const config = (await ctx.app.inject({ method: 'GET', url: '/api/v1/config/public' })).json().data.result;
      expect(config.payments.wechat.renewing).toBe(false);
      const refused = await callApi(ctx, 'POST', '/payment/wechat/contract', await createUser(ctx), { plan: 'month' });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('PAYMENT_UNAVAILABLE');
    } finally {
      expect((await put(true)).statusCode).toBe(200);
    }
  });
});
