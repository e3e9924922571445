import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushService } from '../src/modules/push/push.service.js';
import { adminCli } from './helpers/admin-cli.js';
import { callApi, createBook, createUser } from './helpers/factories.js';
import { countRows } from './helpers/row-count.js';
import { drawPage, writeFixture } from './helpers/import-fixtures.js';
import { startPushReceiver, type BrowserSubscription } from './helpers/push-receiver.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

type Receiver = Awaited<ReturnType<typeof startPushReceiver>>;
let ctx: TestContext;
let strict: TestContext;
let receiver: Receiver;
const TEST_ONLY = { PUSH_ALLOW_PRIVATE_ENDPOINTS: 'on' };

beforeAll(async () => {
  [ctx, strict, receiver] = await Promise.all([createTestContext(TEST_ONLY), createTestContext(), startPushReceiver()]);
});
afterAll(async () => {
  await Promise.all([ctx?.close(), strict?.close(), receiver?.close()]);
});

const silent = { info: () => undefined, warn: () => undefined };
const countSubscriptions = (context: TestContext) => countRows(context.db, 'push_subscriptions');

async function follower(book: { uuid: string }, subscription: BrowserSubscription, language = 'en-us') {
  const user = await createUser(ctx);
  expect((await callApi(ctx, 'PUT', `/user/follows/${book.uuid}`, user)).statusCode).toBe(200);
  const subscribed = await callApi(ctx, 'POST', '/user/push/subscriptions', user, { ...subscription, language });
  expect(subscribed.json()).toEqual({ data: { result: { subscribed: true } } });
  return user;
}

describe('new-chapter notices over Web Push', () => {
  it('reach followers of the book, encrypted and VAPID-signed, when the admin import adds a chapter', async () => {
    const book = await createBook(ctx, { chapters: 2, titles: { 'en-us': 'Harbour Lights', 'zh-cn': '港口灯火' } });
    const english = receiver.subscribe();
    const chinese = receiver.subscribe();
    const stranger = receiver.subscribe();
    await follower(book, english);
    await follower(book, chinese, 'zh-cn');
    // Subscribed, but following another book: told nothing.
    const other = await createBook(ctx, { chapters: 1 });
    await follower(other, stranger);

    const folder = mkdtempSync(path.join(tmpdir(), 'inkstream-push-'));
    try {
      writeFixture(folder, '001.jpg', await drawPage('new chapter page 1'));
      writeFixture(folder, '002.jpg', await drawPage('new chapter page 2'));
      const result = await adminCli(ctx, TEST_ONLY)('import', folder, '--book', book.uuid);
      expect(result.code, result.err).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }

    expect(receiver.rejected).toEqual([]);
    const byPath = new Map(receiver.received.map((push) => [push.path, push]));
    const newChapter = await ctx.db
      .selectFrom('chapters')
      .select(['uuid'])
      .where('book_id', '=', book.id)
      .where('number', '=', 3)
      .executeTakeFirstOrThrow();
    expect(byPath.get(new URL(english.endpoint).pathname)?.payload).toEqual({
      title: 'Harbour Lights',
      body: 'Chapter 3 is out',
      url: `/reader/book/chapter/${book.uuid}/${newChapter.uuid}/3`,
      tag: `book-${book.uuid}`,
    });
    expect(byPath.get(new URL(chinese.endpoint).pathname)?.payload).toMatchObject({ title: '港口灯火', body: '第3话更新了' });
    expect(byPath.has(new URL(stranger.endpoint).pathname)).toBe(false);
    const push = byPath.get(new URL(english.endpoint).pathname)!;
    expect(push.ttl).toBe('86400');
    expect(push.vapid).toMatchObject({
      audience: receiver.url,
      subject: 'mailto:support@inkstream.example',
      publicKey: ctx.config.push!.publicKey,
    });
  });

  it('drops a subscription the push service says is gone (404 or 410), and one that keeps failing', async () => {
    const book = await createBook(ctx, { chapters: 1 });
    const gone = receiver.subscribe(410);
    const missing = receiver.subscribe(404);
    const flaky = receiver.subscribe(503);
    const fine = receiver.subscribe(201);
    for (const subscription of [gone, missing, flaky, fine]) await follower(book, subscription);
    const push = createPushService({ db: ctx.db, config: ctx.config.push, log: silent });
    const endpoints = async () => (await ctx.db.selectFrom('push_subscriptions').select('endpoint').execute()).map((row) => row.endpoint);

    expect(await push.notifyNewChapters(book.id, [book.chapters[0]!.id])).toEqual({ sent: 1, removed: 2, failed: 1 });
    expect(await endpoints()).not.toContain(gone.endpoint);
    expect(await endpoints()).not.toContain(missing.endpoint);
    expect(await endpoints()).toContain(flaky.endpoint);
    // Four more failures in a row (five in all) and the flaky one goes too; the working one stays.
    for (let i = 0; i < 4; i += 1) await push.notifyNewChapters(book.id, [book.chapters[0]!.id]);
    expect(await endpoints()).not.toContain(flaky.endpoint);
    expect(await endpoints()).toContain(fine.endpoint);
  });

  it('keeps subscriptions to logged-in readers, with well-formed keys, and unsubscribes', async () => {
    const user = await createUser(ctx);
    const subscription = receiver.subscribe();
    const visitor = await callApi(ctx, 'POST', '/user/push/subscriptions', null, subscription);
    expect({ status: visitor.statusCode, code: visitor.json().code }).toEqual({ status: 401, code: 'AUTH_REQUIRED' });
    const point = Buffer.from(subscription.keys.p256dh, 'base64url');
    const offCurve = Buffer.from(point);
    offCurve.writeUInt8(offCurve.readUInt8(64) ^ 1, 64);
    const compressedTag = Buffer.from(point);
    compressedTag[0] = 0x02;
    for (const keys of [
      { p256dh: subscription.keys.p256dh.slice(0, 40), auth: subscription.keys.auth },
      { p256dh: subscription.keys.p256dh, auth: 'short' },
      { p256dh: `${subscription.keys.p256dh.slice(0, 86)}+`, auth: subscription.keys.auth },
      // The right length, but not a point a browser could have made.
      { p256dh: offCurve.toString('base64url'), auth: subscription.keys.auth },
      { p256dh: compressedTag.toString('base64url'), auth: subscription.keys.auth },
    ]) {
      const response = await callApi(ctx, 'POST', '/user/push/subscriptions', user, { endpoint: subscription.endpoint, keys });
      expect({ status: response.statusCode, code: response.json().code }).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    }
    const before = await countSubscriptions(ctx);
    // A field the client may not set (user_id) is dropped, not stored.
    const created = await callApi(ctx, 'POST', '/user/push/subscriptions', user, { ...subscription, user_id: 1 });
    expect(created.statusCode).toBe(200);
    expect(await countSubscriptions(ctx)).toBe(before + 1);
    const row = await ctx.db
      .selectFrom('push_subscriptions')
      .select('user_id')
      .where('endpoint', '=', subscription.endpoint)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(user.id);
    expect(
      (await callApi(ctx, 'DELETE', '/user/push/subscriptions', user, { endpoint: subscription.endpoint })).json().data.result,
    ).toEqual({
      subscribed: false,
    });
    expect(await countSubscriptions(ctx)).toBe(before);
    expect((await callApi(ctx, 'GET', '/push/public-key', null)).json().data.result.public_key).toBe(ctx.config.push!.publicKey);
  });

  it("never hands one account's endpoint to another that does not hold the browser's subscription keys", async () => {
    const owner = await createUser(ctx);
    const intruder = await createUser(ctx);
    const subscription = receiver.subscribe();
    const ownerOf = async () =>
      (await ctx.db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', subscription.endpoint).executeTakeFirstOrThrow())
        .user_id;
    expect((await callApi(ctx, 'POST', '/user/push/subscriptions', owner, subscription)).statusCode).toBe(200);
    // Someone who learnt the endpoint, with keys of their own: refused, the owner's row unchanged.
    const theirs = receiver.subscribe().keys;
    const takeover = await callApi(ctx, 'POST', '/user/push/subscriptions', intruder, { endpoint: subscription.endpoint, keys: theirs });
    expect({ status: takeover.statusCode, code: takeover.json().code }).toEqual({ status: 409, code: 'CONFLICT' });
    const row = await ctx.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('endpoint', '=', subscription.endpoint)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: owner.id, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth });
    // Nor can they drop it.
    await callApi(ctx, 'DELETE', '/user/push/subscriptions', intruder, { endpoint: subscription.endpoint });
    expect(await ownerOf()).toBe(owner.id);
    // The owner may renew their own keys.
    const renewed = receiver.subscribe().keys;
    expect(
      (await callApi(ctx, 'POST', '/user/push/subscriptions', owner, { endpoint: subscription.endpoint, keys: renewed })).statusCode,
    ).toBe(200);
    // Another account logged in on the same browser sends the browser's own keys: the browser is theirs now.
    const sameBrowser = await callApi(ctx, 'POST', '/user/push/subscriptions', intruder, {
      endpoint: subscription.endpoint,
      keys: renewed,
    });
    expect(sameBrowser.statusCode).toBe(200);
    expect(await ownerOf()).toBe(intruder.id);
  });

  it('never stores an endpoint in the server’s own network (without the test-only setting)', async () => {
    const user = await createUser(strict);
    const keys = receiver.subscribe().keys;
    for (const endpoint of [
      receiver.url + '/push/x',
      'http://push.example.com/x',
      'https://127.0.0.1/x',
      'https://10.0.0.1/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/x',
      'https://localhost/x',
      // IPv6 forms of loopback and private IPv4: compatible, translated, 6to4, Teredo, NAT64.
      'https://[::127.0.0.1]/x',
      'https://[::ffff:0:7f00:1]/x',
      'https://[2002:7f00:1::]/x',
      'https://[2001::7f00:1]/x',
      'https://[64:ff9b::a9fe:a9fe]/latest/meta-data/',
    ]) {
      const response = await callApi(strict, 'POST', '/user/push/subscriptions', user, { endpoint, keys });
      expect({ endpoint, status: response.statusCode, code: response.json().code }).toEqual({
        endpoint,
        status: 400,
        code: 'INVALID_PUSH_ENDPOINT',
      });
    }
    expect(await countSubscriptions(strict)).toBe(0);
  });

  it('checks stored endpoints again at delivery: one stored while private endpoints were allowed is dropped, never reached', async () => {
    const owner = await createUser(strict);
    const book = await createBook(strict, { chapters: 1 });
    expect((await callApi(strict, 'PUT', `/user/follows/${book.uuid}`, owner)).statusCode).toBe(200);
    // As a development database keeps them after PUSH_ALLOW_PRIVATE_ENDPOINTS=on is turned off.
    const plain = receiver.subscribe();
    const literal = receiver.subscribe();
    const literalEndpoint = literal.endpoint.replace('http:', 'https:');
    // The receiver's own address (127.0.0.1) written as IPv4-translated IPv6: a private address too.
    const embedded = receiver.subscribe();
    const embeddedEndpoint = embedded.endpoint.replace('http://127.0.0.1', 'https://[::ffff:0:7f00:1]');
    for (const [endpoint, keys] of [
      [plain.endpoint, plain.keys],
      [literalEndpoint, literal.keys],
      [embeddedEndpoint, embedded.keys],
    ] as const) {
      await strict.db
        .insertInto('push_subscriptions')
        .values({ user_id: owner.id, endpoint, p256dh: keys.p256dh, auth: keys.auth, language: 'en-us', created_at: Date.now() })
        .execute();
    }
    const push = createPushService({ db: strict.db, config: strict.config.push, log: silent });
    expect(await push.notifyNewChapters(book.id, [book.chapters[0]!.id])).toEqual({ sent: 0, removed: 3, failed: 0 });
    const paths = receiver.received.map((received) => received.path);
    expect(paths).not.toContain(new URL(plain.endpoint).pathname);
    expect(paths).not.toContain(new URL(literalEndpoint).pathname);
    expect(paths).not.toContain(new URL(embeddedEndpoint).pathname);
    expect(await countSubscriptions(strict)).toBe(0);
  });
});
