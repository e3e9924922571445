import type { Comment } from '@inkstream/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCommentsService } from '../src/modules/community/comments.service.js';
import { createDomainEvents } from '../src/db/domain-events.js';
import { authHeader, createBook, createUser, grantMembership, nextClientIp, type TestBook, type TestUser } from './helpers/factories.js';
import { createQueryLog } from './helpers/query-log.js';
import { explainStatement, indexedPlan } from './helpers/plan-check.js';
import { countRows } from './helpers/row-count.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

// Chapter comments (issue 31), on both databases: the numbers in these tests come from the issue
// (2,000 characters, one comment per 10 s and 60 per hour, the same text again within 24 hours,
// links from accounts younger than 24 hours), not from the constants under test.

const HOUR = 3_600_000;
const queryLog = createQueryLog();
let ctx: TestContext;
let book: TestBook;
let chapter: string;
let other: string;

beforeAll(async () => {
  ctx = await createTestContext({}, { log: queryLog.logger });
  book = await createBook(ctx, { chapters: 3, freeChapters: 3 });
  chapter = book.chapters[0]!.uuid;
  other = book.chapters[1]!.uuid;
});
afterAll(() => ctx.close());

const commentsUrl = (chapterUuid: string) => `/api/v1/comics/chapter/${chapterUuid}/comments`;

/** A reader whose account is old enough for links, so only the tests about links meet that rule. */
async function reader(options: { ageHours?: number } = {}): Promise<TestUser> {
  const user = await createUser(ctx);
  await ctx.db
    .updateTable('users')
    .set({ created_at: Date.now() - (options.ageHours ?? 48) * HOUR })
    .where('id', '=', user.id)
    .execute();
  return user;
}

const post = (user: TestUser | null, chapterUuid: string, payload: Record<string, unknown>, ip = nextClientIp()) =>
  ctx.app.inject({
    method: 'POST',
    url: commentsUrl(chapterUuid),
    headers: user ? authHeader(user) : {},
    payload,
    remoteAddress: ip,
  });

async function posted(user: TestUser, chapterUuid: string, body: string, extra: Record<string, unknown> = {}, ip = nextClientIp()) {
  const response = await post(user, chapterUuid, { body, ...extra }, ip);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.result as { comment_uuid: string; [key: string]: unknown };
}

const list = (user: TestUser | null, chapterUuid: string, query = '') =>
  ctx.app.inject({ url: `${commentsUrl(chapterUuid)}${query}`, headers: user ? authHeader(user) : {} });

const call = (user: TestUser | null, method: 'PATCH' | 'DELETE' | 'POST', url: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: user ? authHeader(user) : {}, ...(payload ? { payload } : {}) });

const commentCount = () => countRows(ctx.db, 'comments');
const counters = (chapterId: number) =>
  ctx.db.selectFrom('chapters').select(['comments_count', 'top_comments_count']).where('id', '=', chapterId).executeTakeFirstOrThrow();
const rowOf = (uuid: string) => ctx.db.selectFrom('comments').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();
/** Moves a reader's comments back in time (the flood and repeat windows are about time). */
const age = (user: TestUser, ms: number) =>
  ctx.db
    .updateTable('comments')
    .set((eb) => ({ created_at: eb('created_at', '-', ms) }))
    .where('user_id', '=', user.id)
    .execute();

/** Expects a refusal with this status and code, and that nothing was stored. */
async function refused(
  send: () => Promise<{ statusCode: number; json(): Record<string, unknown>; body: string }>,
  status: number,
  code: string,
) {
  const before = await commentCount();
  const response = await send();
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().code).toBe(code);
  expect(await commentCount()).toBe(before);
  return response.json();
}

describe('reading comments', () => {
  it('lets visitors read; unknown or unpublished chapters are 404', async () => {
    const fresh = await createBook(ctx, { chapters: 1, freeChapters: 1 });
    const response = await list(null, fresh.chapters[0]!.uuid);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { result: [], total: 0, comments_count: 0 } });
    expect((await list(null, crypto.randomUUID())).json().code).toBe('CHAPTER_NOT_FOUND');
    const hiddenBook = await createBook(ctx, { chapters: 1, isPublished: false });
    expect((await list(null, hiddenBook.chapters[0]!.uuid)).statusCode).toBe(404);
    await ctx.db.updateTable('chapters').set({ is_published: 0 }).where('id', '=', fresh.chapters[0]!.id).execute();
    expect((await list(null, fresh.chapters[0]!.uuid)).statusCode).toBe(404);
  });

  it('gives visitors a short shared copy and readers a private one', async () => {
    const visitor = await list(null, chapter, '?page_size=7');
    expect(visitor.headers['cache-control']).toMatch(/max-age=1\b/);
    const member = await list(await reader(), chapter, '?page_size=7');
    expect(member.headers['cache-control']).toBe('private, no-store');
  });
});

describe('posting', () => {
  it('stores a comment, counts it and shows it newest first, with mine for its author', async () => {
    const fresh = await createBook(ctx, { chapters: 1, freeChapters: 1 });
    const uuid = fresh.chapters[0]!.uuid;
    const alice = await reader();
    const bob = await reader();
    const first = await posted(alice, uuid, '  First!\r\n\r\n\r\n\r\nWhat a chapter.  ', { spoiler: true });
    expect(first).toMatchObject({
      parent_uuid: null,
      user: { uuid: alice.uuid, username: alice.username },
      body: 'First!\n\nWhat a chapter.',
      spoiler: true,
      edited_at: null,
      likes: 0,
      already_liked: false,
      replies_count: 0,
      hidden: false,
      mine: true,
    });
    const second = await posted(bob, uuid, 'Second');
    expect(await counters(fresh.chapters[0]!.id)).toEqual({ comments_count: 2, top_comments_count: 2 });
    const page = (await list(alice, uuid)).json().data;
    expect(page.total).toBe(2);
    expect(page.result.map((c: Comment) => [c.comment_uuid, c.mine])).toEqual([
      [second.comment_uuid, false],
      [first.comment_uuid, true],
    ]);
    const oldest = (await list(alice, uuid, '?sort=oldest')).json().data.result;
    expect(oldest.map((c: Comment) => c.comment_uuid)).toEqual([first.comment_uuid, second.comment_uuid]);
    const paged = (await list(alice, uuid, '?page=2&page_size=1')).json().data;
    expect(paged).toMatchObject({ total: 2, result: [{ comment_uuid: first.comment_uuid }] });
  });

  it('needs a login', async () => {
    await refused(() => post(null, chapter, { body: 'hello' }), 401, 'AUTH_REQUIRED');
  });

  it('refuses text that breaks the rules, storing nothing', async () => {
    const user = await reader();
    await refused(() => post(user, chapter, { body: 'x'.repeat(2001) }), 400, 'VALIDATION_FAILED');
    await refused(() => post(user, chapter, { body: '  \n\t  ' }), 400, 'VALIDATION_FAILED');
    await refused(() => post(user, chapter, { body: 'bell\u0007' }), 400, 'VALIDATION_FAILED');
    await refused(() => post(user, chapter, { body: 'abc\u202Edcba' }), 400, 'VALIDATION_FAILED');
    await refused(() => post(user, chapter, { body: 'hid\u200Bden' }), 400, 'VALIDATION_FAILED');
    await refused(() => post(user, chapter, { body: '\u200F\u200F' }), 400, 'VALIDATION_FAILED');
    // 2,000 characters is the limit, counted in characters (an emoji is one); fields a client may
    // not set are dropped (closed body).
    const long = await posted(user, chapter, '😀'.repeat(2000), { likes: 99, state: 'held' });
    expect(long).toMatchObject({ likes: 0, hidden: false });
  });

  it('stores classic script payloads as plain text and returns them verbatim', async () => {
    const payloads = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '"><svg onload=alert(1)>',
      'javascript:alert(document.cookie)',
      "';alert(String.fromCharCode(88,83,83))//",
    ];
    const stored: string[] = [];
    for (const body of payloads) {
      const comment = await posted(await reader(), other, body);
      expect(comment.body).toBe(body);
      stored.push(comment.comment_uuid);
    }
    const response = await list(await reader(), other, '?page_size=50');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const bodies = response.json().data.result.map((c: Comment) => c.body);
    for (const body of payloads) expect(bodies).toContain(body);
    for (const uuid of stored) expect(payloads).toContain((await rowOf(uuid)).body);
  });

  it('replies one level deep and alerts the author of the comment answered', async () => {
    const fresh = await createBook(ctx, { chapters: 2, freeChapters: 2 });
    const [a, b] = fresh.chapters;
    const alice = await reader();
    const bob = await reader();
    const carol = await reader();
    const top = await posted(alice, a!.uuid, 'Top-level');
    const reply = await posted(bob, a!.uuid, 'A reply', { parent_uuid: top.comment_uuid });
    expect(reply.parent_uuid).toBe(top.comment_uuid);
    // A reply to a reply joins the top-level comment's thread.
    const nested = await posted(carol, a!.uuid, 'A reply to the reply', { parent_uuid: reply.comment_uuid });
    expect(nested.parent_uuid).toBe(top.comment_uuid);
    // A reply to one's own comment alerts nobody.
    await age(alice, 11_000);
    await posted(alice, a!.uuid, 'Answering myself', { parent_uuid: top.comment_uuid });

    expect(await counters(a!.id)).toEqual({ comments_count: 4, top_comments_count: 1 });
    const topPage = (await list(carol, a!.uuid)).json().data;
    // total pages the top-level comments; comments_count is the chapter's figure, replies included.
    expect(topPage).toMatchObject({ total: 1, comments_count: 4, result: [{ comment_uuid: top.comment_uuid, replies_count: 3 }] });
    const replies = (await list(carol, a!.uuid, `?parent_uuid=${top.comment_uuid}`)).json().data;
    expect(replies.total).toBe(3);
    expect(replies.result.map((c: Comment) => c.body)).toEqual(['A reply', 'A reply to the reply', 'Answering myself']);

    const alerts = await ctx.db
      .selectFrom('comment_alerts')
      .innerJoin('comments', 'comments.id', 'comment_alerts.comment_id')
      .select(['comment_alerts.user_id', 'comments.uuid'])
      .where('comments.chapter_id', '=', a!.id)
      .orderBy('comment_alerts.id')
      .execute();
    expect(alerts).toEqual([
      { user_id: alice.id, uuid: reply.comment_uuid },
      { user_id: bob.id, uuid: nested.comment_uuid },
    ]);

    // Replies to a comment of another chapter, an unknown one, a deleted or a hidden one: 404.
    const dave = await reader();
    await refused(() => post(dave, b!.uuid, { body: 'wrong chapter', parent_uuid: top.comment_uuid }), 404, 'COMMENT_NOT_FOUND');
    await refused(() => post(dave, a!.uuid, { body: 'nobody', parent_uuid: crypto.randomUUID() }), 404, 'COMMENT_NOT_FOUND');
    const doomed = await posted(await reader(), a!.uuid, 'to be deleted');
    await ctx.db.updateTable('comments').set({ state: 'deleted' }).where('uuid', '=', doomed.comment_uuid).execute();
    await refused(() => post(dave, a!.uuid, { body: 'too late', parent_uuid: doomed.comment_uuid }), 404, 'COMMENT_NOT_FOUND');
    const hidden = await posted(await reader(), a!.uuid, 'to be hidden');
    await ctx.db.updateTable('comments').set({ state: 'hidden' }).where('uuid', '=', hidden.comment_uuid).execute();
    await refused(() => post(dave, a!.uuid, { body: 'hidden', parent_uuid: hidden.comment_uuid }), 404, 'COMMENT_NOT_FOUND');
  });

  it('raises reply-alert-recorded once the reply committed, with the alert recorded', async () => {
    const seen: number[] = [];
    const domainEvents = createDomainEvents(ctx.db);
    domainEvents.on('reply-alert-recorded', ({ alertId }) => void seen.push(alertId));
    const service = createCommentsService({
      db: ctx.db,
      domainEvents,
      chapterAccess: async () => 'member',
      linksMinAgeHours: async () => 24,
    });
    const alice = await reader();
    const bob = await reader();
    const asUser = (u: TestUser) => ({ id: u.id, uuid: u.uuid, username: u.username, role: 'user' as const });
    const top = await service.post(asUser(alice), chapter, { body: `service top ${Date.now()}` }, async () => undefined);
    await service.post(asUser(bob), chapter, { body: `service reply ${Date.now()}`, parent_uuid: top.comment_uuid }, async () => undefined);
    const alert = await ctx.db.selectFrom('comment_alerts').select('id').where('user_id', '=', alice.id).executeTakeFirstOrThrow();
    expect(seen).toEqual([alert.id]);
  });
});

describe('paid chapters, closed books, bans and links', () => {
  it('lets only readers who can read a paid chapter comment on it; everyone may read', async () => {
    const paidBook = await createBook(ctx, { chapters: 2, freeChapters: 1 });
    const paid = paidBook.chapters[1]!.uuid;
    await refused(() => post(null, paid, { body: 'visitor' }), 401, 'AUTH_REQUIRED');
    const nonMember = await reader();
    await refused(() => post(nonMember, paid, { body: 'not a member' }), 403, 'MEMBERSHIP_REQUIRED');
    const expired = await reader();
    await grantMembership(ctx, expired.id, { days: 10, startDaysAgo: 20 });
    await refused(() => post(expired, paid, { body: 'expired' }), 403, 'MEMBERSHIP_REQUIRED');
    const member = await reader();
    await grantMembership(ctx, member.id, { days: 30 });
    const comment = await posted(member, paid, 'Worth it');
    expect((await list(null, paid)).json().data.result.map((c: Comment) => c.comment_uuid)).toEqual([comment.comment_uuid]);
    // The free chapter of the same book is open to everyone.
    await posted(nonMember, paidBook.chapters[0]!.uuid, 'Free for all');
  });

  it('refuses comments on a book whose comments are closed', async () => {
    const closed = await createBook(ctx, { chapters: 1, freeChapters: 1 });
    await ctx.db.updateTable('books').set({ comments_closed: 1 }).where('id', '=', closed.id).execute();
    const closer = await reader();
    await refused(() => post(closer, closed.chapters[0]!.uuid, { body: 'closed?' }), 403, 'COMMENTS_CLOSED');
  });

  it('refuses a banned reader with the reason and the end, and lets them back once it ends', async () => {
    const banned = await reader();
    const until = Date.now() + 3 * 24 * HOUR;
    await ctx.db
      .insertInto('comment_bans')
      .values({ user_id: banned.id, reason: 'Spam', until, created_at: Date.now(), created_by: null })
      .execute();
    const error = await refused(() => post(banned, chapter, { body: 'let me in' }), 403, 'COMMENT_BANNED');
    expect(error).toMatchObject({ ban_reason: 'Spam', banned_until: new Date(until).toISOString() });
    const standing = (await ctx.app.inject({ url: '/api/v1/user/community', headers: authHeader(banned) })).json();
    expect(standing.data.result).toMatchObject({ banned: true, ban_reason: 'Spam', banned_until: new Date(until).toISOString() });

    const forGood = await reader();
    await ctx.db
      .insertInto('comment_bans')
      .values({ user_id: forGood.id, reason: 'Abuse', until: null, created_at: Date.now(), created_by: null })
      .execute();
    expect(await refused(() => post(forGood, chapter, { body: 'again' }), 403, 'COMMENT_BANNED')).toMatchObject({ banned_until: null });

    const served = await reader();
    await ctx.db
      .insertInto('comment_bans')
      .values({ user_id: served.id, reason: 'Old', until: Date.now() - 1000, created_at: Date.now() - 2 * HOUR, created_by: null })
      .execute();
    await posted(served, chapter, 'I am back');
  });

  it('refuses links from accounts younger than 24 hours and says when they are allowed', async () => {
    const young = await reader({ ageHours: 2 });
    const createdAt = (await ctx.db.selectFrom('users').select('created_at').where('id', '=', young.id).executeTakeFirstOrThrow())
      .created_at;
    const error = await refused(() => post(young, chapter, { body: 'see www.example.com' }), 403, 'LINKS_NOT_ALLOWED');
    expect(error.links_allowed_at).toBe(new Date(createdAt + 24 * HOUR).toISOString());
    await refused(() => post(young, chapter, { body: 'https://spam.example/x' }), 403, 'LINKS_NOT_ALLOWED');
    const standing = (await ctx.app.inject({ url: '/api/v1/user/community', headers: authHeader(young) })).json().data.result;
    expect(standing).toEqual({
      banned: false,
      ban_reason: null,
      banned_until: null,
      links_allowed: false,
      links_allowed_at: new Date(createdAt + 24 * HOUR).toISOString(),
    });
    // Without a link the young account may comment.
    await posted(young, chapter, 'No links here');
    const old = await reader({ ageHours: 25 });
    await posted(old, chapter, 'see www.example.com');
    expect((await ctx.app.inject({ url: '/api/v1/user/community', headers: authHeader(old) })).json().data.result).toMatchObject({
      links_allowed: true,
      links_allowed_at: null,
    });
  });
});

describe('flood and repeats', () => {
  it('allows one comment per 10 seconds per reader, with Retry-After', async () => {
    const user = await reader();
    await posted(user, chapter, 'one');
    const before = await commentCount();
    const response = await post(user, chapter, { body: 'two' });
    expect(response.statusCode).toBe(429);
    expect(response.json().code).toBe('RATE_LIMITED');
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(10);
    expect(await commentCount()).toBe(before);
    await age(user, 11_000);
    await posted(user, chapter, 'two');
  });

  it('allows 60 comments an hour per reader', async () => {
    const user = await reader();
    const fresh = await createBook(ctx, { chapters: 1, freeChapters: 1 });
    const now = Date.now();
    await ctx.db
      .insertInto('comments')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          uuid: crypto.randomUUID(),
          book_id: fresh.id,
          chapter_id: fresh.chapters[0]!.id,
          user_id: user.id,
          parent_id: null,
          body: `old ${i}`,
          body_hash: `h${i}`,
          created_at: now - 59 * 60_000 + i * 30_000,
        })),
      )
      .execute();
    const response = await refused(() => post(user, chapter, { body: 'the 61st' }), 429, 'RATE_LIMITED');
    expect(response.error).toMatch(/too fast/);
    // The oldest of the hour leaves the window in about a minute.
    await age(user, 61_000);
    await posted(user, chapter, 'the 61st');
  });

  it('lets 30 readers behind one address (a carrier NAT, a school) all post within a minute; a flooding one is refused alone', async () => {
    const ip = nextClientIp();
    const neighbours = await Promise.all(Array.from({ length: 30 }, () => reader()));
    const flooder = await reader();
    await posted(flooder, chapter, 'First!', {}, ip);
    // The flooder keeps trying, between every neighbour's comment: refused each time, for itself only.
    for (const [i, neighbour] of neighbours.entries()) {
      const refusal = await refused(() => post(flooder, chapter, { body: `Flood ${i}` }, ip), 429, 'RATE_LIMITED');
      expect(refusal.error).toMatch(/too fast/);
      expect((await post(neighbour, chapter, { body: `Neighbour ${i} here` }, ip)).statusCode).toBe(201);
    }
    // A refused comment (bad text) does not use the address's allowance either.
    const careless = await reader();
    await refused(() => post(careless, chapter, { body: ' ' }, ip), 400, 'VALIDATION_FAILED');
  });

  /**
   * Moves the clock the server reads (the rate-limit store's windows, the service's flood rules)
   * for the length of `run`: the address limits are about minutes and hours.
   */
  async function withClock(run: (tick: (ms: number) => void) => Promise<void>) {
    let at = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => at);
    try {
      await run((ms) => {
        at += ms;
      });
    } finally {
      clock.mockRestore();
    }
  }

  it('keeps a loose ceiling per client address, whatever the accounts: 60 comments a minute, 600 an hour', async () => {
    const ip = nextClientIp();
    const writers = await Promise.all(Array.from({ length: 60 }, () => reader()));
    const late = await reader();
    await withClock(async (tick) => {
      // Ten minutes of 60 accounts posting once a minute each (within every per-reader rule).
      for (let minute = 0; minute < 10; minute += 1) {
        tick(61_000);
        // Sent together, as a crowd would (and to keep the 600 posts quick).
        const responses = await Promise.all(writers.map((writer, i) => post(writer, chapter, { body: `Minute ${minute} from ${i}` }, ip)));
        for (const response of responses) expect(response.statusCode, response.body).toBe(201);
        // The 61st of the minute, from an account that has not posted: the address's ceiling.
        if (minute === 0) {
          const refusal = await refused(() => post(late, chapter, { body: 'One too many this minute' }, ip), 429, 'RATE_LIMITED');
          expect(refusal.error).toMatch(/address/);
        }
      }
      tick(61_000);
      const refusal = await refused(() => post(late, chapter, { body: 'The 601st from here' }, ip), 429, 'RATE_LIMITED');
      expect(refusal.error).toMatch(/address/);
      // Another address is not concerned; this one may post again once its hour is over.
      expect((await post(late, chapter, { body: 'From another address' }, nextClientIp())).statusCode).toBe(201);
      tick(HOUR);
      expect((await post(late, chapter, { body: 'Back an hour later' }, ip)).statusCode).toBe(201);
    });
    // 600 comments stored: longer than most tests on PostgreSQL.
  }, 120_000);

  it("counts only stored comments against the address: a reader's refused repeat or too-fast post costs the others nothing", async () => {
    const ip = nextClientIp();
    const [hasty, repeater, neighbour, another] = [await reader(), await reader(), await reader(), await reader()];
    await withClock(async (tick) => {
      await posted(hasty, chapter, 'Posted from home');
      await posted(repeater, chapter, 'Said it once', {}, nextClientIp());
      tick(11_000);
      await refused(() => post(repeater, chapter, { body: 'said it ONCE' }, ip), 409, 'DUPLICATE_COMMENT');
      await posted(neighbour, chapter, 'My own words', {}, ip);
      tick(11_000);
      await posted(hasty, other, 'Quick one');
      tick(3_000);
      const tooFast = await refused(() => post(hasty, chapter, { body: 'Another quick one' }, ip), 429, 'RATE_LIMITED');
      expect(tooFast.error).toMatch(/too fast/);
      await posted(another, chapter, 'Still my turn', {}, ip);
    });
  });

  it('counts every post call of an account, refused or not: 60 in 10 minutes', async () => {
    const user = await reader();
    await posted(user, chapter, 'Once only');
    await age(user, 11_000);
    // Repeats are refused and store nothing; they still cost the account's calls.
    for (let i = 0; i < 59; i += 1) await refused(() => post(user, chapter, { body: 'Once only' }), 409, 'DUPLICATE_COMMENT');
    const limited = await refused(() => post(user, chapter, { body: 'Something new' }), 429, 'RATE_LIMITED');
    expect(limited.error).toMatch(/Too many requests/);
    // Other accounts are not concerned.
    await posted(await reader(), chapter, 'Something new');
  });

  it('refuses the same text from the same reader within 24 hours, in any chapter', async () => {
    const user = await reader();
    await posted(user, chapter, 'Best chapter ever!');
    await age(user, 11_000);
    await refused(() => post(user, other, { body: 'best   CHAPTER ever' }), 409, 'DUPLICATE_COMMENT');
    // Another reader may say the same.
    await posted(await reader(), other, 'Best chapter ever!');
    await age(user, 24 * HOUR);
    await posted(user, other, 'Best chapter ever!');
  });
});

describe('word filter', () => {
  it('masks words and holds comments; a held comment is seen by its author only', async () => {
    await ctx.db
      .insertInto('comment_word_filters')
      .values([
        { pattern: 'darn', action: 'mask', created_at: Date.now() },
        { pattern: 'buy pills', action: 'hold', created_at: Date.now() },
      ])
      .execute();
    const fresh = await createBook(ctx, { chapters: 1, freeChapters: 1 });
    const uuid = fresh.chapters[0]!.uuid;
    const author = await reader();
    const masked = await posted(author, uuid, 'Darn it');
    expect(masked.body).toBe('**** it');
    expect((await rowOf(masked.comment_uuid)).body).toBe('**** it');
    await age(author, 11_000);
    const held = await posted(author, uuid, 'Buy pills here');
    expect(held).toMatchObject({ hidden: true, mine: true });
    expect((await rowOf(held.comment_uuid)).state).toBe('held');
    expect(await counters(fresh.chapters[0]!.id)).toEqual({ comments_count: 1, top_comments_count: 1 });

    const mine = (await list(author, uuid)).json().data;
    expect(mine.total).toBe(2);
    expect(mine.result.map((c: Comment) => [c.comment_uuid, c.hidden])).toEqual([
      [held.comment_uuid, true],
      [masked.comment_uuid, false],
    ]);
    const theirs = (await list(await reader(), uuid)).json().data;
    expect(theirs).toMatchObject({ total: 1, result: [{ comment_uuid: masked.comment_uuid }] });
    const visitor = (await list(null, uuid, '?page_size=11')).json().data;
    expect(visitor).toMatchObject({ total: 1, result: [{ comment_uuid: masked.comment_uuid, hidden: false, mine: false }] });
    // Nobody may reply to, like or report a held comment.
    const bob = await reader();
    await refused(() => post(bob, uuid, { body: 'reply', parent_uuid: held.comment_uuid }), 404, 'COMMENT_NOT_FOUND');
    expect((await call(bob, 'POST', `/comics/comment/${held.comment_uuid}/like`)).statusCode).toBe(404);

    // Edited clean, the held comment is shown; edited into a held word, a visible one is held.
    const cleaned = await call(author, 'PATCH', `/comics/comment/${held.comment_uuid}`, { body: 'Nice art here' });
    expect(cleaned.json().data.result).toMatchObject({ hidden: false, body: 'Nice art here' });
    const dirtied = await call(author, 'PATCH', `/comics/comment/${masked.comment_uuid}`, { body: 'BUY Pills now' });
    expect(dirtied.json().data.result).toMatchObject({ hidden: true });
    expect(await counters(fresh.chapters[0]!.id)).toEqual({ comments_count: 1, top_comments_count: 1 });
    await ctx.db.deleteFrom('comment_word_filters').execute();
  });
});

describe("the chapter's comment figure", () => {
  it('is the same on the chapter list and on the comments page, and an edit that holds a comment takes its replies out of it', async () => {
    await ctx.db.insertInto('comment_word_filters').values({ pattern: 'hold me', action: 'hold', created_at: Date.now() }).execute();
    try {
      const fresh = await createBook(ctx, { chapters: 1, freeChapters: 1 });
      const chapterRow = fresh.chapters[0]!;
      const author = await reader();
      const top = await posted(author, chapterRow.uuid, 'A thread');
      await posted(await reader(), chapterRow.uuid, 'First reply', { parent_uuid: top.comment_uuid });
      await posted(await reader(), chapterRow.uuid, 'Second reply', { parent_uuid: top.comment_uuid });
      await posted(await reader(), chapterRow.uuid, 'Alone');
      const viewer = await reader();
      // (With a token: visitors' copies are kept a few seconds by the public cache.)
      const figures = async () => {
        const chapters = await ctx.app.inject({ url: `/api/v1/comics/chapters/${fresh.uuid}/en-us/asc/0/10`, headers: authHeader(viewer) });
        return {
          list: chapters.json().data.result.chapters[0].comments_count,
          heading: (await list(viewer, chapterRow.uuid)).json().data.comments_count,
          stored: (await counters(chapterRow.id)).comments_count,
        };
      };
      expect(await figures()).toEqual({ list: 4, heading: 4, stored: 4 });
      // Edited into a held word, the thread leaves readers, and its two replies with it.
      await call(author, 'PATCH', `/comics/comment/${top.comment_uuid}`, { body: 'Please hold me' });
      expect((await rowOf(top.comment_uuid)).state).toBe('held');
      expect(await figures()).toEqual({ list: 1, heading: 1, stored: 1 });
      await call(author, 'PATCH', `/comics/comment/${top.comment_uuid}`, { body: 'A thread again' });
      expect(await figures()).toEqual({ list: 4, heading: 4, stored: 4 });
      // The author deletes it: a tombstone keeps the replies in reach.
      await call(author, 'DELETE', `/comics/comment/${top.comment_uuid}`);
      expect(await figures()).toEqual({ list: 3, heading: 3, stored: 3 });
    } finally {
      await ctx.db.deleteFrom('comment_word_filters').where('pattern', '=', 'hold me').execute();
    }
  });
});

describe('editing and deleting', () => {
  it('lets only the author edit; edited_at follows body changes', async () => {
    const author = await reader();
    const comment = await posted(author, chapter, `Edit me ${Date.now()}`);
    const url = `/comics/comment/${comment.comment_uuid}`;
    expect((await call(await reader(), 'PATCH', url, { body: 'hijack' })).json().code).toBe('FORBIDDEN');
    expect((await call(null, 'PATCH', url, { body: 'hijack' })).statusCode).toBe(401);
    expect((await call(author, 'PATCH', `/comics/comment/${crypto.randomUUID()}`, { body: 'x' })).json().code).toBe('COMMENT_NOT_FOUND');

    const spoilerOnly = (await call(author, 'PATCH', url, { spoiler: true })).json().data.result;
    expect(spoilerOnly).toMatchObject({ spoiler: true, edited_at: null });
    const edited = (await call(author, 'PATCH', url, { body: 'Edited text' })).json().data.result;
    expect(edited.body).toBe('Edited text');
    expect(edited.edited_at).not.toBeNull();
    const bad = await call(author, 'PATCH', url, { body: 'bidi \u202E' });
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    expect((await rowOf(comment.comment_uuid)).body).toBe('Edited text');
  });

  it('refuses an edit into a text the author posted in another comment within 24 hours', async () => {
    const author = await reader();
    const stamp = Date.now().toString(36);
    const first = await posted(author, chapter, `First take ${stamp}`);
    await age(author, 11_000);
    const second = await posted(author, other, `Second take ${stamp}`);
    const url = `/comics/comment/${second.comment_uuid}`;
    // The same text as the first comment, by the posting rule's measure (case, spacing, punctuation).
    const repeat = await call(author, 'PATCH', url, { body: `FIRST   take, ${stamp}!` });
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json().code).toBe('DUPLICATE_COMMENT');
    expect((await rowOf(second.comment_uuid)).body).toBe(`Second take ${stamp}`);
    // Its own text, written differently, is no repeat; nor is another reader's text.
    expect((await call(author, 'PATCH', url, { body: `SECOND take ${stamp}` })).statusCode).toBe(200);
    await posted(await reader(), chapter, `Borrowed words ${stamp}`);
    expect((await call(author, 'PATCH', url, { body: `Borrowed words ${stamp}` })).statusCode).toBe(200);
    // Once the first comment is deleted, or older than a day, its text is free again.
    await call(author, 'DELETE', `/comics/comment/${first.comment_uuid}`);
    expect((await call(author, 'PATCH', url, { body: `First take ${stamp}` })).statusCode).toBe(200);
    await age(author, 11_000);
    const third = await posted(author, chapter, `Third take ${stamp}`);
    await age(author, 24 * HOUR);
    expect((await call(author, 'PATCH', `/comics/comment/${third.comment_uuid}`, { body: `First take ${stamp}` })).statusCode).toBe(200);
  });

  it('refuses links in an edit from a young account', async () => {
    const young = await reader({ ageHours: 1 });
    const comment = await posted(young, chapter, 'no link yet');
    const response = await call(young, 'PATCH', `/comics/comment/${comment.comment_uuid}`, { body: 'now www.example.com' });
    expect(response.json().code).toBe('LINKS_NOT_ALLOWED');
    expect((await rowOf(comment.comment_uuid)).body).toBe('no link yet');
  });

  it('deletes: a comment without replies leaves the page, one with replies stays as a tombstone', async () => {
    const fresh = await createBook(ctx, { chapters: 1, freeChapters: 1 });
    const uuid = fresh.chapters[0]!.uuid;
    const alice = await reader();
    const bob = await reader();
    const lonely = await posted(alice, uuid, 'lonely');
    const parent = await posted(bob, uuid, 'has replies');
    await age(alice, 11_000);
    await posted(alice, uuid, 'a reply', { parent_uuid: parent.comment_uuid });

    expect((await call(alice, 'DELETE', `/comics/comment/${parent.comment_uuid}`)).json().code).toBe('FORBIDDEN');
    expect((await call(alice, 'DELETE', `/comics/comment/${lonely.comment_uuid}`)).json()).toEqual({ data: { result: { deleted: true } } });
    expect((await call(alice, 'DELETE', `/comics/comment/${lonely.comment_uuid}`)).statusCode).toBe(404);
    expect((await call(bob, 'DELETE', `/comics/comment/${parent.comment_uuid}`)).statusCode).toBe(200);

    expect(await counters(fresh.chapters[0]!.id)).toEqual({ comments_count: 1, top_comments_count: 0 });
    const page = (await list(await reader(), uuid)).json().data;
    expect(page.total).toBe(1);
    expect(page.result).toEqual([
      expect.objectContaining({ comment_uuid: parent.comment_uuid, deleted: true, body: '', replies_count: 1, mine: false }),
    ]);
    expect(page.result[0].user.username).toBe('');
    expect((await list(null, uuid, `?parent_uuid=${parent.comment_uuid}`)).json().data.total).toBe(1);
    expect((await call(bob, 'PATCH', `/comics/comment/${parent.comment_uuid}`, { body: 'revive' })).statusCode).toBe(404);
  });
});

describe('likes and reports', () => {
  it('likes once per reader, takes likes back, and shows already_liked', async () => {
    const comment = await posted(await reader(), chapter, `Like me ${Date.now()}`);
    const url = `/comics/comment/${comment.comment_uuid}/like`;
    const fan = await reader();
    expect((await call(fan, 'POST', url)).json().data.result).toEqual({ likes: 1, already_liked: true });
    expect((await call(fan, 'POST', url)).json().data.result).toEqual({ likes: 1, already_liked: true });
    expect((await call(await reader(), 'POST', url)).json().data.result).toEqual({ likes: 2, already_liked: true });
    const page = (await list(fan, chapter, '?sort=top&page_size=50')).json().data.result;
    expect(page[0]).toMatchObject({ comment_uuid: comment.comment_uuid, likes: 2, already_liked: true });
    expect((await call(fan, 'DELETE', url)).json().data.result).toEqual({ likes: 1, already_liked: false });
    expect((await call(fan, 'DELETE', url)).json().data.result).toEqual({ likes: 1, already_liked: false });
    expect((await call(null, 'POST', url)).statusCode).toBe(401);
    expect((await call(fan, 'POST', `/comics/comment/${crypto.randomUUID()}/like`)).json().code).toBe('COMMENT_NOT_FOUND');
  });

  it('takes one report per reader and comment, never one of your own', async () => {
    const author = await reader();
    const comment = await posted(author, chapter, `Report me ${Date.now()}`);
    const url = `/comics/comment/${comment.comment_uuid}/report`;
    const reporter = await reader();
    expect((await call(reporter, 'POST', url, { reason: 'spam', detail: 'Selling things' })).json()).toEqual({
      data: { result: { reported: true } },
    });
    expect((await call(reporter, 'POST', url, { reason: 'harassment' })).statusCode).toBe(200);
    await call(await reader(), 'POST', url, { reason: 'other' });
    expect((await rowOf(comment.comment_uuid)).open_reports).toBe(2);
    const reports = await ctx.db
      .selectFrom('comment_reports')
      .select(['reason', 'detail'])
      .where('reporter_id', '=', reporter.id)
      .execute();
    expect(reports).toEqual([{ reason: 'spam', detail: 'Selling things' }]);
    expect((await call(author, 'POST', url, { reason: 'spam' })).json().code).toBe('CONFLICT');
    expect((await call(reporter, 'POST', url, { reason: 'because' })).statusCode).toBe(400);
  });
});

describe('paging', () => {
  it('reads each page as one index range, with no sort and no count over the comments', async () => {
    const fresh = await createBook(ctx, { chapters: 1, freeChapters: 1 });
    const chapterId = fresh.chapters[0]!.id;
    const author = await reader();
    const now = Date.now();
    await queryLog.quietly(() =>
      ctx.db
        .insertInto('comments')
        .values(
          Array.from({ length: 200 }, (_, i) => ({
            uuid: crypto.randomUUID(),
            book_id: fresh.id,
            chapter_id: chapterId,
            user_id: author.id,
            parent_id: null,
            body: `bulk ${i}`,
            body_hash: `bulk${i}`,
            likes: i % 7,
            created_at: now - i * 1000,
          })),
        )
        .execute(),
    );
    const parent = await ctx.db
      .selectFrom('comments')
      .select(['id', 'uuid'])
      .where('chapter_id', '=', chapterId)
      .limit(1)
      .executeTakeFirstOrThrow();
    await queryLog.quietly(() =>
      ctx.db
        .insertInto('comments')
        .values(
          Array.from({ length: 100 }, (_, i) => ({
            uuid: crypto.randomUUID(),
            book_id: fresh.id,
            chapter_id: chapterId,
            user_id: author.id,
            parent_id: parent.id,
            body: `reply ${i}`,
            body_hash: `reply${i}`,
            likes: i % 5,
            created_at: now - i * 1000,
          })),
        )
        .execute(),
    );
    const viewer = await reader();
    const replies = `?parent_uuid=${parent.uuid}`;
    let totals = 0;
    for (const query of [
      '?sort=newest',
      '?sort=top&page=5',
      '?sort=oldest&page=3',
      '?page=9',
      replies,
      `${replies}&sort=top&page=2`,
      `${replies}&sort=newest`,
    ]) {
      for (const who of [viewer, null]) {
        const { result, statements } = await queryLog.during(() => list(who, fresh.chapters[0]!.uuid, `${query}&page_size=20`));
        expect(result.statusCode, result.body).toBe(200);
        const onComments = statements.filter((s) => /from "comments"/.test(s.sql));
        expect(onComments.length).toBeGreaterThan(0);
        for (const statement of onComments) {
          const plan = await explainStatement(ctx, { sql: statement.sql, parameters: statement.parameters } as never);
          indexedPlan(plan, ['comments', 'comment_likes', 'users'], `${query} ${statement.sql}`);
          // `total`: the counters plus a count of the few rows they do not count, never of the visible ones.
          if (/count\(\*\)/.test(statement.sql)) {
            expect(plan.join('\n')).toMatch(/comments_unlisted_idx/);
            totals += 1;
          }
        }
      }
    }
    expect(totals).toBe(14);
  });
});

describe('paging through a whole thread', () => {
  it('gives every listed comment once, in order, whichever end a page is walked from', async () => {
    const fresh = await createBook(ctx, { chapters: 1, freeChapters: 1 });
    const chapterId = fresh.chapters[0]!.id;
    const author = await reader();
    const viewer = await reader();
    const now = Date.now();
    // 45 visible (likes with ties), 2 of the viewer's held, 1 held of someone else, 1 deleted without replies.
    const rows = Array.from({ length: 49 }, (_, i) => ({
      uuid: crypto.randomUUID(),
      book_id: fresh.id,
      chapter_id: chapterId,
      user_id: i === 45 || i === 46 ? viewer.id : author.id,
      parent_id: null,
      body: `row ${i}`,
      body_hash: `row${i}`,
      likes: i % 4,
      state: (i === 45 || i === 46 || i === 47 ? 'held' : i === 48 ? 'deleted' : 'visible') as 'held' | 'deleted' | 'visible',
      created_at: now - (i % 10) * 1000,
    }));
    await ctx.db.insertInto('comments').values(rows).execute();
    await ctx.db.updateTable('chapters').set({ top_comments_count: 45, comments_count: 45 }).where('id', '=', chapterId).execute();
    const listedUuids = rows.filter((_, i) => i < 47).map((r) => r.uuid);
    for (const sort of ['newest', 'top', 'oldest'] as const) {
      const seen: Comment[] = [];
      for (let page = 1; page <= 6; page += 1) {
        const answer = (await list(viewer, fresh.chapters[0]!.uuid, `?sort=${sort}&page=${page}&page_size=7`)).json().data;
        expect(answer.total).toBe(47);
        expect(answer.result).toHaveLength(7);
        seen.push(...answer.result);
      }
      const last = (await list(viewer, fresh.chapters[0]!.uuid, `?sort=${sort}&page=7&page_size=7`)).json().data.result;
      expect(last).toHaveLength(5);
      seen.push(...last);
      expect((await list(viewer, fresh.chapters[0]!.uuid, `?sort=${sort}&page=8&page_size=7`)).json().data.result).toEqual([]);
      expect(new Set(seen.map((c) => c.comment_uuid))).toEqual(new Set(listedUuids));
      const key = (c: Comment) => (sort === 'top' ? c.likes : Date.parse(c.created_at));
      for (let i = 1; i < seen.length; i += 1) {
        if (sort === 'oldest') expect(key(seen[i]!)).toBeGreaterThanOrEqual(key(seen[i - 1]!));
        else expect(key(seen[i]!)).toBeLessThanOrEqual(key(seen[i - 1]!));
      }
    }
  });
});

describe(`COMMUNITY=off on ${TEST_DIALECT}`, () => {
  it('answers every comments call with 404 and lists no counts', async () => {
    const off = await createTestContext({ COMMUNITY: 'off' });
    try {
      const offBook = await createBook(off, { chapters: 1, freeChapters: 1 });
      const user = await createUser(off);
      const uuid = crypto.randomUUID();
      const calls = [
        { method: 'GET', url: `/api/v1/comics/chapter/${offBook.chapters[0]!.uuid}/comments` },
        { method: 'POST', url: `/api/v1/comics/chapter/${offBook.chapters[0]!.uuid}/comments`, payload: { body: 'hi' } },
        { method: 'PATCH', url: `/api/v1/comics/comment/${uuid}`, payload: { body: 'hi' } },
        { method: 'DELETE', url: `/api/v1/comics/comment/${uuid}` },
        { method: 'POST', url: `/api/v1/comics/comment/${uuid}/like` },
        { method: 'DELETE', url: `/api/v1/comics/comment/${uuid}/like` },
        { method: 'POST', url: `/api/v1/comics/comment/${uuid}/report`, payload: { reason: 'spam' } },
        { method: 'GET', url: '/api/v1/user/community' },
      ] as const;
      for (const request of calls) {
        for (const headers of [authHeader(user), {}]) {
          const response = await off.app.inject({ ...request, headers });
          expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
          expect(response.json().code).toBe('NOT_FOUND');
        }
      }
      const chapters = await off.app.inject({ url: `/api/v1/comics/chapters/${offBook.uuid}/en-us/asc/0/10` });
      expect(chapters.json().data.result.chapters[0]).not.toHaveProperty('comments_count');
      expect(await off.db.selectFrom('comments').selectAll().execute()).toEqual([]);
    } finally {
      await off.close();
    }
  });

  it('lists comments_count on each chapter when on', async () => {
    const fresh = await createBook(ctx, { chapters: 2, freeChapters: 2 });
    await posted(await reader(), fresh.chapters[1]!.uuid, 'counted');
    const chapters = (await ctx.app.inject({ url: `/api/v1/comics/chapters/${fresh.uuid}/en-us/asc/0/10` })).json().data.result.chapters;
    expect(chapters.map((c: { comments_count?: number }) => c.comments_count)).toEqual([0, 1]);
  });
});
