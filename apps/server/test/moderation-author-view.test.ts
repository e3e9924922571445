import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createBook, createUser, type TestBook, type TestUser } from './helpers/factories.js';
import { createComment, createRating, createReport } from './helpers/community-fixtures.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * Issue 40, item 13: an author whose comment or review a moderator hid is told so (and the reported
 * reason the moderator upheld), not "waiting for a moderator"; nobody else learns anything.
 */
let ctx: TestContext;
let admin: TestUser;
let author: TestUser;
let other: TestUser;
let book: TestBook;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, { role: 'admin' });
  author = await createUser(ctx);
  other = await createUser(ctx);
  book = await createBook(ctx, { chapters: 1 });
});
afterAll(() => ctx.close());

interface ListedComment {
  comment_uuid: string;
  hidden: boolean;
  hidden_by?: string;
  hidden_reason?: string | null;
}

const listAs = async (user: TestUser | null) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/comics/chapter/${book.chapters[0]!.uuid}/comments?page_size=50`,
    headers: user ? authHeader(user) : {},
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.result as ListedComment[];
};
const find = (list: ListedComment[], uuid: string) => list.find((comment) => comment.comment_uuid === uuid);
const moderate = (uuid: string, action: 'hide' | 'show') =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/admin/comments/${uuid}/${action}`, headers: authHeader(admin) });

describe(`what an author learns of a moderator's decision on ${TEST_DIALECT}`, () => {
  it('a comment hidden after reports: the author sees "moderator" and the most reported reason; others see nothing', async () => {
    const comment = await createComment(ctx, { chapterId: book.chapters[0]!.id, userId: author.id });
    for (const reason of ['harassment', 'spam', 'spam'])
      await createReport(ctx, { commentId: comment.id, reporterId: (await createUser(ctx)).id, reason });
    expect((await moderate(comment.uuid, 'hide')).statusCode).toBe(200);

    expect(find(await listAs(author), comment.uuid)).toMatchObject({ hidden: true, hidden_by: 'moderator', hidden_reason: 'spam' });
    expect(find(await listAs(other), comment.uuid)).toBeUndefined();
    expect(find(await listAs(null), comment.uuid)).toBeUndefined();

    // Shown again: an ordinary comment, for the author too.
    await moderate(comment.uuid, 'show');
    const shown = find(await listAs(author), comment.uuid)!;
    expect(shown.hidden).toBe(false);
    expect(shown).not.toHaveProperty('hidden_by');
    expect(shown).not.toHaveProperty('hidden_reason');
    // Seen by another reader, a visible comment carries no moderation field either.
    const seenByOther = find(await listAs(other), comment.uuid)!;
    expect(seenByOther).not.toHaveProperty('hidden_by');
    expect(seenByOther).not.toHaveProperty('hidden_reason');

    // Hidden again without new reports: the earlier, dismissed reports are no reason for this hide.
    await moderate(comment.uuid, 'hide');
    expect(find(await listAs(author), comment.uuid)).toMatchObject({ hidden: true, hidden_by: 'moderator', hidden_reason: null });
  });

  it('a comment the word filter holds is "waiting" (word_filter, no reason field)', async () => {
    const held = await createComment(ctx, { chapterId: book.chapters[0]!.id, userId: author.id, state: 'held' });
    const mine = find(await listAs(author), held.uuid)!;
    expect(mine).toMatchObject({ hidden: true, hidden_by: 'word_filter' });
    expect(mine).not.toHaveProperty('hidden_reason');
    expect(find(await listAs(other), held.uuid)).toBeUndefined();
  });

  it('a review: the author is told whether it is held or hidden by a moderator; other readers see neither', async () => {
    const hiddenBook = await createBook(ctx, { chapters: 1 });
    await createRating(ctx, { bookId: hiddenBook.id, userId: author.id, score: 6, review: 'Not for everyone.', reviewState: 'hidden' });
    const heldBook = await createBook(ctx, { chapters: 1 });
    await createRating(ctx, { bookId: heldBook.id, userId: author.id, score: 7, review: 'Held words.', reviewState: 'held' });

    const rating = async (uuid: string, user: TestUser) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/comics/book/${uuid}/rating`, headers: authHeader(user) })).json().data.result;
    const reviews = async (uuid: string, user: TestUser) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/comics/book/${uuid}/reviews`, headers: authHeader(user) })).json().data.result;

    expect((await rating(hiddenBook.uuid, author)).mine).toMatchObject({ review_hidden: true, review_hidden_by: 'moderator' });
    expect((await rating(heldBook.uuid, author)).mine).toMatchObject({ review_hidden: true, review_hidden_by: 'word_filter' });
    expect((await reviews(hiddenBook.uuid, author))[0]).toMatchObject({ mine: true, hidden: true, hidden_by: 'moderator' });
    expect((await reviews(heldBook.uuid, author))[0]).toMatchObject({ mine: true, hidden: true, hidden_by: 'word_filter' });
    expect(await reviews(hiddenBook.uuid, other)).toEqual([]);
    expect((await rating(hiddenBook.uuid, other)).mine).toBeNull();
  });
});
