import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertChapter } from '../src/modules/catalogue/catalogue-write.repository.js';
import { publishScheduledChapter } from '../src/modules/catalogue/chapters-admin.repository.js';
import { createHousekeeping } from '../src/modules/housekeeping/housekeeping.js';
import { sendDueDigests } from '../src/modules/notices/digest.js';
import { sendDueReminders } from '../src/modules/notices/reminders.js';
import { adminCli } from './helpers/admin-cli.js';
import { authHeader, createBook, createUser, createUserWithEmail, grantMembership, type TestUser } from './helpers/factories.js';
import { startFakeWechatPay, type FakeWechatPay } from './helpers/fake-wechat-pay.js';
import {
  createOrder,
  deliverStripe as deliverStripeTo,
  sandboxPay as sandboxPayAs,
  STRIPE_TEST_ENV,
  stripeCheckoutSession,
  stripeEvent,
} from './helpers/payment-flows.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

// What the site sends on its own (issue 28): receipts, membership reminders, the daily digest, and
// the reader's choices. Message data is read from the outbox rows the changes wrote.

const DAY = 24 * 60 * 60_000;
const HOUR = 60 * 60_000;
const PUBLIC_URL = 'https://comics.example.com';
const STRIPE_ENV = STRIPE_TEST_ENV;

let ctx: TestContext;
/** Stripe configured turns the sandbox off: the Stripe rail has its own server. */
let stripeCtx: TestContext;
let admin: TestUser;
let counter = 0;
const log = { warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL });
  stripeCtx = await createTestContext({ ...STRIPE_ENV, PUBLIC_URL });
  admin = await createUser(ctx, { role: 'admin' });
});
afterAll(async () => {
  await ctx.close();
  await stripeCtx.close();
});

/** A reader with a confirmed (or not) address, in `language`. */
const reader = (c: TestContext, options: { confirmed?: boolean; language?: string } = {}): Promise<TestUser> =>
  createUserWithEmail(c, options);

interface OutboxMessage {
  kind: string;
  recipient: string;
  language: string;
  list: string | null;
  data: Record<string, unknown>;
}
async function outbox(c: TestContext, user: TestUser, kind?: string): Promise<OutboxMessage[]> {
  let query = c.db.selectFrom('mail_outbox').select(['kind', 'recipient', 'language', 'list', 'data', 'id']).where('user_id', '=', user.id);
  if (kind) query = query.where('kind', '=', kind);
  const rows = await query.orderBy('id').execute();
  return rows.map((row) => ({
    kind: row.kind,
    recipient: row.recipient,
    language: row.language,
    list: row.list,
    data: JSON.parse(row.data),
  }));
}

const memberUntil = async (user: TestUser) =>
  Number((await ctx.db.selectFrom('users').select('member_until').where('id', '=', user.id).executeTakeFirstOrThrow()).member_until);

const sandboxPay = (user: TestUser, orderId: string) => sandboxPayAs(ctx, user, orderId);
const deliverStripe = (payload: object) => deliverStripeTo(stripeCtx, payload);
const stripeSession = stripeCheckoutSession;

describe('receipts', () => {
  it('sandbox: one payment-receipt in the payer language, however often the payment is confirmed', async () => {
    const user = await reader(ctx, { language: 'zh-cn' });
    const orderId = await createOrder(ctx, user, 3);
    expect((await sandboxPay(user, orderId)).statusCode).toBe(200);
    expect((await sandboxPay(user, orderId)).statusCode).toBe(200);
    const messages = await outbox(ctx, user);
    expect(messages).toHaveLength(1);
    const [receipt] = messages;
    expect(receipt).toMatchObject({ kind: 'payment-receipt', recipient: `${user.username}@example.com`, language: 'zh-cn', list: null });
    expect(receipt!.data).toMatchObject({ order: orderId, plan: '季卡（3个月）', amount: '¥27', username: user.username });
    const end = new Date(await memberUntil(user));
    expect(receipt!.data.member_until).toContain(`${end.getUTCFullYear()}年${end.getUTCMonth() + 1}月${end.getUTCDate()}日`);
  });

  it('nothing to a payer without a confirmed address (nor without any)', async () => {
    const unconfirmed = await reader(ctx, { confirmed: false });
    const none = await createUser(ctx);
    for (const user of [unconfirmed, none]) {
      const orderId = await createOrder(ctx, user, 1);
      expect((await sandboxPay(user, orderId)).statusCode).toBe(200);
      expect(await memberUntil(user)).toBeGreaterThan(Date.now());
    }
    expect(await outbox(ctx, unconfirmed)).toEqual([]);
    expect(await ctx.db.selectFrom('mail_outbox').select('id').where('user_id', '=', none.id).execute()).toEqual([]);
  });

  it('Stripe: one receipt for a webhook delivered twice (and for a second event of the same session)', async () => {
    const user = await reader(stripeCtx, { language: 'fr-fr' });
    const session = stripeSession(user);
    const event = stripeEvent('checkout.session.completed', session);
    expect((await deliverStripe(event)).statusCode).toBe(200);
    expect((await deliverStripe(event)).statusCode).toBe(200);
    expect((await deliverStripe(stripeEvent('checkout.session.completed', session))).statusCode).toBe(200);
    const messages = await outbox(stripeCtx, user);
    expect(messages.map((m) => m.kind)).toEqual(['payment-receipt']);
    const order = await stripeCtx.db
      .selectFrom('payment_orders')
      .select('order_id')
      .where('provider_txn_id', '=', session.id)
      .executeTakeFirstOrThrow();
    expect(messages[0]!.data).toMatchObject({ order: order.order_id });
    expect(messages[0]!.data.plan).toMatch(/^Pass mensuel \(1\s+mois\)$/u);
    expect(messages[0]!.data.amount).toMatch(/^10\s?CN¥$|^10,00\s?CN¥$|^10\s?CNY$/u);
    expect(messages[0]!.language).toBe('fr-fr');
  });

  it('coupon: a coupon-receipt with what the coupon gave and the new end', async () => {
    const code = `NOTICE${(counter += 1)}`;
    expect((await adminCli(ctx)('coupon', 'create', code, '--days', '30')).code).toBe(0);
    const user = await reader(ctx, { language: 'es-es' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/coupon/redeem',
      headers: authHeader(user),
      payload: { code: code.toLowerCase() },
    });
    expect(response.statusCode).toBe(200);
    const messages = await outbox(ctx, user);
    expect(messages.map((m) => m.kind)).toEqual(['coupon-receipt']);
    expect(messages[0]!.data).toMatchObject({ coupon: code });
    expect(messages[0]!.data.plan).toMatch(/^30\s+días$/u);
    expect(messages[0]!.data.member_until).toMatch(/\d{4}/);
    // Used twice: refused, and no second receipt.
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/v1/user/coupon/redeem', headers: authHeader(user), payload: { code } }))
        .statusCode,
    ).toBe(400);
    expect(await outbox(ctx, user, 'coupon-receipt')).toHaveLength(1);
  });

  it('console refund: a refund-notice with the amount, the order and the end left; once', async () => {
    const user = await reader(ctx);
    const kept = await createOrder(ctx, user, 1);
    expect((await sandboxPay(user, kept)).statusCode).toBe(200);
    const refunded = await createOrder(ctx, user, 3);
    expect((await sandboxPay(user, refunded)).statusCode).toBe(200);
    const refund = (orderId: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${orderId}/refund`,
        headers: authHeader(admin),
        payload: { reason: 'payer asked' },
      });
    expect((await refund(refunded)).statusCode).toBe(200);
    expect((await refund(refunded)).statusCode).toBeGreaterThanOrEqual(200);
    const notices = await outbox(ctx, user, 'refund-notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.data).toMatchObject({ order: refunded, amount: 'CN¥27', plan: '3-month pass (3 months)' });
    // The one-month order still stands: the notice says when it now ends.
    const end = new Date(await memberUntil(user));
    expect(end.getTime()).toBeGreaterThan(Date.now() + 27 * DAY);
    expect(notices[0]!.data.member_until).toContain(String(end.getUTCDate()));
    expect(notices[0]!.data.member_ended_at).toBeUndefined();
    // Refunding the last one: nothing left, the notice says it ended.
    expect((await refund(kept)).statusCode).toBe(200);
    const last = (await outbox(ctx, user, 'refund-notice'))[1]!;
    expect(last.data).toMatchObject({ order: kept });
    expect(last.data.member_until).toBeUndefined();
    expect(last.data.member_ended_at).toMatch(/\d{4}/);
  });
});

describe('WeChat Pay receipts', () => {
  let wechat: TestContext;
  let fake: FakeWechatPay;
  let keyDir: string;
  beforeAll(async () => {
    keyDir = mkdtempSync(path.join(tmpdir(), 'inkstream-notices-wechat-'));
    fake = await startFakeWechatPay(keyDir);
    wechat = await createTestContext({ ...fake.env(), PUBLIC_URL });
  });
  afterAll(async () => {
    await wechat.close();
    await fake.close();
    rmSync(keyDir, { recursive: true, force: true });
  });
  const notify = (message: { headers: Record<string, string>; body: string }) =>
    wechat.app.inject({ method: 'POST', url: '/api/v1/payment/wechat/notify', headers: message.headers, payload: message.body });

  it('one receipt for a notification delivered twice; a refund notification sends a refund-notice', async () => {
    const user = await reader(wechat, { language: 'ar-sa' });
    const orderId = await createOrder(wechat, user, 1);
    const order = fake.pay(orderId);
    expect((await notify(fake.notification(order))).statusCode).toBe(204);
    expect((await notify(fake.notification(order))).statusCode).toBe(204);
    const receipts = await outbox(wechat, user, 'payment-receipt');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.language).toBe('ar-sa');
    expect(receipts[0]!.data).toMatchObject({ order: orderId, plan: 'الاشتراك الشهري (شهر)' });
    expect(receipts[0]!.data.amount).toMatch(/^10 /);
    expect(receipts[0]!.data.member_until).toMatch(/^[^٠-٩]*$/u);
    expect((await notify(fake.refundNotification(order, order.amount))).statusCode).toBe(204);
    expect((await notify(fake.refundNotification(order, order.amount))).statusCode).toBe(204);
    const notices = await outbox(wechat, user, 'refund-notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.data).toMatchObject({ order: orderId });
  });
});

/** One housekeeping pass (reminders, digests) as if the clock said `at`. */
const runAt = async (at: number) => {
  const housekeeping = createHousekeeping({ db: ctx.db, domainEvents: ctx.app.domainEvents, log, now: () => at, publicUrl: PUBLIC_URL });
  try {
    return await housekeeping.runOnce();
  } finally {
    await housekeeping.stop();
  }
};

describe('membership reminders', () => {
  it('three days before the end, once per end; again after an extension nears its new end', async () => {
    const user = await reader(ctx, { language: 'fr-fr' });
    await grantMembership(ctx, user.id, { days: 10 });
    const end = await memberUntil(user);
    await runAt(end - 4 * DAY);
    expect(await outbox(ctx, user, 'membership-reminder')).toEqual([]);
    await runAt(end - 3 * DAY + 60_000);
    const first = await outbox(ctx, user, 'membership-reminder');
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ list: 'reminders', language: 'fr-fr' });
    expect(first[0]!.data.top_up).toBe(`${PUBLIC_URL}/profile#top-up`);
    const endDate = new Date(end);
    expect(first[0]!.data.member_until).toContain(`${endDate.getUTCFullYear()}`);
    expect(first[0]!.data.member_until).toContain(String(endDate.getUTCDate()));
    await runAt(end - 2 * DAY);
    await runAt(end - 60_000);
    expect(await outbox(ctx, user, 'membership-reminder')).toHaveLength(1);
    // Extended by five days (a grant after the current one): a new end, a new reminder when it nears.
    await grantMembership(ctx, user.id, { days: 5, startDaysAgo: -10 });
    const newEnd = await memberUntil(user);
    expect(newEnd).toBeGreaterThan(end + 4 * DAY);
    await runAt(end - 60_000);
    expect(await outbox(ctx, user, 'membership-reminder')).toHaveLength(1);
    await runAt(newEnd - 3 * DAY + 60_000);
    await runAt(newEnd - DAY);
    const all = await outbox(ctx, user, 'membership-reminder');
    expect(all).toHaveLength(2);
    expect(all[1]!.data.member_until).toContain(String(new Date(newEnd).getUTCDate()));
  });

  it('none for a reader who left the list, nor without a confirmed address', async () => {
    const left = await reader(ctx);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/user/email/preferences',
      headers: authHeader(left),
      payload: { reminders: false },
    });
    expect(put.json().data.result).toEqual({ reminders: false, digest: false, replies: true });
    const unconfirmed = await reader(ctx, { confirmed: false });
    for (const user of [left, unconfirmed]) await grantMembership(ctx, user.id, { days: 5 });
    await runAt(Date.now() + 2 * DAY + HOUR);
    expect(await outbox(ctx, left)).toEqual([]);
    expect(await outbox(ctx, unconfirmed)).toEqual([]);
  });

  it.runIf(TEST_DIALECT === 'postgres')('concurrent runs send one reminder (PostgreSQL)', async () => {
    const users = await Promise.all([reader(ctx), reader(ctx), reader(ctx)]);
    for (const user of users) await grantMembership(ctx, user.id, { days: 2 });
    const at = Date.now() + HOUR;
    const step = () =>
      sendDueReminders(ctx.db, {
        domainEvents: ctx.app.domainEvents,
        now: at,
        publicUrl: PUBLIC_URL,
        batchSize: 1000,
        mayGoOn: async () => true,
      });
    // Both the steps themselves (past the lease) and two housekeeping nodes at once.
    await Promise.all([step(), step(), step(), runAt(at), runAt(at)]);
    for (const user of users) expect(await outbox(ctx, user, 'membership-reminder')).toHaveLength(1);
  });
});

describe('the daily digest', () => {
  const join = (user: TestUser, digest = true) =>
    ctx.app.inject({ method: 'PUT', url: '/api/v1/user/email/preferences', headers: authHeader(user), payload: { digest } });
  const follow = (user: TestUser, bookId: number) =>
    ctx.db.insertInto('book_follows').values({ user_id: user.id, book_id: bookId, created_at: Date.now() }).execute();
  const chapter = (bookId: number, number: number, at: number, options: { published?: boolean; publishAt?: number } = {}) =>
    insertChapter(ctx.db, {
      uuid: randomUUID(),
      book_id: bookId,
      number,
      created_at: at,
      is_published: options.published ?? true,
      publish_at: options.publishAt ?? null,
      translations: [
        { language: 'en-us', title: `Part ${number}` },
        { language: 'zh-cn', title: `第${number}部分` },
      ],
      pages: [],
    });

  it('lists only new chapters of followed books, at most one a day; none when not joined', async () => {
    const user = await reader(ctx);
    const other = await reader(ctx);
    expect((await join(user)).json().data.result).toEqual({ reminders: true, digest: true, replies: true });
    const t0 = Date.now();
    const followed = await createBook(ctx, { chapters: 2, titles: { 'en-us': 'Followed Book', 'zh-cn': '关注的书' } });
    const second = await createBook(ctx, { chapters: 1, titles: { 'en-us': 'Second Book' } });
    const notFollowed = await createBook(ctx, { chapters: 1 });
    for (const book of [followed, second]) {
      await follow(user, book.id);
      await follow(other, book.id);
    }
    await chapter(followed.id, 3, t0 + HOUR);
    await chapter(followed.id, 4, t0 + HOUR, { published: false });
    const scheduled = await chapter(second.id, 2, t0 + HOUR, { published: false, publishAt: t0 + 5 * HOUR });
    await chapter(notFollowed.id, 2, t0 + HOUR);

    await runAt(t0 + 2 * HOUR);
    let digests = await outbox(ctx, user, 'chapter-digest');
    expect(digests).toHaveLength(1);
    expect(digests[0]).toMatchObject({ list: 'digest' });
    expect(digests[0]!.data.list).toEqual([
      { title: 'Followed Book', items: ['Part 3'], href: `${PUBLIC_URL}/book/chapters/${followed.uuid}` },
    ]);
    expect(await outbox(ctx, other)).toEqual([]);

    // The scheduled chapter goes public; another chapter comes; within the day nothing more is sent.
    expect(await publishScheduledChapter(ctx.db, scheduled.id, t0 + 5 * HOUR, t0 + 5 * HOUR)).toBe(true);
    await chapter(followed.id, 5, t0 + 6 * HOUR);
    await runAt(t0 + 8 * HOUR);
    await runAt(t0 + 20 * HOUR);
    expect(await outbox(ctx, user, 'chapter-digest')).toHaveLength(1);
    // A day after the first: the chapters since then, not the first digest's again.
    await runAt(t0 + 2 * HOUR + DAY + 60_000);
    digests = await outbox(ctx, user, 'chapter-digest');
    expect(digests).toHaveLength(2);
    expect(digests[1]!.data.list).toEqual([
      { title: 'Followed Book', items: ['Part 5'], href: `${PUBLIC_URL}/book/chapters/${followed.uuid}` },
      { title: 'Second Book', items: ['Part 2'], href: `${PUBLIC_URL}/book/chapters/${second.uuid}` },
    ]);
    // Nothing new: nothing sent the next day; left the digest: nothing either.
    await runAt(t0 + 3 * HOUR + 2 * DAY);
    expect(await outbox(ctx, user, 'chapter-digest')).toHaveLength(2);
    await join(user, false);
    await chapter(followed.id, 6, t0 + 3 * DAY);
    await runAt(t0 + 5 * DAY);
    expect(await outbox(ctx, user, 'chapter-digest')).toHaveLength(2);
    expect(await outbox(ctx, other)).toEqual([]);
  });

  it.runIf(TEST_DIALECT === 'postgres')('concurrent runs send one digest (PostgreSQL)', async () => {
    const users = await Promise.all([reader(ctx), reader(ctx)]);
    const book = await createBook(ctx, { chapters: 1 });
    const t0 = Date.now();
    for (const user of users) {
      await join(user);
      await follow(user, book.id);
    }
    await chapter(book.id, 2, t0 + HOUR);
    const at = t0 + 2 * HOUR;
    const step = () =>
      sendDueDigests(ctx.db, {
        domainEvents: ctx.app.domainEvents,
        now: at,
        publicUrl: PUBLIC_URL,
        batchSize: 1000,
        mayGoOn: async () => true,
      });
    await Promise.all([step(), step(), step(), runAt(at)]);
    for (const user of users) expect(await outbox(ctx, user, 'chapter-digest')).toHaveLength(1);
  });
});

describe('GET/PUT /user/email/preferences', () => {
  const url = '/api/v1/user/email/preferences';
  it('answers the two choices, changes either, refuses other bodies and visitors', async () => {
    const user = await createUser(ctx);
    const get = () => ctx.app.inject({ url, headers: authHeader(user) });
    const put = (payload: unknown) => ctx.app.inject({ method: 'PUT', url, headers: authHeader(user), payload: payload as object });
    expect((await get()).json()).toEqual({ data: { result: { reminders: true, digest: false, replies: true } } });
    expect((await put({ digest: true })).json().data.result).toEqual({ reminders: true, digest: true, replies: true });
    expect((await put({ reminders: false })).json().data.result).toEqual({ reminders: false, digest: true, replies: true });
    expect((await put({ reminders: true, digest: false, replies: true })).json().data.result).toEqual({
      reminders: true,
      digest: false,
      replies: true,
    });
    // Unknown fields are dropped (the site's closed bodies, removeAdditional): alone they leave nothing to change.
    expect((await put({ digest: true, extra: 1 })).json().data.result).toEqual({ reminders: true, digest: true, replies: true });
    expect((await put({ digest: false })).json().data.result).toEqual({ reminders: true, digest: false, replies: true });
    for (const bad of [{}, { extra: 1 }, { digest: 'yes' }, { reminders: 2 }, []]) {
      const response = await put(bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await get()).json().data.result).toEqual({ reminders: true, digest: false, replies: true });
    expect((await ctx.app.inject({ url })).statusCode).toBe(401);
    const anonymous = await ctx.app.inject({ method: 'PUT', url, payload: { digest: true } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('AUTH_REQUIRED');
  });
});
