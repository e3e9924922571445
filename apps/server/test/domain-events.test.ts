import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDomainEvents, type DomainEvent, type DomainEventType } from '../src/db/domain-events.js';
import { bayesianAverage, MIDPOINT_MEAN } from '../src/modules/catalogue/rating-prior.js';
import { sumPublishedRatings } from '../src/modules/catalogue/catalogue.repository.js';
import { formatInstant } from '../src/modules/notices/notice-format.js';
import {
  authHeader,
  createBook,
  createUser,
  createUserWithEmail,
  grantMembership,
  type TestBook,
  type TestUser,
} from './helpers/factories.js';
import { createOrder, insertPaidOrder, sandboxPay } from './helpers/payment-flows.js';
import { createQueryLog } from './helpers/query-log.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/**
 * After a commit (db/domain-events.ts, docs/ARCHITECTURE.md "After a commit"): an event is raised
 * inside the transaction that makes a change and delivered once after it commits, never for one
 * that rolled back; and what each listener wired in services.ts does is seen at once. The reader
 * change feed runs (its timer set to a minute, polled by hand), so members' reads are answered from
 * memory as on a server: a change must reach that memory through its event.
 */

const queryLog = createQueryLog();
let ctx: TestContext;
let book: TestBook;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext({}, { log: queryLog.logger, readerChangesPollMs: 60_000 });
  book = await createBook(ctx, { chapters: 5, freeChapters: 2, pagesPerChapter: 1 });
  admin = await createUser(ctx, { role: 'admin' });
  await ctx.app.readerChanges.pollNow();
});
afterAll(() => ctx.close());
afterEach(() => vi.restoreAllMocks());

const adminApi = (url: string, payload: object, method: 'POST' | 'PUT' = 'POST') =>
  ctx.app.inject({ method, url: `/api/v1/admin${url}`, headers: authHeader(admin), payload });
/** Reads chapter `number` of `from` as `user`, with the statements the read ran. */
const read = async (user: TestUser, number = 4, from: TestBook = book) => {
  const url = `/api/v1/comics/chapter_comics/${from.chapters[number - 1]!.uuid}/en-us`;
  const { result: response, queries } = await queryLog.during(() => ctx.app.inject({ url, headers: authHeader(user) }));
  const body = response.json();
  return { status: response.statusCode, code: body.code as string | undefined, result: body.data?.result, queries };
};
/** A member whose account and chapter 4 are kept in memory: their next read runs no statement. */
const warmMember = async () => {
  const user = await createUser(ctx);
  await grantMembership(ctx, user.id, { days: 30 });
  expect((await read(user)).status).toBe(200);
  expect((await read(user)).queries).toEqual([]);
  return user;
};

/** The events of `type` the app delivers while `work` runs, and what `work` answered. */
async function hearing<K extends DomainEventType, R>(type: K, work: () => Promise<R>): Promise<{ heard: DomainEvent<K>[]; answer: R }> {
  const heard: DomainEvent<K>[] = [];
  const stop = ctx.app.domainEvents.on(type, (event) => void heard.push(event));
  try {
    return { heard, answer: await work() };
  } finally {
    stop();
  }
}

/**
 * As `hearing`, but the transaction that raises `type` fails right after raising it (as a later
 * statement of it would), so it rolls back: the event must never be delivered.
 */
async function rolledBack<K extends DomainEventType, R>(type: K, work: () => Promise<R>) {
  const { domainEvents } = ctx.app;
  const raise = domainEvents.raise;
  const failing = vi.spyOn(domainEvents, 'raise').mockImplementation(async (executor, event) => {
    await raise(executor, event);
    if (event.type === type && executor.isTransaction) throw new Error(`the transaction failed after raising ${type}`);
  });
  try {
    return await hearing(type, work);
  } finally {
    failing.mockRestore();
  }
}

describe('the channel', () => {
  const key = (name: string) => `domain-events-test-${name}-${Date.now()}`;
  const writeState = (executor: typeof ctx.db, name: string) =>
    executor.insertInto('app_state').values({ state_key: name, value: 'written' }).execute();
  const readState = async (name: string) =>
    (await ctx.db.selectFrom('app_state').select('value').where('state_key', '=', name).executeTakeFirst())?.value ?? null;

  it('delivers an event raised in a transaction once, after the commit: its listeners see the change committed', async () => {
    const events = createDomainEvents(ctx.db);
    const name = key('commit');
    const seen: (string | null)[] = [];
    events.on('book-changed', async () => void seen.push(await readState(name)));
    const result = await events.transact(async (trx) => {
      await writeState(trx as unknown as typeof ctx.db, name);
      await events.raise(trx, { type: 'book-changed', bookId: 1 });
      await events.raise(trx, { type: 'book-changed', bookId: 1 });
      expect(seen).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(seen).toEqual(['written']);
  });

  it('delivers different events of one transaction each once, in the order raised', async () => {
    const events = createDomainEvents(ctx.db);
    const seen: string[] = [];
    events.on('account-changed', ({ userId }) => void seen.push(`account ${userId}`));
    events.on('membership-changed', ({ userId, memberUntil }) => void seen.push(`membership ${userId} ${memberUntil}`));
    await events.transact(async (trx) => {
      await events.raise(trx, { type: 'membership-changed', userId: 1, memberUntil: 5 });
      await events.raise(trx, { type: 'account-changed', userId: 1 });
      await events.raise(trx, { type: 'membership-changed', userId: 1, memberUntil: 5 });
      await events.raise(trx, { type: 'membership-changed', userId: 2, memberUntil: null });
    });
    expect(seen).toEqual(['membership 1 5', 'account 1', 'membership 2 null']);
  });

  it('never delivers the events of a transaction that rolled back', async () => {
    const events = createDomainEvents(ctx.db);
    const name = key('rollback');
    const seen: unknown[] = [];
    events.on('book-changed', (event) => void seen.push(event));
    const failed = events.transact(async (trx) => {
      await writeState(trx as unknown as typeof ctx.db, name);
      await events.raise(trx, { type: 'book-changed', bookId: 1 });
      throw new Error('refused after the change');
    });
    await expect(failed).rejects.toThrow('refused after the change');
    expect(seen).toEqual([]);
    expect(await readState(name)).toBeNull();
  });

  it('delivers an event raised outside a transaction at once', async () => {
    const events = createDomainEvents(ctx.db);
    const seen: unknown[] = [];
    events.on('job-queued', (event) => void seen.push(event));
    await events.raise(ctx.db, { type: 'job-queued', kind: 'test' });
    expect(seen).toEqual([{ type: 'job-queued', kind: 'test' }]);
  });

  it('refuses an event raised in a transaction it did not open (it would be lost), which rolls that transaction back', async () => {
    const events = createDomainEvents(ctx.db);
    const name = key('foreign');
    const seen: unknown[] = [];
    events.on('book-changed', (event) => void seen.push(event));
    const foreign = ctx.db.transaction().execute(async (trx) => {
      await writeState(trx as unknown as typeof ctx.db, name);
      await events.raise(trx, { type: 'book-changed', bookId: 1 });
    });
    await expect(foreign).rejects.toThrow("'book-changed' raised in a transaction not opened by transact()");
    expect(seen).toEqual([]);
    expect(await readState(name)).toBeNull();
  });

  it('refuses a content change raised outside a transaction: what moves its version must commit with it', async () => {
    const events = createDomainEvents(ctx.db);
    const seen: unknown[] = [];
    events.on('book-changed', (event) => void seen.push(event));
    for (const event of [
      { type: 'book-changed', bookId: 1 },
      { type: 'chapter-changed', bookId: 1 },
      { type: 'site-settings-changed', keys: ['site_name'] },
      { type: 'legal-text-published', kind: 'privacy', language: 'en-us' },
    ] satisfies DomainEvent[]) {
      await expect(events.raise(ctx.db, event)).rejects.toThrow(`'${event.type}' raised outside a transaction`);
    }
    expect(seen).toEqual([]);
  });

  it('a handler of several types runs once per transaction: inside it before the commit, then after it with each event once', async () => {
    const events = createDomainEvents(ctx.db);
    const name = key('handled');
    const calls: string[] = [];
    events.handle(['book-changed', 'chapter-changed'], {
      async beforeCommit(trx, raised) {
        // In the raising transaction: it sees that transaction's write (and goes through it).
        const inside = await trx.selectFrom('app_state').select('value').where('state_key', '=', name).executeTakeFirst();
        calls.push(`before ${raised.map((event) => `${event.type} ${event.bookId}`).join(', ')} (sees: ${inside?.value ?? null})`);
      },
      async afterCommit(raised) {
        calls.push(`after ${raised.length} (committed: ${await readState(name)})`);
      },
    });
    await events.transact(async (trx) => {
      await writeState(trx as unknown as typeof ctx.db, name);
      await events.raise(trx, { type: 'book-changed', bookId: 1 });
      await events.raise(trx, { type: 'chapter-changed', bookId: 1 });
      await events.raise(trx, { type: 'book-changed', bookId: 1 });
      await events.raise(trx, { type: 'book-changed', bookId: 2 });
      await events.raise(trx, { type: 'job-queued', kind: 'not handled' });
    });
    expect(calls).toEqual(['before book-changed 1, chapter-changed 1, book-changed 2 (sees: written)', 'after 3 (committed: written)']);
    await events.transact(async () => undefined);
    expect(calls).toHaveLength(2);
  });

  it("a handler's failure before the commit rolls the change back and delivers nothing", async () => {
    const events = createDomainEvents(ctx.db);
    const name = key('handler-failed');
    const seen: unknown[] = [];
    events.on('book-changed', (event) => void seen.push(event));
    events.handle(['book-changed'], {
      beforeCommit: () => Promise.reject(new Error('the version could not be written')),
      afterCommit: (raised) => void seen.push(raised),
    });
    const failed = events.transact(async (trx) => {
      await writeState(trx as unknown as typeof ctx.db, name);
      await events.raise(trx, { type: 'book-changed', bookId: 1 });
    });
    await expect(failed).rejects.toThrow('the version could not be written');
    expect(seen).toEqual([]);
    expect(await readState(name)).toBeNull();
  });

  it('tells onError of a listener that failed; the others hear the event and the change stands', async () => {
    const failures: [unknown, DomainEvent][] = [];
    const events = createDomainEvents(ctx.db, { onError: (error, event) => void failures.push([error, event]) });
    const seen: unknown[] = [];
    events.on('mail-queued', () => {
      throw new Error('listener broke');
    });
    events.on('mail-queued', (event) => void seen.push(event));
    const result = await events.transact(async (trx) => {
      await events.raise(trx, { type: 'mail-queued', uuid: 'u-1' });
      return 42;
    });
    expect(result).toBe(42);
    expect(seen).toEqual([{ type: 'mail-queued', uuid: 'u-1' }]);
    expect(failures.map(([error, event]) => [(error as Error).message, event.type])).toEqual([['listener broke', 'mail-queued']]);
  });
});

describe('membership-changed', () => {
  it("an administrator's revocation: raised once with the end left, and a read kept in memory is refused at once", async () => {
    const user = await warmMember();
    const { heard, answer } = await hearing('membership-changed', () => adminApi(`/users/${user.uuid}/revoke`, { reason: 'test' }));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(heard).toEqual([{ type: 'membership-changed', userId: user.id, memberUntil: null }]);
    const after = await read(user);
    expect(after.code).toBe('MEMBERSHIP_REQUIRED');
    expect(after.queries.length).toBeGreaterThan(0);
  });

  it('a refund: raised once, and the refunded time is refused at once', async () => {
    const user = await createUser(ctx);
    const { orderId } = await insertPaidOrder(ctx, user, 'sandbox');
    await ctx.app.readerChanges.pollNow();
    expect((await read(user)).status).toBe(200);
    expect((await read(user)).queries).toEqual([]);
    const { heard, answer } = await hearing('membership-changed', () => adminApi(`/orders/${orderId}/refund`, { reason: 'test' }));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(heard).toEqual([{ type: 'membership-changed', userId: user.id, memberUntil: null }]);
    expect((await read(user)).code).toBe('MEMBERSHIP_REQUIRED');
  });

  it("a payment: the end it carries is the grant's, the one the receipt shows (not read back)", async () => {
    const payer = await createUserWithEmail(ctx);
    const orderId = await createOrder(ctx, payer, 1);
    const { heard, answer } = await hearing('membership-changed', () => sandboxPay(ctx, payer, orderId));
    expect(answer.statusCode, answer.body).toBe(200);
    const { member_until } = await ctx.db.selectFrom('users').select('member_until').where('id', '=', payer.id).executeTakeFirstOrThrow();
    expect(heard).toEqual([{ type: 'membership-changed', userId: payer.id, memberUntil: Number(member_until) }]);
    const receipt = await ctx.db
      .selectFrom('mail_outbox')
      .select('data')
      .where('user_id', '=', payer.id)
      .where('kind', '=', 'payment-receipt')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(receipt.data).member_until).toBe(formatInstant(heard[0]!.memberUntil!, 'en-us'));
  });

  it('a revocation that rolled back raises nothing: the member is still served from memory', async () => {
    const user = await warmMember();
    const { heard, answer } = await rolledBack('membership-changed', () => adminApi(`/users/${user.uuid}/revoke`, { reason: 'test' }));
    expect(answer.statusCode).toBe(500);
    expect(heard).toEqual([]);
    expect(await read(user)).toMatchObject({ status: 200, queries: [] });
    const standing = await ctx.db
      .selectFrom('membership_grants')
      .select('id')
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(standing).toHaveLength(1);
  });
});

describe('account-changed', () => {
  it('disabling an account: raised once, and its token is refused at once', async () => {
    const user = await warmMember();
    const { heard, answer } = await hearing('account-changed', () => adminApi(`/users/${user.uuid}/disable`, { reason: 'test' }));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(heard).toEqual([{ type: 'account-changed', userId: user.id }]);
    expect((await read(user)).code).toBe('INVALID_TOKEN');
  });

  it('signing out everywhere (a write outside a transaction): raised once, after the write', async () => {
    const user = await warmMember();
    const { heard, answer } = await hearing('account-changed', () =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/user/sign_out_everywhere', headers: authHeader(user) }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(heard).toEqual([{ type: 'account-changed', userId: user.id }]);
    expect((await read(user)).code).toBe('INVALID_TOKEN');
  });

  it('a disabling that rolled back raises nothing: the account is still served from memory', async () => {
    const user = await warmMember();
    const { heard, answer } = await rolledBack('account-changed', () => adminApi(`/users/${user.uuid}/disable`, { reason: 'test' }));
    expect(answer.statusCode).toBe(500);
    expect(heard).toEqual([]);
    expect(await read(user)).toMatchObject({ status: 200, queries: [] });
  });
});

describe('chapter-like-changed', () => {
  const like = (user: TestUser) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/comics/chapter/favor',
      headers: authHeader(user),
      payload: { book_uuid: book.uuid, chapter_uuid: book.chapters[3]!.uuid },
    });
  const chapterId = async () =>
    (await ctx.db.selectFrom('chapters').select('id').where('uuid', '=', book.chapters[3]!.uuid).executeTakeFirstOrThrow()).id;

  it("a like: raised once, and the liker's flag and everyone's count move at once", async () => {
    const user = await warmMember();
    const other = await warmMember();
    const before = (await read(other)).result.total_likes as number;
    const { heard, answer } = await hearing('chapter-like-changed', () => like(user));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(heard).toEqual([{ type: 'chapter-like-changed', userId: user.id, chapterId: await chapterId() }]);
    expect((await read(user)).result).toMatchObject({ already_favor: true, total_likes: before + 1 });
    expect((await read(other)).result).toMatchObject({ already_favor: false, total_likes: before + 1 });
  });

  it('a like that rolled back raises nothing and counts nothing', async () => {
    const user = await warmMember();
    const before = (await read(user)).result.total_likes as number;
    const { heard, answer } = await rolledBack('chapter-like-changed', () => like(user));
    expect(answer.statusCode).toBe(500);
    expect(heard).toEqual([]);
    expect((await read(user)).result).toMatchObject({ already_favor: false, total_likes: before });
  });
});

describe('book-changed', () => {
  const version = async () =>
    (await ctx.db.selectFrom('app_state').select('value').where('state_key', '=', 'catalogue_version').executeTakeFirstOrThrow()).value;

  it('fewer free chapters: raised once, the version moved and broadcast to the other processes, a chapter read from memory locked at once', async () => {
    const freeBook = await createBook(ctx, { chapters: 4, freeChapters: 3, pagesPerChapter: 1 });
    const reader = await createUser(ctx);
    expect((await read(reader, 3, freeBook)).status).toBe(200);
    expect((await read(reader, 3, freeBook)).queries).toEqual([]);
    const before = await version();
    const published = vi.spyOn(ctx.app.invalidation, 'publish');
    const { heard, answer } = await hearing('book-changed', () => adminApi(`/books/${freeBook.uuid}`, { public_free_chapters: 2 }, 'PUT'));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(heard).toEqual([{ type: 'book-changed', bookId: freeBook.id }]);
    expect(await version()).not.toBe(before);
    expect(published.mock.calls).toEqual([['catalogue', await version()]]);
    expect((await read(reader, 3, freeBook)).code).toBe('MEMBERSHIP_REQUIRED');
  });

  it('a change that rolled back raises nothing: the version stays, the chapter stays free', async () => {
    const freeBook = await createBook(ctx, { chapters: 4, freeChapters: 3, pagesPerChapter: 1 });
    const reader = await createUser(ctx);
    expect((await read(reader, 3, freeBook)).status).toBe(200);
    const before = await version();
    const published = vi.spyOn(ctx.app.invalidation, 'publish');
    const { heard, answer } = await rolledBack('book-changed', () =>
      adminApi(`/books/${freeBook.uuid}`, { public_free_chapters: 2 }, 'PUT'),
    );
    expect(answer.statusCode).toBe(500);
    expect(heard).toEqual([]);
    expect(published).not.toHaveBeenCalled();
    expect(await version()).toBe(before);
    expect(await read(reader, 3, freeBook)).toMatchObject({ status: 200, queries: [] });
  });
});

describe('mail-queued', () => {
  const outboxOf = (address: string) => ctx.db.selectFrom('mail_outbox').select('uuid').where('recipient', '=', address).execute();

  it("an administrator's new address for a reader: raised once with the confirmation's outbox row, and the job runner is woken", async () => {
    const reader = await createUser(ctx);
    const address = `${reader.username}@mail.example.com`;
    const woken = vi.spyOn(ctx.app.jobs, 'wake');
    const { heard, answer } = await hearing('mail-queued', () =>
      adminApi(`/users/${reader.uuid}/email`, { email: address, reason: 'test' }, 'PUT'),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const rows = await outboxOf(address);
    expect(rows).toHaveLength(1);
    expect(heard).toEqual([{ type: 'mail-queued', uuid: rows[0]!.uuid }]);
    expect(woken).toHaveBeenCalledTimes(1);
  });

  it('a message whose transaction rolled back raises nothing and wakes nothing', async () => {
    const reader = await createUser(ctx);
    const address = `${reader.username}@mail.example.com`;
    const woken = vi.spyOn(ctx.app.jobs, 'wake');
    const { heard, answer } = await rolledBack('mail-queued', () =>
      adminApi(`/users/${reader.uuid}/email`, { email: address, reason: 'test' }, 'PUT'),
    );
    expect(answer.statusCode).toBe(500);
    expect(heard).toEqual([]);
    expect(woken).not.toHaveBeenCalled();
    expect(await outboxOf(address)).toEqual([]);
  });
});

describe('job-queued', () => {
  /** An unpublished chapter of a new book, ready to be scheduled. */
  const draftChapter = async () => {
    const draft = await createBook(ctx, { chapters: 2, freeChapters: 1, pagesPerChapter: 1 });
    const uuid = draft.chapters[1]!.uuid;
    expect((await adminApi(`/chapters/${uuid}/unpublish`, {})).statusCode).toBe(200);
    return uuid;
  };
  const schedule = (uuid: string) =>
    adminApi(`/chapters/${uuid}/schedule`, { publish_at: new Date(Date.now() + 86_400_000).toISOString() }, 'PUT');
  const jobsOf = (uuid: string) =>
    ctx.db.selectFrom('jobs').select('kind').where('kind', '=', 'publish_chapter').where('payload', 'like', `%${uuid}%`).execute();

  it("a scheduled release: raised once with the job's kind, and the job runner is woken", async () => {
    const uuid = await draftChapter();
    const woken = vi.spyOn(ctx.app.jobs, 'wake');
    const { heard, answer } = await hearing('job-queued', () => schedule(uuid));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(heard).toEqual([{ type: 'job-queued', kind: 'publish_chapter' }]);
    expect(woken).toHaveBeenCalledTimes(1);
    expect(await jobsOf(uuid)).toHaveLength(1);
  });

  it('a schedule that rolled back raises nothing and leaves no job', async () => {
    const uuid = await draftChapter();
    const woken = vi.spyOn(ctx.app.jobs, 'wake');
    const { heard, answer } = await rolledBack('job-queued', () => schedule(uuid));
    expect(answer.statusCode).toBe(500);
    expect(heard).toEqual([]);
    expect(woken).not.toHaveBeenCalled();
    expect(await jobsOf(uuid)).toEqual([]);
  });
});

describe('reply-alert-recorded', () => {
  const comment = (user: TestUser, body: string, parentUuid?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/comics/chapter/${book.chapters[0]!.uuid}/comments`,
      headers: authHeader(user),
      payload: { body, ...(parentUuid ? { parent_uuid: parentUuid } : {}) },
    });
  const topComment = async () => {
    const author = await createUser(ctx);
    const top = await comment(author, `a comment ${Date.now()}`);
    expect(top.statusCode, top.body).toBe(201);
    return { author, uuid: top.json().data.result.comment_uuid as string };
  };
  const alertsOf = (user: TestUser) => ctx.db.selectFrom('comment_alerts').select('id').where('user_id', '=', user.id).execute();

  it("a reply to someone else's comment: raised once with the alert it recorded", async () => {
    const { author, uuid } = await topComment();
    const { heard, answer } = await hearing('reply-alert-recorded', async () =>
      comment(await createUser(ctx), `a reply ${Date.now()}`, uuid),
    );
    expect(answer.statusCode, answer.body).toBe(201);
    const alerts = await alertsOf(author);
    expect(alerts).toHaveLength(1);
    expect(heard).toEqual([{ type: 'reply-alert-recorded', alertId: alerts[0]!.id }]);
  });

  it('a reply that rolled back raises nothing and leaves no alert', async () => {
    const { author, uuid } = await topComment();
    const { heard, answer } = await rolledBack('reply-alert-recorded', async () =>
      comment(await createUser(ctx), `a reply ${Date.now()}`, uuid),
    );
    expect(answer.statusCode).toBe(500);
    expect(heard).toEqual([]);
    expect(await alertsOf(author)).toEqual([]);
  });
});

describe('rating-changed', () => {
  const rate = (user: TestUser, rated: TestBook, score: number) =>
    ctx.app.inject({ method: 'PUT', url: `/api/v1/comics/book/${rated.uuid}/rating`, headers: authHeader(user), payload: { score } });
  /** The Bayesian average a book of `sum` over `count` ratings must show with the catalogue's mean as the database has it now. */
  const expectedBayesian = async (sum: number, count: number) => {
    const all = await sumPublishedRatings(ctx.db);
    return bayesianAverage(sum, count, all.count > 0 ? all.sum / all.count : MIDPOINT_MEAN);
  };

  it("a rating: raised once with how the book's sum and count moved, and this node's mean follows at once", async () => {
    const rated = await createBook(ctx, { chapters: 1 });
    // The mean is kept from here on (read at most once a minute): only the event moves it now.
    expect((await ctx.app.inject({ url: `/api/v1/comics/book/${rated.uuid}/rating` })).statusCode).toBe(200);
    const { heard, answer } = await hearing('rating-changed', async () => rate(await createUser(ctx), rated, 10));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(heard).toEqual([{ type: 'rating-changed', bookId: rated.id, sumDelta: 10, countDelta: 1 }]);
    expect(answer.json().data.result.bayesian).toBeCloseTo((await expectedBayesian(10, 1))!, 9);
  });

  it('a rating that rolled back raises nothing: neither the book nor the mean moves', async () => {
    const rated = await createBook(ctx, { chapters: 1 });
    const { heard, answer } = await rolledBack('rating-changed', async () => rate(await createUser(ctx), rated, 1));
    expect(answer.statusCode).toBe(500);
    expect(heard).toEqual([]);
    const after = await rate(await createUser(ctx), rated, 4);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().data.result).toMatchObject({ count: 1 });
    expect(after.json().data.result.bayesian).toBeCloseTo((await expectedBayesian(4, 1))!, 9);
  });
});
