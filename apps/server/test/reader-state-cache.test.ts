import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authHeader, createBook, createUser, grantMembership, type TestBook, type TestUser } from './helpers/factories.js';
import { MCH_ID, startFakeWechatPay, type FakeWechatPay } from './helpers/fake-wechat-pay.js';
import { insertPaidOrder, stripeRefundedCharge } from './helpers/payment-flows.js';
import { createQueryLog } from './helpers/query-log.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * With the reader change feed running (as on every server), a member's read is answered from memory
 * (reading/reader-state-cache.ts). What these tests pin down:
 * - a repeat read runs no statement;
 * - a refusal is never served from memory (time paid for on another node counts at once);
 * - a change made in this process (password, disabling, a refund, a like, unpublishing, fewer
 *   free chapters) counts at once, and a read that began before it does not keep what it loaded;
 * - a kept account is served for 5 minutes at most;
 * - a change made by anything else (another node, the admin CLI, a hand-run UPDATE: here a write
 *   through another handle) counts from the feed's next poll, which on a server is within a second.
 * The feed's timer is set to a minute here, and polls are run by hand (poll), so the
 * query counts are not disturbed by a poll landing mid-request.
 */

/**
 * Holds a read between loading the reader's account and keeping it in memory (the likes read comes
 * in between), so a test can commit a change exactly there: see 'a read that began before a change'.
 */
const hold = vi.hoisted(() => ({ beforeLikes: undefined as ((userId: number) => Promise<void>) | undefined }));
vi.mock('../src/modules/reading/reading.repository.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/modules/reading/reading.repository.js')>();
  return {
    ...original,
    findLikedChapterIds: async (...args: Parameters<typeof original.findLikedChapterIds>) => {
      await hold.beforeLikes?.(args[1]);
      return original.findLikedChapterIds(...args);
    },
  };
});

const queryLog = createQueryLog();
/** One poll of the app's reader change feed, as its timer would run it. */
const poll = () => ctx.app.readerChanges.pollNow();
let ctx: TestContext;
let book: TestBook;
let admin: TestUser;
let wechat: FakeWechatPay;
let keyDir: string;

const chapter = (number: number) => book.chapters[number - 1]!;
const content = (chapterUuid: string, headers: Record<string, string>) =>
  ctx.app.inject({ url: `/api/v1/comics/chapter_comics/${chapterUuid}/en-us`, headers });
/** Reads chapter `which` (a number in `book`, or any chapter's uuid) as `user`. */
const read = async (user: TestUser, which: number | string = 4) => {
  const chapterUuid = typeof which === 'string' ? which : chapter(which).uuid;
  const { result: response, queries } = await queryLog.during(() => content(chapterUuid, authHeader(user)));
  const body = response.json();
  return { status: response.statusCode, code: body.code as string | undefined, result: body.data?.result, queries };
};
const member = async () => {
  const user = await createUser(ctx);
  await grantMembership(ctx, user.id, { days: 30 });
  return user;
};
/** A member whose account and chapter 4 are in memory. */
const warmMember = async () => {
  const user = await member();
  expect((await read(user)).status).toBe(200);
  expect((await read(user)).queries).toEqual([]);
  return user;
};
const adminApi = (url: string, payload?: object, method: 'POST' | 'PUT' = 'POST') =>
  ctx.app.inject({ method, url: `/api/v1/admin${url}`, headers: authHeader(admin), ...(payload ? { payload } : {}) });
const STRIPE_ENV = {
  STRIPE_WEBHOOK_SECRET: 'whsec_test_inkstream0123456789',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_inkstream',
  STRIPE_BUY_BUTTON_MONTH: 'buy_btn_test_month',
  STRIPE_BUY_BUTTON_SEASON: 'buy_btn_test_season',
  STRIPE_PAYMENT_LINK_MONTH: 'plink_test_month',
  STRIPE_PAYMENT_LINK_SEASON: 'plink_test_season',
};
const paidOrder = (user: TestUser, provider: 'sandbox' | 'stripe' | 'wechat') => insertPaidOrder(ctx, user, provider);
/** Stripe's signed `charge.refunded` event for the whole of `paymentIntent`'s charge. */
const stripeRefund = (paymentIntent: string) => {
  const id = `${paymentIntent}_refund`;
  const payload = JSON.stringify({
    id: `evt_${id}`,
    object: 'event',
    type: 'charge.refunded',
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    data: { object: stripeRefundedCharge(paymentIntent, `ch_${id}`) },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_ENV.STRIPE_WEBHOOK_SECRET });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payment/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
};

beforeAll(async () => {
  keyDir = mkdtempSync(path.join(tmpdir(), 'inkstream-reader-refunds-'));
  wechat = await startFakeWechatPay(keyDir);
  ctx = await createTestContext(
    { ...wechat.env(), ...STRIPE_ENV, PUBLIC_URL: 'https://comics.example.com' },
    { log: queryLog.logger, readerChangesPollMs: 60_000 },
  );
  book = await createBook(ctx, { chapters: 5, freeChapters: 2, pagesPerChapter: 2 });
  admin = await createUser(ctx, { role: 'admin' });
  await poll();
});
afterAll(async () => {
  await ctx.close();
  await wechat.close();
  rmSync(keyDir, { recursive: true, force: true });
});
afterEach(() => vi.restoreAllMocks());

describe("a member's read from memory", () => {
  it('runs no statement on a repeat read, and answers exactly as the database would', async () => {
    const user = await member();
    const first = await read(user);
    expect(first.status).toBe(200);
    expect(first.queries.length).toBeGreaterThan(0);
    const repeat = await read(user);
    expect(repeat.queries).toEqual([]);
    expect(repeat.result).toEqual(first.result);
    // The next chapter, already read by someone else: the account and the chapter are both known.
    expect((await read(await member(), 5)).status).toBe(200);
    const next = await read(user, 5);
    expect([next.status, next.queries]).toEqual([200, []]);
  });

  it('never refuses from memory: time granted elsewhere counts at the very next read', async () => {
    const user = await createUser(ctx);
    expect((await read(user)).code).toBe('MEMBERSHIP_REQUIRED');
    expect((await read(user)).code).toBe('MEMBERSHIP_REQUIRED');
    await grantMembership(ctx, user.id, { days: 1 }); // another process's write, not polled yet
    expect((await read(user)).status).toBe(200);
    // What the database said replaced the old entry: the next read is from memory.
    expect((await read(user)).queries).toEqual([]);
  });

  it('serves a membership that ran out meanwhile as expired (the end is kept, not the verdict)', async () => {
    const user = await warmMember();
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 31 * 86_400_000);
    expect((await read(user)).code).toBe('MEMBERSHIP_EXPIRED');
  });
});

describe('changes made by another process count from the next poll', () => {
  const cases: [string, (user: TestUser) => Promise<unknown>, number, string][] = [
    [
      'the account is disabled',
      (u) => ctx.db.updateTable('users').set({ disabled_at: Date.now() }).where('id', '=', u.id).execute(),
      401,
      'INVALID_TOKEN',
    ],
    [
      'the token version moves (a password changed)',
      (u) =>
        ctx.db
          .updateTable('users')
          .set({ token_version: sql`token_version + 1` })
          .where('id', '=', u.id)
          .execute(),
      401,
      'INVALID_TOKEN',
    ],
    [
      'the membership is revoked',
      (u) => ctx.db.updateTable('membership_grants').set({ revoked_at: Date.now() }).where('user_id', '=', u.id).execute(),
      403,
      'MEMBERSHIP_REQUIRED',
    ],
    [
      'the account is deleted',
      async (u) => {
        await ctx.db.deleteFrom('membership_grants').where('user_id', '=', u.id).execute();
        await ctx.db.deleteFrom('users').where('id', '=', u.id).execute();
      },
      401,
      'INVALID_TOKEN',
    ],
  ];
  for (const [what, change, status, code] of cases) {
    it(`refuses once ${what}`, async () => {
      const user = await warmMember();
      await change(user);
      // Until the poll, this process still has the account as it was (on a server: under a second).
      expect((await read(user)).status).toBe(200);
      await poll();
      expect([(await read(user)).status, (await read(user)).code]).toEqual([status, code]);
    });
  }

  it("a plain user's admin role taken away elsewhere", async () => {
    const user = await createUser(ctx, { role: 'admin' });
    expect((await read(user)).status).toBe(200);
    await ctx.db.updateTable('users').set({ role: 'user' }).where('id', '=', user.id).execute();
    await poll();
    expect((await read(user)).code).toBe('MEMBERSHIP_REQUIRED');
  });

  it('shows a like made on another node, to the liker and in the count', async () => {
    const user = await warmMember();
    const other = await warmMember();
    const before = (await read(other)).result;
    const target = chapter(4);
    await ctx.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('chapters').select('id').where('uuid', '=', target.uuid).executeTakeFirstOrThrow();
      await trx.insertInto('chapter_likes').values({ user_id: user.id, chapter_id: row.id, created_at: Date.now() }).execute();
      await trx
        .updateTable('chapters')
        .set({ total_likes: sql`total_likes + 1` })
        .where('id', '=', row.id)
        .execute();
    });
    await poll();
    expect((await read(user)).result).toMatchObject({ already_favor: true, total_likes: before.total_likes + 1 });
    expect((await read(other)).result).toMatchObject({ already_favor: false, total_likes: before.total_likes + 1 });
  });
});

describe('changes made through this server count at once', () => {
  it('a password change stops the old token', async () => {
    const user = await warmMember();
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/update_password',
      headers: authHeader(user),
      payload: { new_password: 'a-new-password-2026', current_password: user.password },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await read(user)).code).toBe('INVALID_TOKEN');
    expect((await read({ ...user, token: changed.json().data.result.jwt_token })).status).toBe(200);
  });

  it('an administrator disabling the account, or revoking its membership', async () => {
    const disabled = await warmMember();
    expect((await adminApi(`/users/${disabled.uuid}/disable`, { reason: 'test' })).statusCode).toBe(200);
    expect((await read(disabled)).code).toBe('INVALID_TOKEN');
    const revoked = await warmMember();
    expect((await adminApi(`/users/${revoked.uuid}/revoke`, { reason: 'test' })).statusCode).toBe(200);
    expect((await read(revoked)).code).toBe('MEMBERSHIP_REQUIRED');
  });

  it('a refund takes the refunded time away at once', async () => {
    const user = await createUser(ctx);
    const { orderId } = await paidOrder(user, 'sandbox');
    await poll();
    expect((await read(user)).status).toBe(200);
    expect((await read(user)).queries).toEqual([]);
    expect((await adminApi(`/orders/${orderId}/refund`, { reason: 'test' })).statusCode).toBe(200);
    expect((await read(user)).code).toBe('MEMBERSHIP_REQUIRED');
  });

  it("a refund by Stripe's webhook takes the refunded time away at once", async () => {
    const user = await createUser(ctx);
    const { paymentIntent } = await paidOrder(user, 'stripe');
    await poll();
    expect((await read(user)).status).toBe(200);
    expect((await read(user)).queries).toEqual([]);
    expect((await stripeRefund(paymentIntent)).statusCode).toBe(200);
    expect((await read(user)).code).toBe('MEMBERSHIP_REQUIRED');
  });

  it("a refund by WeChat Pay's notification takes the refunded time away at once", async () => {
    const user = await createUser(ctx);
    const { orderId } = await paidOrder(user, 'wechat');
    await poll();
    expect((await read(user)).status).toBe(200);
    expect((await read(user)).queries).toEqual([]);
    const refund = wechat.refundNotification(
      { mchid: MCH_ID, out_trade_no: orderId, transaction_id: `txn_${orderId}`, amount: 1000 } as Parameters<
        typeof wechat.refundNotification
      >[0],
      1000,
    );
    const notified = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payment/wechat/notify',
      headers: refund.headers,
      payload: refund.body,
    });
    expect(notified.statusCode, notified.body).toBe(204);
    expect((await read(user)).code).toBe('MEMBERSHIP_REQUIRED');
  });

  it("a like: the liker's flag and everyone's count", async () => {
    const user = await warmMember();
    const other = await warmMember();
    const before = (await read(other)).result.total_likes;
    const liked = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/comics/chapter/favor',
      headers: authHeader(user),
      payload: { book_uuid: book.uuid, chapter_uuid: chapter(4).uuid },
    });
    expect(liked.statusCode).toBe(200);
    expect((await read(user)).result).toMatchObject({ already_favor: true, total_likes: before + 1 });
    expect((await read(other)).result).toMatchObject({ already_favor: false, total_likes: before + 1 });
  });

  it('unpublishing the chapter', async () => {
    const user = await warmMember();
    expect((await adminApi(`/chapters/${chapter(5).uuid}/unpublish`)).statusCode).toBe(200);
    expect((await read(user, 5)).code).toBe('CHAPTER_NOT_FOUND');
    expect((await adminApi(`/chapters/${chapter(5).uuid}/publish`)).statusCode).toBe(200);
    expect((await read(user, 5)).status).toBe(200);
  });
});

describe('a catalogue change', () => {
  it("lowering a book's free chapters locks a chapter a logged-in non-member has just read from memory", async () => {
    const freeBook = await createBook(ctx, { chapters: 4, freeChapters: 3, pagesPerChapter: 1 });
    const third = freeBook.chapters[2]!.uuid;
    const reader = await createUser(ctx);
    expect((await read(reader, third)).status).toBe(200);
    expect((await read(reader, third)).queries).toEqual([]);
    const lowered = await adminApi(`/books/${freeBook.uuid}`, { public_free_chapters: 2 }, 'PUT');
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect((await read(reader, third)).code).toBe('MEMBERSHIP_REQUIRED');
    expect((await adminApi(`/books/${freeBook.uuid}`, { public_free_chapters: 3 }, 'PUT')).statusCode).toBe(200);
    expect((await read(reader, third)).status).toBe(200);
  });
});

/**
 * A read loads the account, then a change commits (with its change row, and this process polls),
 * then the read would keep what it loaded: it is answered with it (it began before the change), but
 * must not keep it, or every later read would be served the state from before the change.
 */
describe('a read that began before a change', () => {
  const byAdmin = async (url: string) => expect((await adminApi(url, { reason: 'test' })).statusCode).toBe(200);
  const cases: [string, (user: TestUser, orderId: string) => Promise<void>, string][] = [
    ['a refund', (_u, orderId) => byAdmin(`/orders/${orderId}/refund`), 'MEMBERSHIP_REQUIRED'],
    ['a revocation', (u) => byAdmin(`/users/${u.uuid}/revoke`), 'MEMBERSHIP_REQUIRED'],
    ['disabling the account', (u) => byAdmin(`/users/${u.uuid}/disable`), 'INVALID_TOKEN'],
    [
      'a revocation on another node, seen by a poll',
      async (u) => {
        await ctx.db.updateTable('membership_grants').set({ revoked_at: Date.now() }).where('user_id', '=', u.id).execute();
        await poll();
      },
      'MEMBERSHIP_REQUIRED',
    ],
  ];
  afterEach(() => (hold.beforeLikes = undefined));

  for (const [what, change, code] of cases) {
    it(`is answered but not kept when ${what} commits under it`, async () => {
      const user = await createUser(ctx);
      const { orderId } = await paidOrder(user, 'sandbox');
      let loaded!: () => void;
      const accountLoaded = new Promise<void>((resolve) => (loaded = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      hold.beforeLikes = async (userId) => {
        if (userId !== user.id) return;
        loaded();
        await released;
      };
      const during = read(user);
      await accountLoaded;
      await change(user, orderId);
      release();
      expect((await during).status).toBe(200);
      const after = await read(user);
      expect(after.code).toBe(code);
      expect(after.queries.length).toBeGreaterThan(0);
    });
  }
});

describe('the age of a kept account', () => {
  it('is served from memory for 5 minutes at most, however current the feed', async () => {
    const start = Date.now();
    const at = (ms: number) => vi.spyOn(Date, 'now').mockReturnValue(start + ms);
    try {
      at(0);
      const user = await member();
      await poll(); // the grant's change row, seen before the account is kept
      expect((await read(user)).status).toBe(200);
      // A poll every 9 s of the clock keeps the feed current (it drops everything after a 10 s gap).
      for (let ms = 9_000; ms < 300_000; ms += 9_000) {
        at(ms);
        await poll();
      }
      at(299_999);
      await poll();
      expect((await read(user)).queries).toEqual([]);
      at(300_001);
      expect((await read(user)).queries.length).toBeGreaterThan(0);
      expect((await read(user)).queries).toEqual([]);
    } finally {
      // Back to the real clock, with a poll at it, for the tests that follow.
      vi.restoreAllMocks();
      await poll();
    }
  });
});

describe('when the feed cannot be trusted', () => {
  it('reads the database on every request once the last poll is too old', async () => {
    const user = await warmMember();
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 200_000);
    expect((await read(user)).queries.length).toBeGreaterThan(0);
    expect((await read(user)).queries.length).toBeGreaterThan(0);
    vi.restoreAllMocks();
    expect((await read(user)).queries).toEqual([]);
  });

  it('drops everything it kept after losing track of the feed for longer than its window', async () => {
    const user = await warmMember();
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 11_000);
    await poll();
    // Current again, but what was kept before the gap is gone: read from the database once.
    expect((await read(user)).queries.length).toBeGreaterThan(0);
    expect((await read(user)).queries).toEqual([]);
  });
});

describe('the change rows the triggers write', () => {
  const rowsSince = async (id: number) =>
    ctx.db.selectFrom('reader_changes').select(['user_id', 'chapter_id']).where('id', '>', id).orderBy('id').execute();
  const lastId = async () =>
    Number(
      (
        await ctx.db
          .selectFrom('reader_changes')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    );

  it('names the user for a change a read depends on, and writes nothing for the rest', async () => {
    const user = await createUser(ctx);
    let mark = await lastId();
    // Columns a read does not check, and the no-op update that serialises membership changes.
    await ctx.db.updateTable('users').set({ password_hash: 'x' }).where('id', '=', user.id).execute();
    await ctx.db
      .updateTable('users')
      .set({ token_version: sql`token_version` })
      .where('id', '=', user.id)
      .execute();
    expect(await rowsSince(mark)).toEqual([]);
    mark = await lastId();
    await ctx.db
      .updateTable('users')
      .set({ username: `${user.username}x` })
      .where('id', '=', user.id)
      .execute();
    await grantMembership(ctx, user.id, { days: 1 });
    expect(await rowsSince(mark)).toEqual([
      { user_id: user.id, chapter_id: null },
      { user_id: user.id, chapter_id: null },
    ]);
  });
});

describe.runIf(TEST_DIALECT === 'postgres')('a change that commits late (PostgreSQL)', () => {
  it('is still delivered when its row id is below ids already seen', async () => {
    const late = await warmMember();
    const early = await warmMember();
    // `late`'s revocation takes its row id first but commits after `early`'s has been polled.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const rowWritten = new Promise<void>((resolve) => (written = resolve));
    const lateCommit = ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('membership_grants').set({ revoked_at: Date.now() }).where('user_id', '=', late.id).execute();
      written();
      await held;
    });
    await rowWritten;
    await ctx.db.updateTable('membership_grants').set({ revoked_at: Date.now() }).where('user_id', '=', early.id).execute();
    await poll();
    expect((await read(early)).code).toBe('MEMBERSHIP_REQUIRED');
    expect((await read(late)).status).toBe(200);
    release();
    await lateCommit;
    await poll();
    expect((await read(late)).code).toBe('MEMBERSHIP_REQUIRED');
  });
});
