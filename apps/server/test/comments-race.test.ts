import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createBook, createUser, nextClientIp, type TestBook, type TestUser } from './helpers/factories.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

// Comment counts under concurrent writes. They matter on PostgreSQL (SQLite's one writer
// serialises everything); the suite runs on both so SQLite keeps the same answers.

let ctx: TestContext;
let book: TestBook;
beforeAll(async () => {
  ctx = await createTestContext();
  book = await createBook(ctx, { chapters: 1, freeChapters: 1 });
});
afterAll(() => ctx.close());

const chapterUuid = () => book.chapters[0]!.uuid;

const post = (user: TestUser, body: string, extra: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/comics/chapter/${chapterUuid()}/comments`,
    headers: authHeader(user),
    payload: { body, ...extra },
    remoteAddress: nextClientIp(),
  });

const call = (user: TestUser, method: 'POST' | 'DELETE', url: string) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: authHeader(user), remoteAddress: nextClientIp() });

const users = (n: number) => Promise.all(Array.from({ length: n }, () => createUser(ctx)));

/** Waits until `count` statements of this test database wait for a row lock (PostgreSQL). */
async function waitForLockWaits(count: number): Promise<void> {
  for (;;) {
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(ctx.db);
    if (Number(rows[0]!.n) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe(`comment races on ${TEST_DIALECT}`, () => {
  it('counts 20 likes from 20 readers at once, and one reader liking twice at once once', async () => {
    const author = await createUser(ctx);
    const comment = (await post(author, 'Like race')).json().data.result;
    const url = `/comics/comment/${comment.comment_uuid}/like`;
    const fans = await users(20);
    const answers = await Promise.all(fans.map((fan) => call(fan, 'POST', url)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    // Every answer is a count some moment had: the last one to commit saw all 20.
    expect(Math.max(...answers.map((a) => a.json().data.result.likes))).toBe(20);
    const twice = fans[0]!;
    const again = await Promise.all([call(twice, 'POST', url), call(twice, 'POST', url), call(twice, 'DELETE', url)]);
    expect(again.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const stored = await ctx.db.selectFrom('comments').select('likes').where('uuid', '=', comment.comment_uuid).executeTakeFirstOrThrow();
    const rows = await ctx.db
      .selectFrom('comment_likes')
      .innerJoin('comments', 'comments.id', 'comment_likes.comment_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('comments.uuid', '=', comment.comment_uuid)
      .executeTakeFirstOrThrow();
    expect(stored.likes).toBe(Number(rows.n));
    expect([19, 20]).toContain(stored.likes);

    const unlikes = await Promise.all(fans.map((fan) => call(fan, 'DELETE', url)));
    expect(unlikes.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const after = await ctx.db.selectFrom('comments').select('likes').where('uuid', '=', comment.comment_uuid).executeTakeFirstOrThrow();
    expect(after.likes).toBe(0);
  });

  it('lets one of 6 posts sent at once by one reader through (one per 10 seconds)', async () => {
    const user = await createUser(ctx);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => post(user, `Flood ${i}`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 429, 429, 429, 429, 429]);
    const stored = await ctx.db.selectFrom('comments').select('id').where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(1);
  });

  it('stores the same text sent at once from two tabs once', async () => {
    const user = await createUser(ctx);
    // The second waits for the first's lock, then meets the 10-second rule before the repeat rule.
    const answers = await Promise.all([post(user, 'Same text'), post(user, 'same TEXT')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 429]);
  });

  it('lets one of two comments edited at once into the same text through (the repeat rule)', async () => {
    const user = await createUser(ctx);
    const first = (await post(user, 'Draft one')).json().data.result;
    await ctx.db
      .updateTable('comments')
      .set((eb) => ({ created_at: eb('created_at', '-', 11_000) }))
      .where('user_id', '=', user.id)
      .execute();
    const second = (await post(user, 'Draft two')).json().data.result;
    const edit = (uuid: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/v1/comics/comment/${uuid}`,
        headers: authHeader(user),
        payload: { body: 'Final words' },
      });
    let answers: Awaited<ReturnType<typeof edit>>[];
    if (TEST_DIALECT === 'postgres') {
      // Both comment rows are held here until both edits wait, so the edits run side by side once
      // let go: the author's row, which each edit locks first, is all that keeps them from checking
      // for the repeat before the other has written it.
      let letGo!: () => void;
      const released = new Promise<void>((resolve) => (letGo = resolve));
      let markLocked!: () => void;
      const locked = new Promise<void>((resolve) => (markLocked = resolve));
      const holder = ctx.db.transaction().execute(async (trx) => {
        await trx.selectFrom('comments').select('id').where('uuid', 'in', [first.comment_uuid, second.comment_uuid]).forUpdate().execute();
        markLocked();
        await released;
      });
      await locked;
      const sent = Promise.all([edit(first.comment_uuid), edit(second.comment_uuid)]);
      await waitForLockWaits(2);
      letGo();
      await holder;
      answers = await sent;
    } else {
      answers = await Promise.all([edit(first.comment_uuid), edit(second.comment_uuid)]);
    }
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const bodies = await ctx.db.selectFrom('comments').select('body').where('user_id', '=', user.id).execute();
    expect(bodies.filter((row) => row.body === 'Final words')).toHaveLength(1);
  });

  it('moves the counters once when a comment is deleted twice at once and 10 replies arrive at once', async () => {
    const before = await ctx.db
      .selectFrom('chapters')
      .select(['comments_count', 'top_comments_count'])
      .where('id', '=', book.chapters[0]!.id)
      .executeTakeFirstOrThrow();
    const author = await createUser(ctx);
    const parent = (await post(author, 'Parent of a race')).json().data.result;
    const repliers = await users(10);
    const replies = await Promise.all(repliers.map((r, i) => post(r, `Reply ${i}`, { parent_uuid: parent.comment_uuid })));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const stored = await ctx.db
      .selectFrom('comments')
      .select('replies_count')
      .where('uuid', '=', parent.comment_uuid)
      .executeTakeFirstOrThrow();
    expect(stored.replies_count).toBe(10);
    const alerts = await ctx.db.selectFrom('comment_alerts').select('id').where('user_id', '=', author.id).execute();
    expect(alerts).toHaveLength(10);

    const victim = replies[0]!.json().data.result.comment_uuid as string;
    const deletes = await Promise.all([
      call(repliers[0]!, 'DELETE', `/comics/comment/${victim}`),
      call(repliers[0]!, 'DELETE', `/comics/comment/${victim}`),
    ]);
    expect(deletes.every((d) => [200, 404].includes(d.statusCode))).toBe(true);
    expect(deletes.some((d) => d.statusCode === 200)).toBe(true);
    const after = await ctx.db
      .selectFrom('comments')
      .select('replies_count')
      .where('uuid', '=', parent.comment_uuid)
      .executeTakeFirstOrThrow();
    expect(after.replies_count).toBe(9);
    const counts = await ctx.db
      .selectFrom('chapters')
      .select(['comments_count', 'top_comments_count'])
      .where('id', '=', book.chapters[0]!.id)
      .executeTakeFirstOrThrow();
    expect(counts).toEqual({ comments_count: before.comments_count + 10, top_comments_count: before.top_comments_count + 1 });
  });
});
