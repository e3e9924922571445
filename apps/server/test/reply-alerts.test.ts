import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setCommentState } from '../src/modules/community/comment-state.repository.js';
import { createReplyNotifier } from '../src/modules/community/reply-alerts.notifier.js';
import { excerpt } from '../src/modules/community/reply-alerts.text.js';
import { createHousekeeping } from '../src/modules/housekeeping/housekeeping.js';
import { createMailRenderer } from '../src/modules/mail/mail-render.js';
import { createPushService } from '../src/modules/push/push.service.js';
import { callApi, createBook, createUser, createUserWithEmail, type TestBook, type TestUser } from './helpers/factories.js';
import { startPushReceiver } from './helpers/push-receiver.js';
import { postComment, postReply } from './helpers/reply-alert-fixtures.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

// Reply alerts (issue 31, docs/COMMUNITY.md "Reply alerts"): a reply to your comment appears in the
// library's alerts, and by Web Push and in the e-mail digest where the reader allowed them.

const PUBLIC_URL = 'https://comics.example.com';
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

let ctx: TestContext;
let off: TestContext;
let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
let book: TestBook;

beforeAll(async () => {
  [ctx, off, receiver] = await Promise.all([
    createTestContext({ PUBLIC_URL, PUSH_ALLOW_PRIVATE_ENDPOINTS: 'on' }),
    createTestContext({ COMMUNITY: 'off' }),
    startPushReceiver(),
  ]);
  book = await createBook(ctx, { chapters: 3, titles: { 'en-us': 'Harbour Lights', 'zh-cn': '港口灯火' } });
});
afterAll(async () => {
  await Promise.all([ctx?.close(), off?.close(), receiver?.close()]);
});

type AlertJson = {
  alert_id: number;
  read: boolean;
  created_at: string;
  reply: { comment_uuid: string; body: string; spoiler: boolean; user: { uuid: string; username: string } };
  parent: { comment_uuid: string; body: string };
  chapter: { chapter_uuid: string; chapter_number: number; title: string };
  book: { book_uuid: string; title: string };
};
const alertsOf = async (user: TestUser, query = '') => {
  const response = await callApi(ctx, 'GET', `/user/alerts${query}`, user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { result: AlertJson[]; total: number; unread: number };
};
const markRead = (user: TestUser, payload: unknown) => callApi(ctx, 'POST', '/user/alerts/read', user, payload);

/** A comment by `author` on chapter `index` of `onBook`. */
const commentBy = (author: TestUser, body = 'What a chapter', onBook = book, index = 0) =>
  postComment(ctx, { bookId: onBook.id, chapterId: onBook.chapters[index]!.id, userId: author.id, body });

describe('the alerts list', () => {
  it("lists replies to the reader's comments, newest first, with the reply, the comment, the chapter and the book", async () => {
    const [alice, bob, carol] = await Promise.all([createUser(ctx), createUser(ctx), createUser(ctx)]);
    const mine = await commentBy(alice, 'The lighthouse scene\nwas the best part');
    const t0 = Date.now();
    const first = await postReply(ctx, mine, { userId: bob.id, body: 'Agreed!', at: t0 });
    const second = await postReply(ctx, mine, { userId: carol.id, body: 'No,\n\n  the storm   was better', at: t0 + 1000 });
    // Her own reply to her comment alerts nobody; Bob's comment's replies are Bob's.
    await postReply(ctx, mine, { userId: alice.id, body: 'Talking to myself', at: t0 + 2000 });

    const list = await alertsOf(alice);
    expect(list.total).toBe(2);
    expect(list.unread).toBe(2);
    expect(list.result.map((a) => a.alert_id)).toEqual([second.alertId, first.alertId]);
    expect(list.result[0]).toEqual({
      alert_id: second.alertId,
      created_at: new Date(t0 + 1000).toISOString(),
      read: false,
      reply: {
        comment_uuid: second.uuid,
        body: 'No, the storm was better',
        spoiler: false,
        user: { uuid: carol.uuid, username: carol.username },
      },
      parent: { comment_uuid: mine.uuid, body: 'The lighthouse scene was the best part' },
      chapter: { chapter_uuid: book.chapters[0]!.uuid, chapter_number: 1, title: 'Chapter 1' },
      book: { book_uuid: book.uuid, title: 'Harbour Lights' },
    });
    // In the asked language, with the usual fallback.
    const chinese = await alertsOf(alice, '?language=zh-cn');
    expect(chinese.result[0]!.book.title).toBe('港口灯火');
    expect(chinese.result[0]!.chapter.title).toBe('第1话');
    expect((await alertsOf(alice, '?language=fr-fr')).result[0]!.book.title).toBe('Harbour Lights');
    expect((await callApi(ctx, 'GET', '/user/alerts?language=xx-yy', alice)).statusCode).toBe(400);
    // Bob and Carol have none.
    expect(await alertsOf(bob)).toEqual({ result: [], total: 0, unread: 0 });
    // Private: never kept by a shared cache; visitors are asked to log in.
    expect((await callApi(ctx, 'GET', '/user/alerts', alice)).headers['cache-control']).toBe('private, no-store');
    expect((await callApi(ctx, 'GET', '/user/alerts', null)).statusCode).toBe(401);
  });

  it('shows 140 characters of a long reply, on one line, and never splits a character', async () => {
    const [alice, bob] = await Promise.all([createUser(ctx), createUser(ctx)]);
    const long = `${'word '.repeat(100)}end`;
    await postReply(ctx, await commentBy(alice), { userId: bob.id, body: long });
    const body = (await alertsOf(alice)).result[0]!.reply.body;
    expect(Array.from(body)).toHaveLength(140);
    expect(body.endsWith('…')).toBe(true);
    expect(long.startsWith(body.slice(0, -1))).toBe(true);
    // 200 emoji (surrogate pairs): 139 whole ones and the ellipsis.
    expect(excerpt('😀'.repeat(200))).toBe(`${'😀'.repeat(139)}…`);
    expect(excerpt('  short \n text ')).toBe('short text');
    expect(excerpt('x'.repeat(140))).toBe('x'.repeat(140));
  });

  it('pages by page and page_size; a page past the end is empty', async () => {
    const [alice, bob] = await Promise.all([createUser(ctx), createUser(ctx)]);
    const mine = await commentBy(alice);
    const t0 = Date.now();
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1)
      ids.push((await postReply(ctx, mine, { userId: bob.id, body: `reply ${i}`, at: t0 + i * 1000 })).alertId!);
    const newestFirst = [...ids].reverse();
    const page = async (n: number) => (await alertsOf(alice, `?page=${n}&page_size=2`)).result.map((a) => a.alert_id);
    expect(await page(1)).toEqual(newestFirst.slice(0, 2));
    expect(await page(2)).toEqual(newestFirst.slice(2, 4));
    expect(await page(3)).toEqual(newestFirst.slice(4));
    expect(await alertsOf(alice, '?page=100000&page_size=50')).toEqual({ result: [], total: 5, unread: 5 });
    for (const bad of ['?page=0', '?page_size=0', '?page_size=51', '?page=abc', '?page=100001']) {
      expect((await callApi(ctx, 'GET', `/user/alerts${bad}`, alice)).statusCode, bad).toBe(400);
    }
  });

  it('leaves out a reply that is hidden, held or deleted, and one on an unpublished chapter; back when visible again', async () => {
    const [alice, bob, moderator] = await Promise.all([createUser(ctx), createUser(ctx), createUser(ctx, { role: 'admin' })]);
    const ownBook = await createBook(ctx, { chapters: 2 });
    const onFirst = await commentBy(alice, 'first', ownBook, 0);
    const onSecond = await commentBy(alice, 'second', ownBook, 1);
    const hidden = await postReply(ctx, onFirst, { userId: bob.id, body: 'rude words' });
    const deleted = await postReply(ctx, onFirst, { userId: bob.id, body: 'oops' });
    const kept = await postReply(ctx, onFirst, { userId: bob.id, body: 'kind words' });
    const unpublished = await postReply(ctx, onSecond, { userId: bob.id, body: 'on chapter 2' });
    expect((await alertsOf(alice)).total).toBe(4);

    const by = { by: moderator.id, at: Date.now() };
    await ctx.db.transaction().execute((trx) => setCommentState(trx, hidden.id, 'hidden', by));
    await ctx.db.transaction().execute((trx) => setCommentState(trx, deleted.id, 'deleted'));
    await ctx.db.updateTable('chapters').set({ is_published: 0 }).where('id', '=', ownBook.chapters[1]!.id).execute();
    let list = await alertsOf(alice);
    expect(list.result.map((a) => a.alert_id)).toEqual([kept.alertId]);
    expect(list.total).toBe(1);
    expect(list.unread).toBe(1);
    expect((await callApi(ctx, 'GET', '/user/library/summary', alice)).json().data.result.unread_alerts).toBe(1);
    // Marking all read does not count what is not shown, and a moderator's unhide brings it back unread.
    await markRead(alice, { all: true });
    await ctx.db.transaction().execute((trx) => setCommentState(trx, hidden.id, 'visible', by));
    list = await alertsOf(alice);
    expect(list.result.map((a) => [a.alert_id, a.read])).toEqual([
      [kept.alertId, true],
      [hidden.alertId, true],
    ]);
    expect(unpublished.alertId).not.toBeNull();
    // The reader's own comment deleted: the alert stays (the reply is there), the comment's text does not.
    await ctx.db.transaction().execute((trx) => setCommentState(trx, onFirst.id, 'deleted'));
    expect((await alertsOf(alice)).result[0]!.parent.body).toBe('');
    // The whole book unpublished: nothing.
    await ctx.db.updateTable('books').set({ is_published: 0 }).where('id', '=', ownBook.id).execute();
    expect(await alertsOf(alice)).toEqual({ result: [], total: 0, unread: 0 });
  });
});

describe('marking alerts read', () => {
  it("marks some by id or all, ignores another reader's ids, answers the unread count, and is idempotent", async () => {
    const [alice, bob, carol] = await Promise.all([createUser(ctx), createUser(ctx), createUser(ctx)]);
    const mine = await commentBy(alice);
    const bobs = await commentBy(bob);
    const t0 = Date.now();
    const a = await Promise.all([0, 1, 2].map((i) => postReply(ctx, mine, { userId: carol.id, body: `to alice ${i}`, at: t0 + i })));
    const b = await postReply(ctx, bobs, { userId: carol.id, body: 'to bob' });

    let answer = await markRead(alice, { alert_ids: [a[0]!.alertId, b.alertId, 999_999_999] });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ data: { result: { unread: 2 } } });
    // Bob's alert is still unread: Alice's call could not touch it.
    expect((await alertsOf(bob)).result.map((x) => x.read)).toEqual([false]);
    expect((await alertsOf(alice)).result.find((x) => x.alert_id === a[0]!.alertId)!.read).toBe(true);
    // Again: nothing changes.
    expect((await markRead(alice, { alert_ids: [a[0]!.alertId, a[0]!.alertId] })).json().data.result.unread).toBe(2);
    expect((await callApi(ctx, 'GET', '/user/library/summary', alice)).json().data.result).toMatchObject({ unread_alerts: 2 });

    answer = await markRead(alice, { all: true });
    expect(answer.json()).toEqual({ data: { result: { unread: 0 } } });
    expect((await markRead(alice, { all: true })).json().data.result.unread).toBe(0);
    expect((await alertsOf(alice)).result.every((x) => x.read)).toBe(true);
    expect((await alertsOf(bob)).unread).toBe(1);
  });

  it('refuses bad input with 400 and visitors with 401', async () => {
    const alice = await createUser(ctx);
    const hundredOne = Array.from({ length: 101 }, (_, i) => i + 1);
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    for (const bad of [
      {},
      { extra: 1 },
      { all: true, alert_ids: [1] },
      { all: false },
      { all: 'yes' },
      { alert_ids: [] },
      { alert_ids: hundredOne },
      { alert_ids: [0] },
      { alert_ids: [1.5] },
      { alert_ids: [2 ** 31] },
      [],
    ]) {
      const response = await markRead(alice, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().code, JSON.stringify(bad)).toBe('VALIDATION_FAILED');
    }
    expect((await markRead(alice, { alert_ids: hundred })).statusCode).toBe(200);
    expect((await markRead(alice, { alert_ids: [1], extra: 'dropped' })).statusCode).toBe(200);
    expect((await callApi(ctx, 'POST', '/user/alerts/read', null, { all: true })).statusCode).toBe(401);
  });
});

describe('COMMUNITY=off', () => {
  it('answers 404 NOT_FOUND on both calls and leaves the count and the choice out', async () => {
    const alice = await createUser(off);
    for (const [method, url, payload] of [
      ['GET', '/user/alerts', undefined],
      ['POST', '/user/alerts/read', { all: true }],
    ] as const) {
      const response = await callApi(off, method, url, alice, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    expect((await callApi(off, 'GET', '/user/library/summary', alice)).json().data.result).toEqual({ unread_books: 0 });
    expect((await callApi(off, 'GET', '/user/email/preferences', alice)).json().data.result).toEqual({ reminders: true, digest: false });
    expect((await callApi(off, 'PUT', '/user/email/preferences', alice, { replies: false })).statusCode).toBe(400);
  });
});

describe('the reply preference', () => {
  it('is on by default and changed with the e-mail preferences', async () => {
    const alice = await createUser(ctx);
    const prefs = () => callApi(ctx, 'GET', '/user/email/preferences', alice);
    expect((await prefs()).json().data.result).toEqual({ reminders: true, digest: false, replies: true });
    const put = await callApi(ctx, 'PUT', '/user/email/preferences', alice, { replies: false });
    expect(put.json().data.result).toEqual({ reminders: true, digest: false, replies: false });
    expect((await callApi(ctx, 'PUT', '/user/email/preferences', alice, { replies: 'no' })).statusCode).toBe(400);
    expect((await callApi(ctx, 'PUT', '/user/email/preferences', alice, { digest: true, replies: true })).json().data.result).toEqual({
      reminders: true,
      digest: true,
      replies: true,
    });
  });
});

describe('Web Push', () => {
  const silent = { info: () => undefined, warn: () => undefined };
  const notifierFor = () =>
    createReplyNotifier({
      db: ctx.db,
      push: createPushService({ db: ctx.db, config: ctx.config.push, log: silent }),
      log: silent,
      community: true,
    });
  async function subscribed(language: string) {
    const user = await createUser(ctx);
    const subscription = receiver.subscribe();
    const response = await callApi(ctx, 'POST', '/user/push/subscriptions', user, { ...subscription, language });
    expect(response.statusCode, response.body).toBe(200);
    return { user, path: new URL(subscription.endpoint).pathname };
  }
  const receivedAt = (path: string) => receiver.received.filter((push) => push.path === path).map((push) => push.payload);

  it('tells the comment author, in the browser language, with a link to the chapter comments; not with replies off', async () => {
    const [english, chinese, quiet] = await Promise.all([subscribed('en-us'), subscribed('zh-cn'), subscribed('en-us')]);
    const bob = await createUser(ctx, { username: `bob${Date.now().toString(36)}` });
    expect((await callApi(ctx, 'PUT', '/user/email/preferences', quiet.user, { replies: false })).statusCode).toBe(200);
    const notifier = notifierFor();
    const replies = [];
    for (const who of [english, chinese, quiet]) {
      const mine = await postComment(ctx, { bookId: book.id, chapterId: book.chapters[1]!.id, userId: who.user.id, body: 'hello' });
      replies.push(await postReply(ctx, mine, { userId: bob.id, body: 'hi back' }));
    }
    for (const reply of replies) notifier.notify(reply.alertId!);
    await notifier.settled();

    expect(receiver.rejected).toEqual([]);
    const chapter = book.chapters[1]!;
    expect(receivedAt(english.path)).toEqual([
      {
        title: 'Harbour Lights',
        body: `${bob.username} replied to your comment on Harbour Lights, ch. 2`,
        url: `/reader/book/chapter/${book.uuid}/${chapter.uuid}/2#comments`,
        tag: `reply-${replies[0]!.alertId}`,
      },
    ]);
    expect(receivedAt(chinese.path)).toEqual([
      expect.objectContaining({ title: '港口灯火', body: `${bob.username} 回复了你在《港口灯火》第2话的评论` }),
    ]);
    expect(receivedAt(quiet.path)).toEqual([]);
  });

  it('is sent when a reply is posted through the comments call (the server wires the two together)', async () => {
    const alice = await subscribed('en-us');
    const bob = await createUser(ctx);
    const chapter = book.chapters[2]!;
    const posted = await callApi(ctx, 'POST', `/comics/chapter/${chapter.uuid}/comments`, alice.user, {
      body: 'Who is the lighthouse keeper?',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const reply = await callApi(ctx, 'POST', `/comics/chapter/${chapter.uuid}/comments`, bob, {
      body: 'Her brother, I think',
      parent_uuid: posted.json().data.result.comment_uuid,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    // Sent after the reply's transaction, without holding the answer: wait for it to arrive.
    await vi.waitFor(() => expect(receivedAt(alice.path)).toHaveLength(1), { timeout: 10_000, interval: 20 });
    expect(receivedAt(alice.path)[0]).toMatchObject({
      title: 'Harbour Lights',
      body: `${bob.username} replied to your comment on Harbour Lights, ch. 3`,
      url: `/reader/book/chapter/${book.uuid}/${chapter.uuid}/3#comments`,
    });
  });

  it('sends nothing for a reply hidden before the notice, an unknown alert, or with the community off; never throws', async () => {
    const alice = await subscribed('en-us');
    const bob = await createUser(ctx);
    const mine = await postComment(ctx, { bookId: book.id, chapterId: book.chapters[2]!.id, userId: alice.user.id, body: 'hello' });
    const reply = await postReply(ctx, mine, { userId: bob.id, body: 'soon hidden' });
    await ctx.db.transaction().execute((trx) => setCommentState(trx, reply.id, 'hidden'));
    const notifier = notifierFor();
    notifier.notify(reply.alertId!);
    notifier.notify(2_000_000_000);
    const failing = createReplyNotifier({
      db: ctx.db,
      push: { notifyUser: () => Promise.reject(new Error('push service down')) },
      log: silent,
      community: true,
    });
    const visible = await postReply(ctx, mine, { userId: bob.id, body: 'visible' });
    expect(() => failing.notify(visible.alertId!)).not.toThrow();
    const offNotifier = createReplyNotifier({
      db: ctx.db,
      push: createPushService({ db: ctx.db, config: ctx.config.push, log: silent }),
      log: silent,
      community: false,
    });
    offNotifier.notify(visible.alertId!);
    await Promise.all([notifier.settled(), failing.settled(), offNotifier.settled()]);
    expect(receivedAt(alice.path)).toEqual([]);
  });
});

describe('the e-mail digest', () => {
  const runAt = async (at: number, community = true) => {
    const housekeeping = createHousekeeping({
      db: ctx.db,
      domainEvents: ctx.app.domainEvents,
      log: { warn: () => undefined, error: () => undefined },
      now: () => at,
      publicUrl: PUBLIC_URL,
      community,
    });
    try {
      return await housekeeping.runOnce();
    } finally {
      await housekeeping.stop();
    }
  };
  const digests = async (user: TestUser) =>
    (
      await ctx.db
        .selectFrom('mail_outbox')
        .select(['data', 'language'])
        .where('user_id', '=', user.id)
        .where('kind', '=', 'chapter-digest')
        .orderBy('id')
        .execute()
    ).map((row) => ({ language: row.language, data: JSON.parse(row.data) as Record<string, unknown> }));

  it('lists unread replies since the last digest, escaped in the HTML; not read ones, not with replies off', async () => {
    const alice = await createUserWithEmail(ctx);
    const quiet = await createUserWithEmail(ctx);
    const bob = await createUser(ctx);
    for (const user of [alice, quiet]) {
      expect((await callApi(ctx, 'PUT', '/user/email/preferences', user, { digest: true })).statusCode).toBe(200);
    }
    expect((await callApi(ctx, 'PUT', '/user/email/preferences', quiet, { replies: false })).statusCode).toBe(200);
    const t0 = Date.now();
    const payloads = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', "<a href='javascript:alert(1)'>x</a> & <b>bold</b>"];
    const mine = await postComment(ctx, { bookId: book.id, chapterId: book.chapters[0]!.id, userId: alice.id, body: 'mine' });
    const quietOne = await postComment(ctx, { bookId: book.id, chapterId: book.chapters[0]!.id, userId: quiet.id, body: 'mine' });
    for (const [i, body] of payloads.entries()) await postReply(ctx, mine, { userId: bob.id, body, at: t0 + HOUR + i });
    const read = await postReply(ctx, mine, { userId: bob.id, body: 'already seen', at: t0 + HOUR + 10 });
    await postReply(ctx, mine, { userId: bob.id, body: 'the ending', spoiler: true, at: t0 + HOUR + 20 });
    await postReply(ctx, quietOne, { userId: bob.id, body: 'not mailed', at: t0 + HOUR });
    expect((await markRead(alice, { alert_ids: [read.alertId] })).statusCode).toBe(200);

    await runAt(t0 + 2 * HOUR);
    const sent = await digests(alice);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.data.list).toEqual([]);
    const href = `${PUBLIC_URL}/reader/book/chapter/${book.uuid}/${book.chapters[0]!.uuid}/1#comments`;
    const title = `${bob.username} replied to your comment on Harbour Lights, ch. 1`;
    expect(sent[0]!.data.replies).toEqual([
      ...payloads.map((body) => ({ title, items: [body], href })),
      { title, items: ['(spoiler: open the chapter to read it)'], href },
    ]);
    expect(await digests(quiet)).toEqual([]);

    const rendered = await createMailRenderer().render({
      kind: 'chapter-digest',
      language: 'en-us',
      data: sent[0]!.data as never,
      siteName: 'Inkstream',
    });
    expect(rendered.html).toContain('Replies to your comments');
    expect(rendered.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(rendered.html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(rendered.html).toContain('&lt;a href=&#39;javascript:alert(1)&#39;&gt;x&lt;/a&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
    expect(rendered.html).not.toMatch(/<script|<img|<b>|javascript:alert\(1\)'>/);
    expect(rendered.html).not.toContain('New chapters');
    expect(rendered.text).toContain('  - <script>alert(1)</script>');
    expect(rendered.subject).toBe('Your digest from Inkstream');

    // The next day: nothing new, nothing sent (the same replies are not mailed twice).
    await runAt(t0 + 2 * HOUR + DAY + 60_000);
    expect(await digests(alice)).toHaveLength(1);
    // With the community off the housekeeping leaves replies out (nothing else new: no digest).
    await postReply(ctx, mine, { userId: bob.id, body: 'later', at: t0 + 3 * DAY });
    await runAt(t0 + 4 * DAY, false);
    expect(await digests(alice)).toHaveLength(1);
  });
});
