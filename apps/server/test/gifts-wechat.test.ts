import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarMonths } from '../src/lib/time.js';
import { callApi, createUser } from './helpers/factories.js';
import { startFakeWechatPay, type FakeWechatPay } from './helpers/fake-wechat-pay.js';
import { redeemCoupon } from './helpers/payment-flows.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/** Gift memberships (issue 59) on the WeChat Pay rail: the order call with `gift`, paid by a signed notification. */
let ctx: TestContext;
let fake: FakeWechatPay;
let keyDir: string;

beforeAll(async () => {
  keyDir = mkdtempSync(path.join(tmpdir(), 'inkstream-gift-wechat-'));
  fake = await startFakeWechatPay(keyDir);
  ctx = await createTestContext({ ...fake.env(), PUBLIC_URL: 'https://comics.example.com' });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
  rmSync(keyDir, { recursive: true, force: true });
});

describe('a gift on WeChat Pay', () => {
  it('is named a gift to the payer, grants the buyer nothing when paid, and its code redeems for a friend', async () => {
    const buyer = await createUser(ctx);
    const created = await callApi(ctx, 'POST', '/payment/wechat/payment/china_book_membership/create', buyer, { months: 1, gift: true });
    expect(created.statusCode, created.body).toBe(200);
    const orderId = created.json().data.order_id as string;
    const order = fake.pay(orderId);
    expect(order.description).toContain('月卡会员（礼物）');
    const notified = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payment/wechat/notify',
      ...(({ headers, body }) => ({ headers, payload: body }))(fake.notification(order)),
    });
    expect(notified.statusCode).toBe(204);
    const status = (await callApi(ctx, 'GET', `/payment/wechat/payment/status/${orderId}`, buyer)).json().data.result;
    expect(status.gift.link).toBe(`https://comics.example.com/gift#${status.gift.code}`);
    expect((await callApi(ctx, 'GET', '/user/book/membership', buyer)).json().data.result).toBeNull();

    const friend = await createUser(ctx);
    const before = Date.now();
    const redeemed = await redeemCoupon(ctx, friend, status.gift.code);
    expect(redeemed.statusCode).toBe(200);
    expect(Date.parse(redeemed.json().data.result.expire_at)).toBeGreaterThanOrEqual(addCalendarMonths(before, 1));
  });
});
