import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertChapter } from '../src/modules/catalogue/catalogue-write.repository.js';
import { createHousekeeping } from '../src/modules/housekeeping/housekeeping.js';
import {
  authHeader,
  createBook,
  createUser,
  createUserWithEmail,
  grantMembership,
  type Injected,
  nextClientIp,
  postApi,
  type TestUser,
} from './helpers/factories.js';
import { startFakeWechatPay, type FakeWechatPay } from './helpers/fake-wechat-pay.js';
import { createOrder, deliverStripe, sandboxPay, STRIPE_TEST_ENV, stripeCheckoutSession, stripeEvent } from './helpers/payment-flows.js';
import { receive, startSmtpSink, type SinkMessage, type SmtpSink } from './helpers/smtp-sink.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';
import { enableTwoStep } from './helpers/two-step.js';

// Issue 28, "Done when": every journey read at the SMTP level. Each message is taken from a real
// SMTP server in this process (smtp-server), parsed by mailparser, and its links are followed
// through the API, as a reader clicking them would (the pages they open call these same calls).

const PUBLIC_URL = 'https://journeys.example.com';
const DAY = 24 * 60 * 60_000;
const HOUR = 60 * 60_000;
const MINUTE = 60_000;
const locales = path.join(import.meta.dirname, '../src/modules/mail/locales');
const localeWords = (language: string, kind: string) =>
  JSON.parse(readFileSync(path.join(locales, language, `${kind}.json`), 'utf8')) as Record<string, string>;

let sink: SmtpSink;
/** The sandbox rail, accounts, reminders, digests. */
let ctx: TestContext;
/** WeChat Pay (a fake of its API v3 servers) and Stripe: with a real provider the sandbox is off. */
let providers: TestContext;
let wechat: FakeWechatPay;
let keyDir: string;
let admin: TestUser;

beforeAll(async () => {
  sink = await startSmtpSink();
  keyDir = mkdtempSync(path.join(tmpdir(), 'inkstream-journeys-wechat-'));
  wechat = await startFakeWechatPay(keyDir);
  [ctx, providers] = await Promise.all([
    createTestContext({ SMTP_URL: sink.url, PUBLIC_URL }),
    createTestContext({ SMTP_URL: sink.url, PUBLIC_URL, ...wechat.env(), ...STRIPE_TEST_ENV }),
  ]);
  admin = await createUser(ctx, { role: 'admin' });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await providers?.close();
  await wechat?.close();
  await sink?.close();
  rmSync(keyDir, { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
});

let counter = 0;
const uniqueName = (prefix = 'jr') => `${prefix}${Date.now().toString(36).slice(-4)}${(counter += 1)}`;
const uniqueAddress = (prefix = 'reader') => `${prefix}.${Date.now().toString(36)}${(counter += 1)}@example.com`;

/** Waits (draining `c`'s jobs) for the next message to `to` of the given subject pattern, if any. */
const next = (c: TestContext, to: string, subject?: RegExp) =>
  receive(c.app, sink, (m) => m.to === to.toLowerCase() && (!subject || subject.test(m.subject)));

/** Waits for the `n`th message (1-based) to `to`. */
const nth = (c: TestContext, to: string, n: number) => receive(c.app, sink, () => sink.to(to).length >= n).then(() => sink.to(to)[n - 1]!);

/** The absolute links of a message's text part (the HTML part must carry each as an href). */
function linksOf(message: SinkMessage): URL[] {
  const links = [...message.text.matchAll(/https?:\/\/[^\s<>"()]+/g)].map((m) => m[0]);
  for (const link of links) expect(message.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
  return links.map((link) => new URL(link));
}
const linkTo = (message: SinkMessage, pathname: string) => {
  const link = linksOf(message).find((url) => url.origin === PUBLIC_URL && url.pathname === pathname);
  if (!link) throw new Error(`no ${pathname} link in "${message.subject}"`);
  return link;
};

/** What every message has: the recipient in To and the envelope, both parts, the language of the HTML. */
function expectWellFormed(message: SinkMessage, to: string, language: 'en-us' | 'zh-cn' | 'ar-sa' | 'fr-fr' | 'es-es') {
  expect(message.to).toBe(to.toLowerCase());
  expect(message.rcptTo).toEqual([to.toLowerCase()]);
  expect(message.subject.length).toBeGreaterThan(0);
  expect(message.text.length).toBeGreaterThan(20);
  const lang = language === 'ar-sa' ? 'ar' : language;
  expect(message.html).toMatch(new RegExp(`<html lang="${lang}"${language === 'ar-sa' ? ' dir="rtl"' : '(?! dir)'}`));
}

/** The membership end through the API, as an instant. */
async function memberEnd(c: TestContext, user: TestUser): Promise<Date> {
  const answer = await c.app.inject({ url: '/api/v1/user/book/membership', headers: authHeader(user), remoteAddress: nextClientIp() });
  return new Date(answer.json().data.result.expire_at as string);
}
/** "December 1, 2026" and "14:05" of an instant in UTC, as an English reader reads them. */
const englishDay = (at: Date) => at.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const hourMinute = (at: Date) => at.toISOString().slice(11, 16);

/** One housekeeping run (the background loop's) at the mocked clock's time. */
async function housekeepingRun(c: TestContext) {
  const housekeeping = createHousekeeping({
    db: c.db,
    domainEvents: c.app.domainEvents,
    log: { warn: () => undefined, error: () => undefined },
    publicUrl: PUBLIC_URL,
  });
  try {
    return await housekeeping.runOnce();
  } finally {
    await housekeeping.stop();
  }
}

/** The RFC 8058 headers of a list message; the one-click POST its mail client would send. */
function oneClick(message: SinkMessage) {
  const header = message.rawHeader('List-Unsubscribe');
  expect(header).toMatch(/^<https:\/\/journeys\.example\.com\/api\/v1\/mail\/unsubscribe\?token=[^>\s]+>$/);
  expect(message.rawHeader('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  const url = new URL(header!.slice(1, -1));
  return (c: TestContext) =>
    c.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
      remoteAddress: nextClientIp(),
    }) as Promise<Injected>;
}

describe('an address and a forgotten password', () => {
  it('registration with an address: the confirmation link confirms once, then is refused', async () => {
    const email = uniqueAddress('join');
    const username = uniqueName();
    const registered = await postApi(ctx, '/user/register', { username, password: 'first-pass-1', email }, { 'accept-language': 'en-US' });
    expect(registered.statusCode, registered.body).toBe(201);
    const message = await next(ctx, email);
    expectWellFormed(message, email, 'en-us');
    expect(message.subject).toMatch(/confirm/i);
    expect(message.text).toContain(username);
    expect(message.rawHeader('List-Unsubscribe')).toBeUndefined();
    const token = linkTo(message, '/confirm-email').searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(20);

    const confirmed = await postApi(ctx, '/user/email/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ data: { result: { confirmed: true } } });
    const logged = await postApi(ctx, '/user/login', { username, password: 'first-pass-1' });
    const me = await ctx.app.inject({ url: '/api/v1/user/me', headers: { authorization: `Token ${logged.json().data.jwt_token}` } });
    expect(me.json().data.result).toMatchObject({ email, email_confirmed: true });
    const again = await postApi(ctx, '/user/email/confirm', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_EMAIL_TOKEN');
  });

  it('forgotten password: the link works once; password-changed follows; a later link is refused after 30 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const user = await createUserWithEmail(ctx, { language: 'en-us' });
    expect((await postApi(ctx, '/user/password/forgot', { login: user.username })).statusCode).toBe(202);
    const reset = await next(ctx, user.email, /password/i);
    expectWellFormed(reset, user.email, 'en-us');
    expect(reset.text).toContain('30');
    expect(reset.rawHeader('List-Unsubscribe')).toBeUndefined();
    const token = linkTo(reset, '/reset-password').searchParams.get('token')!;

    const used = await postApi(ctx, '/user/password/reset', { token, new_password: 'second-pass-2' });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().data.result).toMatchObject({ updated: true });
    expect((await postApi(ctx, '/user/login', { username: user.username, password: 'second-pass-2' })).statusCode).toBe(200);
    const changed = await nth(ctx, user.email, 2);
    expectWellFormed(changed, user.email, 'en-us');
    expect(changed.subject).toMatch(/password was changed/i);
    expect(changed.text).not.toContain(token);
    expect(changed.messageId).not.toBe(reset.messageId);
    const twice = await postApi(ctx, '/user/password/reset', { token, new_password: 'third-pass-3' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().code).toBe('INVALID_RESET_TOKEN');

    // A second link, used 30 minutes and a second later: refused, the password stays.
    const before = sink.to(user.email).length;
    expect((await postApi(ctx, '/user/password/forgot', { login: user.email })).statusCode).toBe(202);
    const late = await nth(ctx, user.email, before + 1);
    const lateToken = linkTo(late, '/reset-password').searchParams.get('token')!;
    vi.setSystemTime(Date.now() + 30 * MINUTE + 1000);
    const expired = await postApi(ctx, '/user/password/reset', { token: lateToken, new_password: 'third-pass-3' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('INVALID_RESET_TOKEN');
    expect((await postApi(ctx, '/user/login', { username: user.username, password: 'second-pass-2' })).statusCode).toBe(200);
  });

  it('an unknown name gets the same answer and no message', async () => {
    const known = await createUserWithEmail(ctx);
    const before = sink.messages.length;
    const unknown = await postApi(ctx, '/user/password/forgot', { login: uniqueName('nobody') });
    const unknownAddress = await postApi(ctx, '/user/password/forgot', { login: uniqueAddress('nobody') });
    const real = await postApi(ctx, '/user/password/forgot', { login: known.username });
    for (const answer of [unknown, unknownAddress, real]) {
      expect(answer.statusCode).toBe(202);
      expect(answer.body).toBe(real.body);
    }
    // Requests are worked off in order: once the known account's link is here, the others were looked at.
    await next(ctx, known.email);
    expect(sink.messages.slice(before).map((m) => m.to)).toEqual([known.email.toLowerCase()]);
  });

  it('two-step sign-in turned on: a two-step-changed message', async () => {
    const user = await createUserWithEmail(ctx);
    await enableTwoStep(ctx, user);
    const message = await next(ctx, user.email);
    expectWellFormed(message, user.email, 'en-us');
    expect(message.subject).toMatch(/two-step/i);
    expect(message.text).toMatch(/turned on/i);
    expect(message.rawHeader('List-Unsubscribe')).toBeUndefined();
  });
});

describe('receipts', () => {
  it('sandbox: plan, amount in CNY, order reference and new end; a second confirmation sends no second receipt', async () => {
    const user = await createUserWithEmail(ctx);
    const orderId = await createOrder(ctx, user, 3);
    expect((await sandboxPay(ctx, user, orderId)).statusCode).toBe(200);
    const receipt = await next(ctx, user.email);
    expectWellFormed(receipt, user.email, 'en-us');
    const end = await memberEnd(ctx, user);
    for (const part of [receipt.text, receipt.html]) {
      // The plan by the name the site and the console give it (docs/GLOSSARY.md), with its length.
      expect(part).toContain('3-month pass (3 months)');
      expect(part).toContain('CN¥27');
      expect(part).toContain(orderId);
      expect(part).toContain(englishDay(end));
      expect(part).toContain(hourMinute(end));
    }
    expect(receipt.rawHeader('List-Unsubscribe')).toBeUndefined();
    // The payer confirms again: nothing new (checked once the next message of this address is here).
    expect((await sandboxPay(ctx, user, orderId)).statusCode).toBe(200);
    await ctx.app.jobs.drain();
    await enableTwoStep(ctx, user);
    expect((await nth(ctx, user.email, 2)).subject).toMatch(/two-step/i);
    expect(sink.to(user.email)).toHaveLength(2);
  });

  it('WeChat Pay (signed, encrypted notification), in Chinese: one receipt for a notification delivered twice', async () => {
    const user = await createUserWithEmail(providers, { language: 'zh-cn' });
    const orderId = await createOrder(providers, user, 1);
    const order = wechat.pay(orderId);
    const notify = () => {
      const signed = wechat.notification(order);
      return providers.app.inject({ method: 'POST', url: '/api/v1/payment/wechat/notify', headers: signed.headers, payload: signed.body });
    };
    expect((await notify()).statusCode).toBe(204);
    const receipt = await next(providers, user.email);
    expectWellFormed(receipt, user.email, 'zh-cn');
    // Chinese words from the locale file (not from the code that writes the message).
    const words = localeWords('zh-cn', 'payment-receipt');
    expect(receipt.text).toContain(words.intro);
    expect(receipt.html).toContain(words.order);
    expect(receipt.text).toContain('收据');
    const end = await memberEnd(providers, user);
    expect(receipt.text).toContain(orderId);
    expect(receipt.text).toContain('月卡（1个月）');
    expect(receipt.subject).toBe('付款收据：月卡（1个月）');
    expect(receipt.text).toMatch(/¥\s?10/);
    expect(receipt.text).toContain(`${end.getUTCFullYear()}年${end.getUTCMonth() + 1}月${end.getUTCDate()}日`);
    expect((await notify()).statusCode).toBe(204);
    await providers.app.jobs.drain();
    await enableTwoStep(providers, user);
    expect((await nth(providers, user.email, 2)).text).toContain(localeWords('zh-cn', 'two-step-changed').intro);
    expect(sink.to(user.email)).toHaveLength(2);
  });

  it('Stripe (signed webhook): one receipt for a webhook delivered twice and a second event of the session', async () => {
    const user = await createUserWithEmail(providers);
    const session = stripeCheckoutSession(user);
    const event = stripeEvent('checkout.session.completed', session);
    expect((await deliverStripe(providers, event)).statusCode).toBe(200);
    const receipt = await next(providers, user.email);
    expectWellFormed(receipt, user.email, 'en-us');
    const order = await providers.db
      .selectFrom('payment_orders')
      .select('order_id')
      .where('provider_txn_id', '=', session.id)
      .executeTakeFirstOrThrow();
    const end = await memberEnd(providers, user);
    expect(receipt.text).toContain('Monthly pass (1 month)');
    expect(receipt.subject).toBe('Your receipt: Monthly pass (1 month)');
    expect(receipt.text).toContain('CN¥10');
    expect(receipt.text).toContain(order.order_id);
    expect(receipt.text).toContain(englishDay(end));
    // The same event again, and a second event of the same session (it reaches the order ledger).
    expect((await deliverStripe(providers, event)).statusCode).toBe(200);
    expect((await deliverStripe(providers, stripeEvent('checkout.session.completed', session))).statusCode).toBe(200);
    await providers.app.jobs.drain();
    await enableTwoStep(providers, user);
    expect((await nth(providers, user.email, 2)).subject).toMatch(/two-step/i);
    expect(sink.to(user.email)).toHaveLength(2);
  });

  it('a coupon: what it added and the new end', async () => {
    const code = `JOURNEY${randomUUID().slice(0, 8).toUpperCase()}`;
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/coupons',
      headers: authHeader(admin),
      payload: { code, days: 30 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const user = await createUserWithEmail(ctx);
    const redeemed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/coupon/redeem',
      headers: authHeader(user),
      payload: { code },
      remoteAddress: nextClientIp(),
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const receipt = await next(ctx, user.email);
    expectWellFormed(receipt, user.email, 'en-us');
    expect(receipt.text).toContain(code);
    expect(receipt.text).toContain('30 days');
    expect(receipt.text).toContain(englishDay(await memberEnd(ctx, user)));
  });

  it('a console refund: a refund notice with the amount, the order and the end', async () => {
    const user = await createUserWithEmail(ctx);
    const orderId = await createOrder(ctx, user, 1);
    expect((await sandboxPay(ctx, user, orderId)).statusCode).toBe(200);
    await next(ctx, user.email);
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderId}/refund`,
      headers: authHeader(admin),
      payload: { reason: 'payer asked' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const notice = await next(ctx, user.email, /refund/i);
    expectWellFormed(notice, user.email, 'en-us');
    expect(notice.subject).toContain(orderId);
    expect(notice.text).toContain('CN¥10');
    expect(notice.text).toContain('1 month');
    // Nothing else was left: the notice says the membership ended (today).
    expect(notice.text).toContain(englishDay(new Date()));
    expect(sink.to(user.email)).toHaveLength(2);
  });
});

describe('reminders and the digest', () => {
  it('three days before the end, in Arabic, with RFC 8058 headers and the top-up link; one click turns them off', async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const user = await createUserWithEmail(ctx, { language: 'ar-sa' });
    await grantMembership(ctx, user.id, { days: 10 });
    const end = await memberEnd(ctx, user);
    vi.setSystemTime(end.getTime() - 3 * DAY + MINUTE);
    await housekeepingRun(ctx);
    const reminder = await next(ctx, user.email);
    expectWellFormed(reminder, user.email, 'ar-sa');
    expect(reminder.text).toContain(localeWords('ar-sa', 'membership-reminder').intro);
    expect(reminder.text).toContain(String(end.getUTCFullYear()));
    const topUp = linkTo(reminder, '/profile');
    expect(topUp.hash).toBe('#top-up');
    const unsubscribe = oneClick(reminder);
    // The footer's link opens the unsubscribe page with the same token.
    const page = linkTo(reminder, '/unsubscribe');
    expect(reminder.rawHeader('List-Unsubscribe')).toContain(`token=${page.searchParams.get('token')}`);

    const clicked = await unsubscribe(ctx);
    expect(clicked.statusCode, clicked.body).toBe(200);
    expect(clicked.json().data).toEqual({ list: 'reminders', unsubscribed: true });
    const preferences = await ctx.app.inject({ url: '/api/v1/user/email/preferences', headers: authHeader(user) });
    expect(preferences.json().data.result.reminders).toBe(false);

    // Extended by ten days: the next end nears, and nothing is sent; a reader still on the list is reminded.
    await grantMembership(ctx, user.id, { days: 10, startDaysAgo: -(end.getTime() - Date.now()) / DAY });
    const nextEnd = await memberEnd(ctx, user);
    expect(nextEnd.getTime()).toBeGreaterThan(end.getTime() + 9 * DAY);
    vi.setSystemTime(nextEnd.getTime() - 3 * DAY + MINUTE);
    const control = await createUserWithEmail(ctx, { language: 'ar-sa' });
    await grantMembership(ctx, control.id, { days: 2 });
    await housekeepingRun(ctx);
    await next(ctx, control.email);
    await ctx.app.jobs.drain();
    expect(sink.to(user.email)).toHaveLength(1);
  });

  it('a digest for an opted-in follower after a chapter is published; its header unsubscribes', async () => {
    const t0 = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: t0 });
    const follower = await createUserWithEmail(ctx);
    const control = await createUserWithEmail(ctx);
    const book = await createBook(ctx, { chapters: 1, titles: { 'en-us': `Journey Book ${counter}` } });
    /** A new chapter, published by an administrator through the console's call. */
    const publishChapter = async (number: number) => {
      const chapter = await insertChapter(ctx.db, {
        uuid: randomUUID(),
        book_id: book.id,
        number,
        created_at: Date.now(),
        is_published: false,
        translations: [{ language: 'en-us', title: `The Crossing ${number}` }],
        pages: [],
      });
      const published = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/admin/chapters/${chapter.uuid}/publish`,
        headers: authHeader(admin),
      });
      expect(published.statusCode, published.body).toBe(200);
    };
    for (const user of [follower, control]) {
      const joined = await ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/user/email/preferences',
        headers: authHeader(user),
        payload: { digest: true },
      });
      expect(joined.json().data.result.digest).toBe(true);
      const followed = await ctx.app.inject({ method: 'PUT', url: `/api/v1/user/follows/${book.uuid}`, headers: authHeader(user) });
      expect(followed.statusCode, followed.body).toBe(200);
    }
    await publishChapter(2);
    vi.setSystemTime(t0 + HOUR);
    await housekeepingRun(ctx);
    const digest = await next(ctx, follower.email);
    expectWellFormed(digest, follower.email, 'en-us');
    expect(digest.text).toContain(`Journey Book ${counter}`);
    expect(digest.text).toContain('The Crossing 2');
    expect(digest.text).not.toContain('Chapter 1');
    expect(linkTo(digest, `/book/chapters/${book.uuid}`)).toBeTruthy();
    const clicked = await oneClick(digest)(ctx);
    expect(clicked.json().data).toEqual({ list: 'digest', unsubscribed: true });
    const preferences = await ctx.app.inject({ url: '/api/v1/user/email/preferences', headers: authHeader(follower) });
    expect(preferences.json().data.result).toEqual({ reminders: true, digest: false, replies: true });

    // Another chapter, a day later: the reader who stayed gets it, the one who left nothing.
    await next(ctx, control.email);
    // (Published at the mocked time: the console's service keeps the real clock.)
    vi.setSystemTime(t0 + DAY);
    await insertChapter(ctx.db, {
      uuid: randomUUID(),
      book_id: book.id,
      number: 3,
      created_at: Date.now(),
      translations: [{ language: 'en-us', title: 'The Crossing 3' }],
      pages: [],
    });
    vi.setSystemTime(t0 + 2 * DAY + HOUR);
    await housekeepingRun(ctx);
    expect((await nth(ctx, control.email, 2)).text).toContain('The Crossing 3');
    expect(sink.to(follower.email)).toHaveLength(1);
  });
});

describe('every message', () => {
  it('has no remote image, remote stylesheet or tracking pixel', () => {
    expect(sink.messages.length).toBeGreaterThanOrEqual(15);
    for (const message of sink.messages) {
      expect(message.html, message.subject).not.toMatch(/<img\b/i);
      expect(message.html, message.subject).not.toMatch(/src\s*=\s*["']?https?:/i);
      expect(message.html, message.subject).not.toMatch(/url\(\s*["']?https?:/i);
      expect(message.html, message.subject).not.toMatch(/<link\b/i);
      expect(message.parsed.attachments, message.subject).toEqual([]);
    }
  });

  it('links only to pages of the site (routes of the web app)', () => {
    const pages = /^\/(forgot-password|reset-password|confirm-email|profile|unsubscribe|book\/chapters\/[0-9a-f-]{36})$/;
    for (const message of sink.messages) {
      for (const link of linksOf(message)) {
        expect(link.origin, message.subject).toBe(PUBLIC_URL);
        expect(link.pathname, message.subject).toMatch(pages);
      }
    }
  });
});
