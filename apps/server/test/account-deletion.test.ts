import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAuditService } from '../src/modules/audit/audit.service.js';
import { createCoinLedger } from '../src/modules/coins/coin-ledger.js';
import { ERASURE_TABLES } from '../src/modules/data-rights/deletion/erasure-tables.js';
import { ACCOUNT_ERASE_JOB, createErasure } from '../src/modules/data-rights/deletion/erasure.js';
import { pseudonymOf } from '../src/modules/data-rights/deletion/pseudonym.js';
import { createHousekeeping } from '../src/modules/housekeeping/housekeeping.js';
import { createMembershipService } from '../src/modules/membership/membership.service.js';
import { createCheckoutTokens } from '../src/modules/payments/checkout-token.js';
import { createOrderLedger } from '../src/modules/payments/order-ledger.js';
import { makeDeletionDue, pendingDeletionOf } from './helpers/account-erasure.js';
import { adminCli } from './helpers/admin-cli.js';
import { createAdminContext } from './helpers/admin-context.js';
import { createComment } from './helpers/community-fixtures.js';
import { callApi, createBook, createUser, createUserWithEmail, nextClientIp, type TestBook, type TestUser } from './helpers/factories.js';
import { createPack, turnCoinsOn } from './helpers/coin-flows.js';
import { makeFeedKey } from './helpers/feed-keys.js';
import { insertPaidOrder } from './helpers/payment-flows.js';
import { personalTraces, userForeignKeys } from './helpers/schema-columns.js';
import { TEST_DIALECT, type TestContext } from './helpers/test-context.js';
import { enableTwoStep, totpCodeAt } from './helpers/two-step.js';
import { consoleTitles } from '../src/modules/catalogue/console-titles.js';

/**
 * "Delete my account" (issue 43, docs/ACCOUNTS.md "Deleting your account"): the request and its
 * checks, the 14-day grace period a login ends, the erasure (what goes, what stays pseudonymised,
 * counts and averages), a resumed erasure, payments in the grace period and after, the races on
 * PostgreSQL, the operator's start and cancel, and the CLI. The clock is moved, never waited on.
 */
const DAY = 86_400_000;
let ctx: TestContext;
let admin: TestUser;
let book: TestBook;

beforeAll(async () => {
  ({ ctx, admin } = await createAdminContext());
  book = await createBook(ctx, { chapters: 3, freeChapters: 3, pagesPerChapter: 1 });
}, 60_000);
afterAll(() => ctx?.close());
afterEach(() => {
  vi.useRealTimers();
});

const api = (user: { token: string } | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  callApi(ctx, method, url, user, payload);
const requestDeletion = (user: TestUser, extra: Record<string, unknown> = {}) =>
  api(user, 'POST', '/user/deletion', { password: user.password, comments: 'remove', ...extra });
const login = (user: TestUser, extra: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user/login',
    payload: { username: user.username, password: user.password, ...extra },
    remoteAddress: nextClientIp(),
  });
const chapter = (n: number) => book.chapters[n - 1]!;
const outbox = (kind: string, recipient: string) =>
  ctx.db.selectFrom('mail_outbox').selectAll().where('kind', '=', kind).where('recipient_key', '=', recipient.toLowerCase()).execute();
/** The farewell messages (`account-erased`) queued after outbox row `afterId`: sent ones no longer name their address. */
const farewellsAfter = (afterId: number) =>
  ctx.db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'account-erased').where('id', '>', afterId).execute();
const lastOutboxId = () =>
  ctx.db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst()
    .then((row) => Number(row?.id ?? 0));
const userRow = (id: number) => ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const pendingOf = (userId: number) => pendingDeletionOf(ctx, userId);
const count = async (table: 'comments' | 'book_follows' | 'chapter_likes' | 'book_ratings' | 'payment_orders', userId: number) =>
  Number(
    (
      await ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The request's time has come: its erase_at and its job's run_at are moved to now. */
const makeDue = (userId: number) => makeDeletionDue(ctx, userId);

/** An erasure of its own (the job's code), for the tests that run it by hand or break it. */
function erasureWith(audit: ReturnType<typeof createAuditService> = createAuditService({ db: ctx.db, bookTitles: consoleTitles })) {
  return createErasure({
    db: ctx.db,
    domainEvents: ctx.app.domainEvents,
    membership: createMembershipService({ db: ctx.db, domainEvents: ctx.app.domainEvents }),

    audit,
  });
}

/** The provider's confirmation of a paid order, through the one ledger every provider uses. */
function ledger() {
  const membership = createMembershipService({ db: ctx.db, domainEvents: ctx.app.domainEvents });
  return createOrderLedger({ domainEvents: ctx.app.domainEvents, membership, coins: createCoinLedger(), inviteRewardDays: 0 });
}

async function createOrder(user: TestUser): Promise<string> {
  const created = await api(user, 'POST', '/payment/wechat/payment/china_book_membership/create', { months: 1 });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().data.order_id as string;
}

/** The sandbox payer confirms through the checkout link (the account's token is gone by then). */
async function payByLink(orderId: string) {
  const order = await ctx.db.selectFrom('payment_orders').select('expires_at').where('order_id', '=', orderId).executeTakeFirstOrThrow();
  const token = createCheckoutTokens(ctx.config.jwtSecret).issue(orderId, Number(order.expires_at));
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/payment/sandbox/orders/${orderId}/pay?checkout_token=${token}`,
    payload: { outcome: 'succeeded' },
    remoteAddress: nextClientIp(),
  });
}

describe(`asking to delete the account (${TEST_DIALECT})`, () => {
  it('says what would be lost before the reader confirms', async () => {
    const reader = await createUser(ctx);
    await insertPaidOrder(ctx, reader, 'sandbox');
    const info = await api(reader, 'GET', '/user/deletion');
    expect(info.statusCode, info.body).toBe(200);
    const { consequences, grace_days } = info.json().data;
    expect(grace_days).toBe(14);
    expect(consequences).toMatchObject({ coins: 0, comments: 0, reviews: 0, ratings: 0, paid_orders: 1 });
    // The paid month's end: the time that would be lost.
    expect(consequences.member_until).toBeGreaterThan(Date.now());
    expect((await api(null, 'GET', '/user/deletion')).statusCode).toBe(401);
  });

  it('counts reviews (a rating with a text) apart from score-only ratings (issue 56: 2 scores were "comments and reviews (2)")', async () => {
    const reader = await createUser(ctx);
    const books = [book, await createBook(ctx, { chapters: 1 }), await createBook(ctx, { chapters: 1 })];
    const now = Date.now();
    const reviews = [null, null, 'A slow start, then wonderful.'];
    await ctx.db
      .insertInto('book_ratings')
      .values(
        books.map((b, index) => ({
          book_id: b.id,
          user_id: reader.id,
          score: 8,
          review: reviews[index]!,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const { consequences } = (await api(reader, 'GET', '/user/deletion')).json().data;
    expect(consequences).toMatchObject({ comments: 0, reviews: 1, ratings: 2 });
  });

  it('refuses a wrong password, a bad body, and asks for the two-step code where it is on', async () => {
    const reader = await createUser(ctx);
    const wrong = await requestDeletion(reader, { password: 'not-the-password' });
    expect([wrong.statusCode, wrong.json().code]).toEqual([403, 'WRONG_PASSWORD']);
    const bad = await requestDeletion(reader, { comments: 'shred' });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await pendingOf(reader.id)).toBeUndefined();

    const careful = await createUser(ctx);
    const { secret } = await enableTwoStep(ctx, careful);
    const noCode = await requestDeletion(careful);
    expect([noCode.statusCode, noCode.json().code]).toEqual([403, 'TOTP_REQUIRED']);
    const badCode = await requestDeletion(careful, { code: '000000' });
    expect([badCode.statusCode, badCode.json().code]).toEqual([400, 'INVALID_TOTP']);
    const ok = await requestDeletion(careful, { code: await totpCodeAt(secret, 1) });
    expect(ok.statusCode, ok.body).toBe(202);
  });

  it("refuses an administrator's own account (another administrator makes it a reader's first)", async () => {
    const answer = await requestDeletion(admin);
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json().code).toBe('CONFLICT');
    expect(await pendingOf(admin.id)).toBeUndefined();
  });

  it('schedules the erasure in 14 days, signs the reader out everywhere (apps too) and tells them by mail', async () => {
    const reader = await createUserWithEmail(ctx);
    await makeFeedKey(ctx, reader);
    const before = Date.now();
    const response = await requestDeletion(reader, { comments: 'keep' });
    expect(response.statusCode, response.body).toBe(202);
    const { deletion } = response.json().data;
    expect(deletion.comments).toBe('keep');
    expect(deletion.erase_at - deletion.requested_at).toBe(14 * DAY);
    expect(deletion.requested_at).toBeGreaterThanOrEqual(before);
    // The token used a moment ago, and the app's feed key, stop at once.
    expect((await api(reader, 'GET', '/user/me')).statusCode).toBe(401);
    const keys = await ctx.db.selectFrom('feed_keys').select('revoked_at').where('user_id', '=', reader.id).execute();
    expect(keys.map((k) => k.revoked_at !== null)).toEqual([true]);
    const mails = await outbox('account-deletion-scheduled', reader.email);
    expect(mails).toHaveLength(1);
    expect(JSON.parse(mails[0]!.data)).toMatchObject({ username: reader.username, days: 14 });
    const job = await ctx.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', ACCOUNT_ERASE_JOB)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(Number(job.run_at)).toBe(deletion.erase_at);
  });
});

describe(`the grace period (${TEST_DIALECT})`, () => {
  it('a login cancels the deletion (said in the answer and by mail); the job then erases nothing', async () => {
    const reader = await createUserWithEmail(ctx);
    expect((await requestDeletion(reader)).statusCode).toBe(202);
    const back = await login(reader);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({ username: reader.username, deletion_cancelled: true });
    const token = back.json().data.jwt_token as string;
    expect((await api({ token }, 'GET', '/user/me')).statusCode).toBe(200);
    expect(await pendingOf(reader.id)).toBeUndefined();
    expect(await outbox('account-deletion-cancelled', reader.email)).toHaveLength(1);
    // Only the login that cancelled says so.
    expect((await login(reader)).json().data).not.toHaveProperty('deletion_cancelled');

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    vi.setSystemTime(Date.now() + 15 * DAY);
    await ctx.app.jobs.drain();
    vi.useRealTimers();
    expect((await userRow(reader.id)).erased_at).toBeNull();
    expect((await login(reader)).statusCode).toBe(200);
  });
});

describe(`the erasure (${TEST_DIALECT})`, () => {
  it('removes what is personal, keeps the ledger pseudonymised, and keeps counts and averages right', async () => {
    const reader = await createUserWithEmail(ctx);
    const other = await createUser(ctx);
    const chapterId = chapter(1).id;
    // What a reader leaves behind.
    await makeFeedKey(ctx, reader);
    expect((await api(reader, 'PUT', `/user/follows/${book.uuid}`)).statusCode).toBe(200);
    const favor = { book_uuid: book.uuid, chapter_uuid: chapter(1).uuid };
    expect((await api(reader, 'POST', '/comics/chapter/favor', favor)).statusCode).toBe(200);
    expect((await api(other, 'POST', '/comics/chapter/favor', favor)).statusCode).toBe(200);
    const progress = { progress: [{ book_uuid: book.uuid, chapter_uuid: chapter(1).uuid, page_index: 0, finished: true }] };
    expect((await api(reader, 'POST', '/reader/progress', progress)).statusCode).toBe(200);
    expect((await api(reader, 'PUT', `/comics/book/${book.uuid}/rating`, { score: 2 })).statusCode).toBe(200);
    expect((await api(other, 'PUT', `/comics/book/${book.uuid}/rating`, { score: 8 })).statusCode).toBe(200);
    const mine = await createComment(ctx, { chapterId, userId: reader.id, body: 'my words' });
    const replyToMine = await createComment(ctx, { chapterId, userId: other.id, parentId: mine.id });
    const theirs = await createComment(ctx, { chapterId, userId: other.id });
    const myReply = await createComment(ctx, { chapterId, userId: reader.id, parentId: theirs.id });
    expect((await api(reader, 'POST', `/comics/comment/${theirs.uuid}/like`)).statusCode).toBe(200);
    await ctx.db
      .insertInto('push_subscriptions')
      .values({ user_id: reader.id, endpoint: 'https://push.example/x', p256dh: 'k', auth: 'a', language: 'en-us', created_at: Date.now() })
      .execute();
    await ctx.db
      .insertInto('reading_event_days')
      .values({ reader_key: `user:${reader.id}`, event_type: 'open_book', target_id: book.id, day: 1 })
      .execute();
    const { orderId } = await insertPaidOrder(ctx, reader, 'sandbox');
    await ctx.db
      .updateTable('membership_grants')
      .set({ note: `goodwill for ${reader.username}` })
      .where('source_ref', '=', orderId)
      .execute();
    await ctx.db
      .insertInto('payment_events')
      .values({
        provider: 'sandbox',
        event_id: `resolve:${orderId}`,
        received_at: Date.now(),
        order_id: orderId,
        event_type: 'incident.resolve',
        summary: `granted to ${reader.username} by ${admin.username}`,
      })
      .execute();
    await ctx.db
      .insertInto('payment_incidents')
      .values({
        provider: 'stripe',
        reference: `cs_${reader.id}`,
        kind: 'unknown_user',
        plan: 'month',
        detail: JSON.stringify({ email: reader.email.toUpperCase(), amount: 1000 }),
        created_at: Date.now(),
        resolved_at: null,
        resolution: null,
      })
      .execute();
    await ctx.db
      .insertInto('audit_log')
      .values({
        actor_user_id: admin.id,
        actor_name: admin.username,
        action: 'membership.grant',
        target_type: 'user',
        target_id: reader.uuid,
        before_json: null,
        after_json: JSON.stringify({ username: reader.username, email: reader.email, days: 3 }),
        created_at: Date.now(),
      })
      .execute();
    const chapterLikes = async () =>
      (await ctx.db.selectFrom('chapters').select('total_likes').where('id', '=', chapterId).executeTakeFirstOrThrow()).total_likes;
    const comment = (id: number) => ctx.db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const counts = () =>
      ctx.db.selectFrom('chapters').select(['comments_count', 'top_comments_count']).where('id', '=', chapterId).executeTakeFirstOrThrow();
    expect(await chapterLikes()).toBe(2);
    const countsBefore = await counts();

    expect((await requestDeletion(reader)).statusCode).toBe(202);
    const beforeErasure = await lastOutboxId();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    vi.setSystemTime(Date.now() + 14 * DAY + 1000);
    await ctx.app.jobs.drain();
    vi.useRealTimers();

    const pseudonym = pseudonymOf(reader.uuid);
    const row = await userRow(reader.id);
    expect(row).toMatchObject({
      uuid: reader.uuid,
      username: pseudonym,
      username_key: pseudonym,
      email: null,
      email_key: null,
      totp_secret: null,
    });
    expect(row.erased_at).not.toBeNull();
    expect(row.disabled_at).not.toBeNull();
    expect((await login(reader)).statusCode).toBe(401);
    // Gone.
    for (const table of ['book_follows', 'chapter_likes', 'book_ratings'] as const) expect(await count(table, reader.id), table).toBe(0);
    for (const table of ['feed_keys', 'push_subscriptions', 'comment_likes'] as const) {
      const left = await ctx.db.selectFrom(table).select('user_id').where('user_id', '=', reader.id).execute();
      expect(left, table).toEqual([]);
    }
    for (const table of ['reading_progress', 'chapter_reads'] as const) {
      expect(await ctx.db.selectFrom(table).select('reader_key').where('reader_key', '=', `u:${reader.id}`).execute(), table).toEqual([]);
    }
    expect(await ctx.db.selectFrom('reading_event_days').selectAll().where('reader_key', '=', `user:${reader.id}`).execute()).toEqual([]);
    // Counts and averages without the reader.
    expect(await chapterLikes()).toBe(1);
    expect((await comment(theirs.id)).likes).toBe(0);
    const bookRow = await ctx.db
      .selectFrom('books')
      .select(['rating_count', 'rating_sum'])
      .where('id', '=', book.id)
      .executeTakeFirstOrThrow();
    expect(bookRow).toEqual({ rating_count: 1, rating_sum: 8 });
    // Comments removed: the top-level one is a tombstone (it has a reply), the reply is gone from the counts.
    expect(await comment(mine.id)).toMatchObject({ state: 'deleted', body: '', body_hash: '' });
    expect(await comment(myReply.id)).toMatchObject({ state: 'deleted', body: '' });
    expect((await comment(replyToMine.id)).state).toBe('visible');
    expect((await comment(theirs.id)).replies_count).toBe(0);
    expect(await counts()).toEqual({
      comments_count: countsBefore.comments_count - 2,
      top_comments_count: countsBefore.top_comments_count - 1,
    });
    // Kept, pseudonymised: the ledger names the row that now has only the pseudonym.
    const order = await ctx.db
      .selectFrom('payment_orders')
      .select(['user_id', 'status'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ user_id: reader.id, status: 'paid' });
    // The time left was lost: the grant stays in the ledger, revoked.
    const grant = await ctx.db
      .selectFrom('membership_grants')
      .select('revoked_at')
      .where('source_ref', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(grant.revoked_at).not.toBeNull();
    expect(row.member_until).toBeNull();
    const note = await ctx.db.selectFrom('membership_grants').select('note').where('source_ref', '=', orderId).executeTakeFirstOrThrow();
    expect(note.note).toBe(`goodwill for ${pseudonym}`);
    const event = await ctx.db
      .selectFrom('payment_events')
      .select('summary')
      .where('event_id', '=', `resolve:${orderId}`)
      .executeTakeFirstOrThrow();
    expect(event.summary).toBe(`granted to ${pseudonym} by ${admin.username}`);
    const incident = await ctx.db
      .selectFrom('payment_incidents')
      .select('detail')
      .where('reference', '=', `cs_${reader.id}`)
      .executeTakeFirstOrThrow();
    expect(incident.detail.toLowerCase()).not.toContain(reader.email.toLowerCase());
    const audits = await ctx.db.selectFrom('audit_log').selectAll().where('target_id', 'in', [reader.uuid, pseudonym]).execute();
    expect(audits.map((a) => a.action).sort()).toEqual(['membership.grant', 'user.erase']);
    for (const entry of audits) {
      const text = JSON.stringify(entry).toLowerCase();
      expect(text).not.toContain(reader.username.toLowerCase());
      expect(text).not.toContain(reader.email.toLowerCase());
    }
    expect(audits.find((a) => a.action === 'user.erase')).toMatchObject({ target_id: pseudonym, actor_name: 'erasure' });
    // Mail: the reader's rows lost their address; the last message went to the former address,
    // linked to no account, and forgot the address once sent.
    const erased = await farewellsAfter(beforeErasure);
    expect(erased).toHaveLength(1);
    expect(erased[0]).toMatchObject({ user_id: null, state: 'sent', recipient: '', recipient_key: '', data: '{}' });
    expect(await ctx.db.selectFrom('mail_outbox').select('id').where('user_id', '=', reader.id).execute()).toEqual([]);
    expect(await outbox('account-deletion-scheduled', reader.email)).toEqual([]);
    expect(
      await ctx.db.selectFrom('account_deletions').select('erased_at').where('user_id', '=', reader.id).executeTakeFirstOrThrow(),
    ).not.toMatchObject({
      erased_at: null,
    });
    // The whole database, cell by cell: the name, the address and the reader keys are nowhere (the
    // last message forgot its address and greeting once sent); every row still pointing at the
    // account is in a table the erasure map says is kept or pseudonymised.
    const traces = await personalTraces(ctx.db, [reader.username, reader.email], [`u:${reader.id}`, `user:${reader.id}`]);
    expect(traces).toEqual([]);
    const pointing: string[] = [];
    for (const { table, column } of await userForeignKeys(ctx.db)) {
      const rows = await ctx.db
        .selectFrom(table as 'users')
        .select(sql.ref(column).as('ref'))
        .where(sql.ref(column), '=', reader.id)
        .execute();
      if (rows.length > 0 && !/^(kept|pseudonymised)/.test(ERASURE_TABLES[table] ?? '')) pointing.push(`${table}.${column}`);
    }
    expect(pointing).toEqual([]);
  });

  it('keeps the comments where the reader chose so, shown as a deleted reader under the pseudonym', async () => {
    const reader = await createUser(ctx);
    const kept = await createComment(ctx, { chapterId: chapter(2).id, userId: reader.id, body: 'still here' });
    expect((await requestDeletion(reader, { comments: 'keep' })).statusCode).toBe(202);
    await makeDue(reader.id);
    await ctx.app.jobs.drain();
    expect((await userRow(reader.id)).erased_at).not.toBeNull();
    const list = await api(null, 'GET', `/comics/chapter/${chapter(2).uuid}/comments`);
    const shown = (list.json().data.result as { comment_uuid: string; body: string; user: unknown }[]).find(
      (c) => c.comment_uuid === kept.uuid,
    );
    expect(shown).toMatchObject({
      body: 'still here',
      user: { uuid: reader.uuid, username: pseudonymOf(reader.uuid), deleted_reader: true },
    });
  });

  it('never half-erases: an erasure that fails rolls back, and a job whose node died is taken over and finishes', async () => {
    const reader = await createUserWithEmail(ctx);
    expect((await api(reader, 'PUT', `/user/follows/${book.uuid}`)).statusCode).toBe(200);
    expect((await requestDeletion(reader)).statusCode).toBe(202);
    const deletionId = await makeDue(reader.id);
    const beforeErasure = await lastOutboxId();
    // A node that fails at the end (the audit entry): nothing of the erasure stays.
    const failing = createAuditService({ db: ctx.db, bookTitles: consoleTitles });
    const broken = erasureWith({ ...failing, recordWithin: () => Promise.reject(new Error('node died')) });
    await expect(broken.erase(deletionId)).rejects.toThrow('node died');
    expect(await count('book_follows', reader.id)).toBe(1);
    expect((await userRow(reader.id)).username).toBe(reader.username);
    // The job was claimed by a node that stopped renewing its lease: another takes it over.
    await ctx.db
      .updateTable('jobs')
      .set({ state: 'running', lease_owner: 'node-dead', lease_until: Date.now() - 1, attempts: 1 })
      .where('kind', '=', ACCOUNT_ERASE_JOB)
      .where('payload', '=', JSON.stringify({ deletion_id: deletionId }))
      .execute();
    await ctx.app.jobs.drain();
    expect(await count('book_follows', reader.id)).toBe(0);
    expect((await userRow(reader.id)).username).toBe(pseudonymOf(reader.uuid));
    // Again: nothing more happens (one user.erase entry, one mail).
    expect(await erasureWith().erase(deletionId)).toBe('already-erased');
    expect(await farewellsAfter(beforeErasure)).toHaveLength(1);
  });

  it('the housekeeping pass erases a due account whose job was lost', async () => {
    const reader = await createUser(ctx);
    expect((await requestDeletion(reader)).statusCode).toBe(202);
    const deletionId = await makeDue(reader.id);
    await ctx.db
      .deleteFrom('jobs')
      .where('kind', '=', ACCOUNT_ERASE_JOB)
      .where('payload', '=', JSON.stringify({ deletion_id: deletionId }))
      .execute();
    const erasure = erasureWith();
    const housekeeping = createHousekeeping({
      db: ctx.db,
      domainEvents: ctx.app.domainEvents,
      log: { warn: () => undefined, error: () => undefined },
      eraseDueAccounts: () => erasure.eraseDue(),
    });
    const run = await housekeeping.runOnce();
    await housekeeping.stop();
    expect(run?.erasures).toBeGreaterThanOrEqual(1);
    expect((await userRow(reader.id)).erased_at).not.toBeNull();
  });
});

describe(`payments of a leaving account (${TEST_DIALECT})`, () => {
  it('records a payment in the grace period as any other', async () => {
    const reader = await createUser(ctx);
    const orderId = await createOrder(reader);
    expect((await requestDeletion(reader)).statusCode).toBe(202);
    const paid = await payByLink(orderId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.result).toEqual({ completed: true, status: 'succeeded' });
    expect(await ctx.db.selectFrom('payment_incidents').select('id').where('reference', '=', orderId).execute()).toEqual([]);
    expect((await userRow(reader.id)).member_until).not.toBeNull();
  });

  it('records a payment after the erasure once, and flags it for refund without personal data', async () => {
    const reader = await createUserWithEmail(ctx);
    const orderId = await createOrder(reader);
    expect((await requestDeletion(reader)).statusCode).toBe(202);
    await makeDue(reader.id);
    await ctx.app.jobs.drain();
    expect((await userRow(reader.id)).erased_at).not.toBeNull();
    const paid = await payByLink(orderId);
    expect(paid.statusCode, paid.body).toBe(200);
    // The provider tells again: still one payment, one incident.
    const { amount_fen } = await ctx.db
      .selectFrom('payment_orders')
      .select('amount_fen')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(await ledger().complete(orderId, { txnId: `sandbox-${orderId}`, amountFen: amount_fen })).toBe(false);
    const order = await ctx.db
      .selectFrom('payment_orders')
      .select(['status', 'user_id'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'paid', user_id: reader.id });
    const incidents = await ctx.db.selectFrom('payment_incidents').selectAll().where('reference', '=', orderId).execute();
    expect(incidents).toHaveLength(1);
    expect(incidents[0]).toMatchObject({ kind: 'erased_account', provider: 'sandbox', resolved_at: null });
    const detail = incidents[0]!.detail.toLowerCase();
    expect(detail).not.toContain(reader.email.toLowerCase());
    expect(detail).not.toContain(reader.username.toLowerCase());
    // No receipt goes to the former address.
    expect(await outbox('payment-receipt', reader.email)).toEqual([]);
  });
});

describe(`payments after the erasure credit nothing (${TEST_DIALECT})`, () => {
  it("gives an erased account neither a pack's coins nor a plan's months; refunding them takes back only the money", async () => {
    await turnCoinsOn(ctx, admin);
    const packId = await createPack(ctx, { coins: 300, bonus: 50, priceFen: 3000 });
    const reader = await createUserWithEmail(ctx);
    const monthsOrder = await createOrder(reader);
    const packCreated = await api(reader, 'POST', '/payment/wechat/payment/china_book_membership/create', { pack: packId });
    expect(packCreated.statusCode, packCreated.body).toBe(200);
    const packOrder = packCreated.json().data.order_id as string;
    expect((await requestDeletion(reader)).statusCode).toBe(202);
    await makeDue(reader.id);
    await ctx.app.jobs.drain();
    expect((await userRow(reader.id)).erased_at).not.toBeNull();

    for (const orderId of [monthsOrder, packOrder]) {
      const paid = await payByLink(orderId);
      expect(paid.statusCode, paid.body).toBe(200);
      const incidents = await ctx.db.selectFrom('payment_incidents').select('kind').where('reference', '=', orderId).execute();
      expect(incidents).toEqual([{ kind: 'erased_account' }]);
    }
    const statuses = await ctx.db.selectFrom('payment_orders').select('status').where('user_id', '=', reader.id).execute();
    expect(statuses).toEqual([{ status: 'paid' }, { status: 'paid' }]);
    // Nothing was credited: no coins owed to the account, no membership time.
    const lots = await ctx.db.selectFrom('coin_lots').select('id').where('user_id', '=', reader.id).execute();
    const entries = await ctx.db.selectFrom('coin_entries').select('id').where('user_id', '=', reader.id).execute();
    const grants = await ctx.db.selectFrom('membership_grants').select('id').where('user_id', '=', reader.id).execute();
    expect({ lots, entries, grants }).toEqual({ lots: [], entries: [], grants: [] });
    expect((await userRow(reader.id)).member_until).toBeNull();

    // The console's refund of each: the order becomes refunded, and there is nothing else to take back.
    for (const orderId of [monthsOrder, packOrder]) expect(await ledger().refund(orderId)).toBe(true);
    const refunded = await ctx.db.selectFrom('payment_orders').select('status').where('user_id', '=', reader.id).execute();
    expect(refunded).toEqual([{ status: 'refunded' }, { status: 'refunded' }]);
    expect(await ctx.db.selectFrom('coin_entries').select('id').where('user_id', '=', reader.id).execute()).toEqual([]);
  });
});

describe(`the operator (${TEST_DIALECT})`, () => {
  it('starts a deletion for a reader and cancels it at their request, both audited; lists pending and erased ones', async () => {
    const reader = await createUserWithEmail(ctx);
    const start = await api(admin, 'POST', `/admin/users/${reader.uuid}/deletion`, { reason: 'asked by e-mail', comments: 'keep' });
    expect(start.statusCode, start.body).toBe(202);
    expect(start.json().data.deletion.comments).toBe('keep');
    const again = await api(admin, 'POST', `/admin/users/${reader.uuid}/deletion`, { reason: 'twice', comments: 'keep' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'DELETION_PENDING']);
    expect((await api(reader, 'GET', '/user/me')).statusCode).toBe(401);
    const pending = await api(admin, 'GET', '/admin/deletions');
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json().data.items).toContainEqual(
      expect.objectContaining({
        user_uuid: reader.uuid,
        name: reader.username,
        requested_by: 'operator',
        comments: 'keep',
        reason: 'asked by e-mail',
        erased_at: null,
      }),
    );
    const cancel = await api(admin, 'DELETE', `/admin/users/${reader.uuid}/deletion`, { reason: 'changed their mind' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toEqual({ data: { cancelled: true } });
    const none = await api(admin, 'DELETE', `/admin/users/${reader.uuid}/deletion`, { reason: 'again' });
    expect([none.statusCode, none.json().code]).toEqual([404, 'DELETION_NOT_FOUND']);
    const actions = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_name'])
      .where('target_id', '=', reader.uuid)
      .orderBy('id')
      .execute();
    expect(actions).toEqual([
      { action: 'user.deletion_request', actor_name: admin.username },
      { action: 'user.deletion_cancel', actor_name: admin.username },
    ]);
    expect(await outbox('account-deletion-cancelled', reader.email)).toHaveLength(1);
    const unknown = await api(admin, 'POST', '/admin/users/00000000-0000-4000-8000-000000000000/deletion', {
      reason: 'x',
      comments: 'remove',
    });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'USER_NOT_FOUND']);
    expect((await api(reader, 'GET', '/admin/deletions')).statusCode).toBe(401);
    const erasedList = await api(admin, 'GET', '/admin/deletions?state=erased');
    expect(erasedList.statusCode).toBe(200);
    for (const item of erasedList.json().data.items as { name: string; erased_at: number | null }[]) {
      expect(item.name).toMatch(/^deleted-[0-9a-f]{12}$/);
      expect(item.erased_at).not.toBeNull();
    }
    expect((await api(admin, 'GET', '/admin/deletions?cursor=bad!')).statusCode).toBe(400);
  });

  it('does the same from the command line', async () => {
    const reader = await createUser(ctx);
    const cli = adminCli(ctx);
    const started = await cli('user', 'delete', reader.username, '--reason', 'by phone', '--comments', 'keep');
    expect(started.code, started.err).toBe(0);
    expect(started.out).toContain('erased at');
    const listed = await cli('deletions');
    expect(listed.out).toContain(reader.uuid);
    const noReason = await cli('user', 'delete-cancel', reader.username);
    expect(noReason.code).toBe(2);
    const cancelled = await cli('user', 'delete-cancel', reader.uuid, '--reason', 'by phone again');
    expect(cancelled.code, cancelled.err).toBe(0);
    expect(await pendingOf(reader.id)).toBeUndefined();
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_name'])
      .where('target_id', '=', reader.uuid)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'user.deletion_request', actor_name: 'cli' },
      { action: 'user.deletion_cancel', actor_name: 'cli' },
    ]);
    const erased = await cli('deletions', '--erased');
    expect(erased.code).toBe(0);
  });
});

describe.runIf(TEST_DIALECT === 'postgres')('races with the erasure on PostgreSQL', () => {
  const ROUNDS = 4;

  /** A reader whose deletion is due now, with a valid token taken before (as a request in flight holds). */
  async function dueReader(): Promise<{ reader: TestUser; deletionId: number }> {
    const reader = await createUser(ctx);
    const token = reader.token;
    expect((await requestDeletion(reader)).statusCode).toBe(202);
    const deletionId = await makeDue(reader.id);
    // The request revoked the token; these races are of requests that authenticated before: the
    // version is set back so the writers reach their transactions, and the erasure moves it again.
    await ctx.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '-', 1) }))
      .where('id', '=', reader.id)
      .execute();
    return { reader: { ...reader, token }, deletionId };
  }

  it('a comment, a like, a follow, a rating, progress, an order or a feed key racing the erasure leaves no row of the reader', async () => {
    const erasure = erasureWith();
    for (let round = 0; round < ROUNDS; round += 1) {
      const { reader, deletionId } = await dueReader();
      const writes = [
        api(reader, 'POST', `/comics/chapter/${chapter(3).uuid}/comments`, { body: `race ${round} ${reader.username}` }),
        api(reader, 'POST', '/comics/chapter/favor', { book_uuid: book.uuid, chapter_uuid: chapter(3).uuid }),
        api(reader, 'PUT', `/user/follows/${book.uuid}`),
        api(reader, 'PUT', `/comics/book/${book.uuid}/rating`, { score: 5 }),
        api(reader, 'POST', '/reader/progress', { progress: [{ book_uuid: book.uuid, chapter_uuid: chapter(3).uuid, page_index: 0 }] }),
        api(reader, 'POST', '/payment/wechat/payment/china_book_membership/create', { months: 1 }),
        api(reader, 'POST', '/user/feed_keys', { name: `race ${round}` }),
      ];
      const [outcome, ...answers] = await Promise.all([erasure.erase(deletionId), ...writes]);
      expect(outcome).toBe('erased');
      for (const answer of answers) expect([200, 201, 401], answer.body).toContain(answer.statusCode);
      for (const table of ['book_follows', 'chapter_likes', 'book_ratings'] as const) expect(await count(table, reader.id), table).toBe(0);
      expect(await ctx.db.selectFrom('feed_keys').select('id').where('user_id', '=', reader.id).execute()).toEqual([]);
      const comments = await ctx.db.selectFrom('comments').select(['state', 'body']).where('user_id', '=', reader.id).execute();
      for (const c of comments) expect(c).toEqual({ state: 'deleted', body: '' });
      expect(await ctx.db.selectFrom('reading_progress').select('book_id').where('reader_key', '=', `u:${reader.id}`).execute()).toEqual(
        [],
      );
      // An order created first stays (the ledger), pending, naming only the pseudonymised row.
      expect(await count('payment_orders', reader.id)).toBeLessThanOrEqual(1);
      expect((await userRow(reader.id)).username).toBe(pseudonymOf(reader.uuid));
    }
    const likes = await ctx.db.selectFrom('chapters').select('total_likes').where('id', '=', chapter(3).id).executeTakeFirstOrThrow();
    const likeRows = await ctx.db.selectFrom('chapter_likes').select('user_id').where('chapter_id', '=', chapter(3).id).execute();
    expect(likes.total_likes).toBe(likeRows.length);
  });

  it('a login racing the erasure either cancels it or is refused, never both', async () => {
    const erasure = erasureWith();
    for (let round = 0; round < ROUNDS; round += 1) {
      const { reader, deletionId } = await dueReader();
      const [outcome, answer] = await Promise.all([erasure.erase(deletionId), login(reader)]);
      const erased = (await userRow(reader.id)).erased_at !== null;
      if (outcome === 'erased') {
        expect(answer.statusCode).toBe(401);
        expect(erased).toBe(true);
      } else {
        expect(outcome).toBe('not-pending');
        expect(answer.json().data.deletion_cancelled).toBe(true);
        expect(erased).toBe(false);
      }
    }
  });

  it('a payment racing the erasure is recorded once, and flagged when it came after', async () => {
    const erasure = erasureWith();
    for (let round = 0; round < ROUNDS; round += 1) {
      const reader = await createUser(ctx);
      const orderId = await createOrder(reader);
      expect((await requestDeletion(reader)).statusCode).toBe(202);
      const deletionId = await makeDue(reader.id);
      const [outcome, paid] = await Promise.all([erasure.erase(deletionId), payByLink(orderId)]);
      expect(outcome).toBe('erased');
      expect(paid.statusCode, paid.body).toBe(200);
      const order = await ctx.db.selectFrom('payment_orders').select('status').where('order_id', '=', orderId).executeTakeFirstOrThrow();
      expect(order.status).toBe('paid');
      const incidents = await ctx.db.selectFrom('payment_incidents').select('kind').where('reference', '=', orderId).execute();
      expect(incidents.length).toBeLessThanOrEqual(1);
    }
  });
});
