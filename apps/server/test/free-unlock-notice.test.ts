import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreeUnlockNotice, FREE_UNLOCK_READY_JOB } from '../src/modules/coins/free-unlock-notice.js';
import { createPushService } from '../src/modules/push/push.service.js';
import { sellChapters, turnCoinsOn, unlockFree } from './helpers/coin-flows.js';
import { callApi, createBook, createUser, type TestBook, type TestUser } from './helpers/factories.js';
import { startPushReceiver } from './helpers/push-receiver.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * Wait-for-free's "ready" notice (issue 42): a follower who takes a free unlock is told by Web Push,
 * in the browser's language, once the next one is ready, and only if nothing changed by then.
 */
const HOUR = 3_600_000;
let ctx: TestContext;
let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
let book: TestBook;

beforeAll(async () => {
  [ctx, receiver] = await Promise.all([
    createTestContext({ PUBLIC_URL: 'https://comics.example.com', PUSH_ALLOW_PRIVATE_ENDPOINTS: 'on' }),
    startPushReceiver(),
  ]);
  await turnCoinsOn(ctx, await createUser(ctx, { role: 'admin' }));
  book = await createBook(ctx, { chapters: 4, freeChapters: 1, pagesPerChapter: 1, titles: { 'en-us': 'Tidewater', 'zh-cn': '潮水' } });
  await sellChapters(ctx, book, { price: 30, waitFreeHours: 23 });
}, 60_000);
afterAll(async () => {
  await Promise.all([ctx?.close(), receiver?.close()]);
});

const silent = { info: () => undefined, warn: () => undefined };
const notice = () =>
  createFreeUnlockNotice({
    db: ctx.db,
    push: createPushService({ db: ctx.db, config: ctx.config.push, log: silent }),
    jobs: { enqueue: async () => 'unused' },
  });

async function reader(language: string, follow: boolean): Promise<{ user: TestUser; path: string }> {
  const user = await createUser(ctx);
  const subscription = receiver.subscribe();
  expect((await callApi(ctx, 'POST', '/user/push/subscriptions', user, { ...subscription, language })).statusCode).toBe(200);
  if (follow) expect((await callApi(ctx, 'PUT', `/user/follows/${book.uuid}`, user)).statusCode).toBe(200);
  return { user, path: new URL(subscription.endpoint).pathname };
}
const jobsOf = async (user: TestUser) =>
  (await ctx.db.selectFrom('jobs').select(['payload', 'run_at']).where('kind', '=', FREE_UNLOCK_READY_JOB).execute())
    .map((job) => ({
      payload: JSON.parse(job.payload) as { user_id: number; book_id: number; ready_at: number },
      runAt: Number(job.run_at),
    }))
    .filter((job) => job.payload.user_id === user.id);

describe(`the free unlock's ready notice (${TEST_DIALECT})`, () => {
  it('is scheduled for a follower at the moment the next free unlock is ready, and sent then in their language', async () => {
    const chinese = await reader('zh-cn', true);
    const taken = await unlockFree(ctx, chinese.user, book.uuid);
    expect(taken.statusCode, taken.body).toBe(200);
    const [job] = await jobsOf(chinese.user);
    expect(job!.runAt).toBe(Date.parse(taken.json().data.result.next_free_at));
    expect(job!.runAt - Date.now()).toBeGreaterThan(22.9 * HOUR);
    expect(await notice().run(job!.payload)).toEqual({ sent: true });
    expect(receiver.received.filter((push) => push.path === chinese.path).map((push) => push.payload)).toEqual([
      {
        title: '潮水',
        body: '你的免费章节已就绪：现在就解锁下一章吧',
        url: `/book/chapters/${book.uuid}`,
        tag: `free-unlock-${book.uuid}`,
      },
    ]);
  });

  it('is not scheduled for a reader who does not follow the book', async () => {
    const stranger = await reader('en-us', false);
    expect((await unlockFree(ctx, stranger.user, book.uuid)).statusCode).toBe(200);
    expect(await jobsOf(stranger.user)).toEqual([]);
  });

  it('is not sent when it no longer holds: unfollowed, or the book stopped offering free unlocks', async () => {
    const follower = await reader('en-us', true);
    expect((await unlockFree(ctx, follower.user, book.uuid)).statusCode).toBe(200);
    const [job] = await jobsOf(follower.user);
    expect((await callApi(ctx, 'DELETE', `/user/follows/${book.uuid}`, follower.user)).statusCode).toBe(200);
    expect(await notice().run(job!.payload)).toEqual({ sent: false });
    expect(await notice().run({ ...job!.payload, ready_at: job!.payload.ready_at + 1 })).toEqual({ sent: false });
    expect(await notice().run({ nonsense: true })).toEqual({ sent: false });
    expect(receiver.received.filter((push) => push.path === follower.path)).toEqual([]);
  });
});
