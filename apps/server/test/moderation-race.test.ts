import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createBook, createUser, nextClientIp, type TestBook, type TestUser } from './helpers/factories.js';
import { chapterCommentsCount, createComment, createReport, reachableCommentsCount } from './helpers/community-fixtures.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * Two moderators act on the same comment at the same moment (issue 31): the visible-comment
 * counters move once, the reports are resolved once, and exactly one audit row says what changed.
 * Meaningful on PostgreSQL (SQLite's one writer serialises the requests anyway).
 */
let ctx: TestContext;
let moderators: TestUser[];
let reader: TestUser;
let book: TestBook;

beforeAll(async () => {
  ctx = await createTestContext();
  moderators = await Promise.all([createUser(ctx, { role: 'admin' }), createUser(ctx, { role: 'admin' })]);
  reader = await createUser(ctx);
  book = await createBook(ctx, { chapters: 1 });
});
afterAll(() => ctx.close());

const ROUNDS = 5;

describe(`moderators racing on ${TEST_DIALECT}`, () => {
  it.each(Array.from({ length: ROUNDS }, (_, round) => round))('hide the same comment at once: counted once (round %i)', async () => {
    const chapterId = book.chapters[0]!.id;
    const parent = await createComment(ctx, { chapterId, userId: reader.id });
    const comment = await createComment(ctx, { chapterId, userId: reader.id, parentId: parent.id });
    const reporter = await createUser(ctx);
    await createReport(ctx, { commentId: comment.id, reporterId: reporter.id });
    const before = await chapterCommentsCount(ctx, chapterId);

    const answers = await Promise.all(
      [...moderators, ...moderators].map((moderator, i) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/v1/admin/comments/${comment.uuid}/${i % 2 === 0 ? 'hide' : 'delete'}`,
          headers: authHeader(moderator),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    // hide and delete both take the comment out of what readers see: once.
    expect(await chapterCommentsCount(ctx, chapterId)).toBe(before - 1);
    const parentRow = await ctx.db.selectFrom('comments').select('replies_count').where('id', '=', parent.id).executeTakeFirstOrThrow();
    expect(parentRow.replies_count).toBe(0);
    const row = await ctx.db
      .selectFrom('comments')
      .select(['open_reports', 'state'])
      .where('id', '=', comment.id)
      .executeTakeFirstOrThrow();
    expect(row.open_reports).toBe(0);
    const audits = await ctx.db.selectFrom('audit_log').select(['action', 'before_json']).where('target_id', '=', comment.uuid).execute();
    // One row per effective change: the first leaves 'visible' (and resolves the report); a later
    // delete after a hide is a change of its own (hidden → deleted) and may add one more.
    const fromVisible = audits.filter((a) => JSON.parse(a.before_json!).state === 'visible');
    expect(fromVisible).toHaveLength(1);
    expect(audits.length).toBe(answers.filter((a) => a.json().data.changed).length);
    expect(answers.reduce((sum, a) => sum + a.json().data.resolved_reports, 0)).toBe(1);
  });

  it.each(Array.from({ length: ROUNDS }, (_, round) => round))(
    "hide and show a thread while replies arrive, are hidden and deleted: the chapter's figure stays what readers can reach (round %i)",
    async () => {
      const free = await createBook(ctx, { chapters: 1, freeChapters: 1 });
      const chapter = free.chapters[0]!;
      const parent = await createComment(ctx, { chapterId: chapter.id, userId: reader.id });
      const replies = await Promise.all(
        [0, 1, 2].map(() => createComment(ctx, { chapterId: chapter.id, userId: reader.id, parentId: parent.id })),
      );
      const repliers = await Promise.all(Array.from({ length: 5 }, () => createUser(ctx)));
      const admin = (moderator: TestUser, url: string) =>
        ctx.app.inject({ method: 'POST', url: `/api/v1/admin/comments/${url}`, headers: authHeader(moderator) });
      const reply = (replier: TestUser, text: string) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/v1/comics/chapter/${chapter.uuid}/comments`,
          headers: authHeader(replier),
          payload: { body: text, parent_uuid: parent.uuid },
          remoteAddress: nextClientIp(),
        });
      const exact = async () => {
        expect(await chapterCommentsCount(ctx, chapter.id)).toBe(await reachableCommentsCount(ctx, chapter.id));
        const visibleReplies = await ctx.db
          .selectFrom('comments')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('parent_id', '=', parent.id)
          .where('state', '=', 'visible')
          .executeTakeFirstOrThrow();
        const stored = await ctx.db.selectFrom('comments').select('replies_count').where('id', '=', parent.id).executeTakeFirstOrThrow();
        expect(stored.replies_count).toBe(Number(visibleReplies.n));
      };

      // The thread is hidden while four replies are posted, one reply is hidden and one deleted.
      const first = await Promise.all([
        admin(moderators[0]!, `${parent.uuid}/hide`),
        admin(moderators[1]!, `${replies[0]!.uuid}/hide`),
        ctx.app.inject({ method: 'DELETE', url: `/api/v1/comics/comment/${replies[1]!.uuid}`, headers: authHeader(reader) }),
        ...repliers.slice(0, 4).map((replier, i) => reply(replier, `Race reply ${i}`)),
      ]);
      expect(first.slice(0, 3).map((a) => a.statusCode)).toEqual([200, 200, 200]);
      // A reply is either in before the hide or refused after it.
      for (const answer of first.slice(3)) expect([201, 404]).toContain(answer.statusCode);
      await exact();
      expect(await chapterCommentsCount(ctx, chapter.id)).toBe(0);

      // Shown again while the hidden reply comes back, another is hidden and one more reply arrives.
      const second = await Promise.all([
        admin(moderators[0]!, `${parent.uuid}/show`),
        admin(moderators[1]!, `${replies[0]!.uuid}/show`),
        admin(moderators[0]!, `${replies[2]!.uuid}/hide`),
        reply(repliers[4]!, 'Late reply'),
      ]);
      expect(second.slice(0, 3).map((a) => a.statusCode)).toEqual([200, 200, 200]);
      await exact();
    },
  );

  it('two moderators hide the same comment: one changes it, one finds it hidden', async () => {
    const chapterId = book.chapters[0]!.id;
    const comment = await createComment(ctx, { chapterId, userId: reader.id });
    const before = await chapterCommentsCount(ctx, chapterId);
    const answers = await Promise.all(
      moderators.map((moderator) =>
        ctx.app.inject({ method: 'POST', url: `/api/v1/admin/comments/${comment.uuid}/hide`, headers: authHeader(moderator) }),
      ),
    );
    expect(answers.map((a) => a.json().data.changed).sort()).toEqual([false, true]);
    expect(await chapterCommentsCount(ctx, chapterId)).toBe(before - 1);
    const audits = await ctx.db.selectFrom('audit_log').select('action').where('target_id', '=', comment.uuid).execute();
    expect(audits).toEqual([{ action: 'comment.hide' }]);
  });
});
