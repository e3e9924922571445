import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMembershipService } from '../src/modules/membership/membership.service.js';
import { bookChanged, authHeader, createBook, createUser, grantMembership, nextClientIp, type TestUser } from './helpers/factories.js';
import { createAdminContext } from './helpers/admin-context.js';
import type { TestContext } from './helpers/test-context.js';

/**
 * Rules that hand-made mutations of the code (issue 26) changed without any test noticing: each
 * test here fails when its rule is broken, and asserts the spec's numbers, never the constants.
 */
let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => ({ ctx, admin } = await createAdminContext()));
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url: `/api/v1${url}`, headers });

describe('invite rewards and refunds', () => {
  const buy = async (user: TestUser) => {
    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payment/wechat/payment/china_book_membership/create',
      headers: authHeader(user),
      payload: { months: 1 },
      remoteAddress: nextClientIp(),
    });
    const orderId: string = order.json().data.order_id;
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/payment/sandbox/orders/${orderId}/pay`,
      headers: authHeader(user),
      payload: { outcome: 'succeeded' },
    });
    expect(paid.json().data.result).toEqual({ completed: true, status: 'succeeded' });
    return orderId;
  };
  const refund = async (orderId: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderId}/refund`,
      headers: authHeader(admin),
      payload: { reason: 'payer asked' },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const rewardOf = async (inviter: TestUser) =>
    ctx.db
      .selectFrom('membership_grants')
      .selectAll()
      .where('user_id', '=', inviter.id)
      .where('source', '=', 'invite')
      .executeTakeFirstOrThrow();

  it("keeps the inviter's reward while the invited reader has a paid order, and takes it back with the last one", async () => {
    const inviter = await createUser(ctx);
    const invited = await createUser(ctx);
    await ctx.db.updateTable('users').set({ invited_by: inviter.id }).where('id', '=', invited.id).execute();
    const first = await buy(invited);
    const second = await buy(invited);
    expect((await rewardOf(inviter)).revoked_at).toBeNull();

    await refund(first);
    expect((await rewardOf(inviter)).revoked_at, 'another paid order remains').toBeNull();
    expect((await get('/user/book/membership', authHeader(inviter))).json().data.result).not.toBeNull();

    await refund(second);
    expect((await rewardOf(inviter)).revoked_at, 'the only paid order left was refunded').not.toBeNull();
    expect((await get('/user/book/membership', authHeader(inviter))).json().data.result).toBeNull();
  });
});

describe('chapters', () => {
  it('links a chapter to the nearest published chapters, not to the first or an unpublished one', async () => {
    // Chapters 1 to 7, all free; chapter 5 is unpublished.
    const book = await createBook(ctx, { chapters: 7, freeChapters: 7 });
    const chapter = (number: number) => book.chapters[number - 1]!;
    await ctx.db.updateTable('chapters').set({ is_published: 0 }).where('id', '=', chapter(5).id).execute();
    await bookChanged(ctx, book.id);
    const neighbours = async (number: number) => {
      const { prev_chapter_uuid, next_chapter_uuid } = (await get(`/comics/chapter_comics/${chapter(number).uuid}/en-us`)).json().data
        .result;
      return { prev: prev_chapter_uuid, next: next_chapter_uuid };
    };
    expect(await neighbours(4)).toEqual({ prev: chapter(3).uuid, next: chapter(6).uuid });
    expect(await neighbours(6)).toEqual({ prev: chapter(4).uuid, next: chapter(7).uuid });
    expect(await neighbours(3)).toEqual({ prev: chapter(2).uuid, next: chapter(4).uuid });
  });

  it('marks the last free chapter free in the chapter list, and the one after it not', async () => {
    const book = await createBook(ctx, { chapters: 5, freeChapters: 3 });
    const { chapters } = (await get(`/comics/chapters/${book.uuid}/en-us/asc/0/10`)).json().data.result;
    expect(chapters.map((c: { chapter_number: number; is_free: boolean }) => [c.chapter_number, c.is_free])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, false],
      [5, false],
    ]);
  });
});

describe('membership end', () => {
  afterEach(() => vi.useRealTimers());

  it('is over at exactly its end instant: a member until the millisecond before', async () => {
    const book = await createBook(ctx, { chapters: 4, freeChapters: 3 });
    const reader = await createUser(ctx);
    await grantMembership(ctx, reader.id, { days: 30 });
    const { ends_at } = await ctx.db
      .selectFrom('membership_grants')
      .select('ends_at')
      .where('user_id', '=', reader.id)
      .executeTakeFirstOrThrow();
    const end = Number(ends_at);
    const paidChapter = () => get(`/comics/chapter_comics/${book.chapters[3]!.uuid}/en-us`, authHeader(reader));
    // The membership call's service, on a clock of our own.
    const at = (now: number) => createMembershipService({ db: ctx.db, domainEvents: ctx.app.domainEvents, now: () => now });
    // The chapter call reads the clock at each request: only Date is faked, the drivers' timers run on.
    vi.useFakeTimers({ toFake: ['Date'] });

    vi.setSystemTime(end - 1);
    expect((await paidChapter()).statusCode).toBe(200);
    expect(await at(end - 1).getMembership(reader.id)).toEqual({ expire_at: new Date(end).toISOString(), is_expired: false });
    expect(await at(end - 1).getState(reader.id)).toBe('member');

    vi.setSystemTime(end);
    const refused = await paidChapter();
    expect({ status: refused.statusCode, code: refused.json().code }).toEqual({ status: 403, code: 'MEMBERSHIP_EXPIRED' });
    expect(await at(end).getMembership(reader.id)).toEqual({ expire_at: new Date(end).toISOString(), is_expired: true });
    expect(await at(end).getState(reader.id)).toBe('expired');
  });
});

describe('book search', () => {
  const search = async (query: string) =>
    (await get(`/comics/book/search?language=en-us&${query}`)).json().data.result as { book_uuid: string }[];

  it('answers 10 books a page when page_size is not given', async () => {
    const tag = `pagesize-${Date.now().toString(36)}`;
    for (let i = 0; i < 11; i += 1) await createBook(ctx, { tags: [tag] });
    expect(await search(`tag=${tag}`)).toHaveLength(10);
    expect(await search(`tag=${tag}&page=1`)).toHaveLength(1);
  });

  it('lists the more recently updated book first among books equally popular', async () => {
    const tag = `ties-${Date.now().toString(36)}`;
    const now = Date.now();
    // Created first (the lower id), updated last: neither the id nor insertion order may decide.
    const recent = await createBook(ctx, { tags: [tag], popularity: 40, updatedAt: now - 60_000 });
    const older = await createBook(ctx, { tags: [tag], popularity: 40, updatedAt: now - 86_400_000 });
    const top = await createBook(ctx, { tags: [tag], popularity: 41, updatedAt: now - 2 * 86_400_000 });
    expect((await search(`tag=${tag}&order_by=popularity`)).map((book) => book.book_uuid)).toEqual([top.uuid, recent.uuid, older.uuid]);
  });
});

describe('login', () => {
  it('answers 401, never 500, when the stored password hash is malformed', async () => {
    for (const stored of [
      'not-a-hash',
      '',
      '$argon2id$v=19$m=19456,t=2,p=1$',
      '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$',
      '$argon2id$v=99$m=0,t=0,p=0$AAAA$AAAA',
      '$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy',
    ]) {
      const user = await createUser(ctx);
      await ctx.db.updateTable('users').set({ password_hash: stored }).where('id', '=', user.id).execute();
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { username: user.username, password: user.password },
        remoteAddress: nextClientIp(),
      });
      expect({ stored, status: response.statusCode, code: response.json().code }).toEqual({
        stored,
        status: 401,
        code: 'INVALID_CREDENTIALS',
      });
    }
  });
});
