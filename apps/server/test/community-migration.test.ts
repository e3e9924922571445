import type { Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as community from '../src/db/migrations/2026-11-25T1800-community.js';
import * as reachableCounts from '../src/db/migrations/2026-11-26T1200-reachable-comment-counts.js';
import { createComment, reachableCommentsCount } from './helpers/community-fixtures.js';
import { createBook, createUser } from './helpers/factories.js';
import { countRows } from './helpers/row-count.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

// The community migration goes down and up again on both databases, and a chapter's comments
// (with their likes) leave with the chapter.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const countComments = () => countRows(ctx.db, 'comments');

describe('community migration', () => {
  it('goes down and up again, and comments leave with their chapter', async () => {
    const migration: Migration = community;
    await migration.down!(ctx.db as never);
    await expect(countComments()).rejects.toThrow();
    await migration.up(ctx.db as never);
    const book = await createBook(ctx, { chapters: 1 });
    const chapter = book.chapters[0]!;
    const user = await createUser(ctx);
    const inserted = await ctx.db
      .insertInto('comments')
      .values({
        uuid: crypto.randomUUID(),
        book_id: book.id,
        chapter_id: chapter.id,
        user_id: user.id,
        parent_id: null,
        body: 'hi',
        body_hash: 'h',
        created_at: 1,
        edited_at: null,
        moderated_at: null,
        moderated_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db.insertInto('comment_likes').values({ comment_id: inserted.id, user_id: user.id, created_at: 1 }).execute();
    expect(await countComments()).toBe(1);
    await ctx.db.deleteFrom('chapters').where('id', '=', chapter.id).execute();
    expect(await countComments()).toBe(0);
    const likes = await ctx.db.selectFrom('comment_likes').selectAll().execute();
    expect(likes).toEqual([]);
  });

  it("sets each chapter's comments_count to the comments readers can reach (2026-11-26T1200)", async () => {
    const book = await createBook(ctx, { chapters: 2 });
    const [withThreads, untouched] = book.chapters;
    const user = await createUser(ctx);
    const chapterId = withThreads!.id;
    const hidden = await createComment(ctx, { chapterId, userId: user.id });
    const deleted = await createComment(ctx, { chapterId, userId: user.id });
    const shown = await createComment(ctx, { chapterId, userId: user.id });
    for (const parent of [hidden, deleted, shown]) {
      await createComment(ctx, { chapterId, userId: user.id, parentId: parent.id });
      await createComment(ctx, { chapterId, userId: user.id, parentId: parent.id, state: 'held' });
    }
    await ctx.db.updateTable('comments').set({ state: 'hidden' }).where('id', '=', hidden.id).execute();
    await ctx.db.updateTable('comments').set({ state: 'deleted', body: '' }).where('id', '=', deleted.id).execute();
    // The figure the earlier rule kept (every visible comment), and one a chapter without comments keeps.
    await ctx.db.updateTable('chapters').set({ comments_count: 4 }).where('id', '=', chapterId).execute();
    await ctx.db.updateTable('chapters').set({ comments_count: 0 }).where('id', '=', untouched!.id).execute();
    const migration: Migration = reachableCounts;
    await migration.up(ctx.db as never);
    const figure = async (id: number) =>
      (await ctx.db.selectFrom('chapters').select('comments_count').where('id', '=', id).executeTakeFirstOrThrow()).comments_count;
    // The shown comment and its reply, and the deleted one's reply under its tombstone.
    expect(await figure(chapterId)).toBe(3);
    expect(await figure(chapterId)).toBe(await reachableCommentsCount(ctx, chapterId));
    expect(await figure(untouched!.id)).toBe(0);
  });
});
