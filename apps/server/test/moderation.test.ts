import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createBook, createUser, type TestBook, type TestUser } from './helpers/factories.js';
import { chapterCommentsCount, createComment, createRating, createReport, reachableCommentsCount } from './helpers/community-fixtures.js';
import { createAdminContext, createAdminContextWithBook } from './helpers/admin-context.js';
import { TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * The moderators' side of issue 31 (`/api/v1/admin/comments/…`): the reports queue, held
 * comments, hide / show / delete / dismiss, bans, the word filter, the per-book switch, reviews,
 * and the audit row each change writes.
 */
let ctx: TestContext;
let admin: TestUser;
let reader: TestUser;
let book: TestBook;

beforeAll(async () => {
  ({ ctx, admin, reader, book } = await createAdminContextWithBook({
    chapters: 2,
    titles: { 'en-us': 'Moderated Tales', 'zh-cn': '审核故事' },
  }));
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>, user: TestUser = admin) =>
  ctx.app.inject({ method, url: `/api/v1/admin/comments${url}`, headers: authHeader(user), ...(payload === undefined ? {} : { payload }) });

const auditRows = (targetId: string) =>
  ctx.db.selectFrom('audit_log').selectAll().where('target_id', '=', targetId).orderBy('id').execute();

const stateOf = async (id: number) =>
  await ctx.db.selectFrom('comments').select(['state', 'open_reports', 'body']).where('id', '=', id).executeTakeFirstOrThrow();

async function reportedComment(reports: number, options: { chapter?: number; createdAt?: number; body?: string } = {}) {
  const chapterId = book.chapters[options.chapter ?? 0]!.id;
  const comment = await createComment(ctx, { chapterId, userId: reader.id, createdAt: options.createdAt, body: options.body });
  for (let i = 0; i < reports; i++) {
    const reporter = await createUser(ctx);
    await createReport(ctx, {
      commentId: comment.id,
      reporterId: reporter.id,
      reason: i === 0 ? 'harassment' : 'spam',
      detail: `report ${i}`,
    });
  }
  return comment;
}

async function resolveAll() {
  // Each test reads the queue from empty: earlier tests' leftovers are dismissed directly.
  await ctx.db
    .updateTable('comment_reports')
    .set({ resolved_at: Date.now(), resolution: 'dismissed' })
    .where('resolved_at', 'is', null)
    .execute();
  await ctx.db.updateTable('comments').set({ open_reports: 0 }).execute();
}

describe(`moderation on ${TEST_DIALECT}`, () => {
  it('lists reported comments most reported first, then oldest, with reasons and the latest report', async () => {
    await resolveAll();
    const once = await reportedComment(1, { createdAt: Date.now() - 3000 });
    // Equal counts: the older comment (written first) comes first.
    const thriceOlder = await reportedComment(3, { createdAt: Date.now() - 2000 });
    const thriceNewer = await reportedComment(3, { createdAt: Date.now() - 1000 });
    const response = await call('GET', '/reports?page=0&page_size=10&language=en-us');
    expect(response.statusCode).toBe(200);
    const { items, total } = response.json().data;
    expect(total).toBe(3);
    expect(items.map((item: { comment: { comment_uuid: string } }) => item.comment.comment_uuid)).toEqual([
      thriceOlder.uuid,
      thriceNewer.uuid,
      once.uuid,
    ]);
    const first = items[0];
    expect(first.report_count).toBe(3);
    expect(first.reasons).toEqual([
      { reason: 'spam', count: 2 },
      { reason: 'harassment', count: 1 },
    ]);
    expect(first.latest_report.detail).toBe('report 2');
    expect(first.comment.author).toEqual({ uuid: reader.uuid, username: reader.username, banned: false });
    expect(first.comment.book).toMatchObject({ uuid: book.uuid, title: 'Moderated Tales' });
    expect(first.comment.chapter).toMatchObject({ uuid: book.chapters[0]!.uuid, number: 1, title: 'Chapter 1' });
    expect(first.comment.state).toBe('visible');

    const second = await call('GET', '/reports?page=1&page_size=2');
    expect(second.json().data.items).toHaveLength(1);
    expect(second.json().data.total).toBe(3);
    expect((await call('GET', '/reports?state=hidden')).json().data.total).toBe(0);
  });

  it('hides a comment: readers lose it, the counters go down, reports resolved, one audit row; again changes nothing', async () => {
    await resolveAll();
    const chapterId = book.chapters[1]!.id;
    const before = await chapterCommentsCount(ctx, chapterId);
    const comment = await reportedComment(2, { chapter: 1 });
    expect(await chapterCommentsCount(ctx, chapterId)).toBe(before + 1);

    const hide = await call('POST', `/${comment.uuid}/hide`);
    expect(hide.statusCode).toBe(200);
    expect(hide.json().data).toMatchObject({ changed: true, resolved_reports: 2, comment: { state: 'hidden', open_reports: 0 } });
    expect(await chapterCommentsCount(ctx, chapterId)).toBe(before);
    const reports = await ctx.db.selectFrom('comment_reports').selectAll().where('comment_id', '=', comment.id).execute();
    expect(reports.every((r) => r.resolution === 'hidden' && r.resolved_by === admin.id && r.resolved_at !== null)).toBe(true);
    expect((await call('GET', '/reports')).json().data.total).toBe(0);

    const again = await call('POST', `/${comment.uuid}/hide`);
    expect(again.json().data).toMatchObject({ changed: false, resolved_reports: 0 });
    expect(await chapterCommentsCount(ctx, chapterId)).toBe(before);
    const rows = await auditRows(comment.uuid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'comment.hide', target_type: 'comment', actor_name: admin.username });
    expect(JSON.parse(rows[0]!.before_json!)).toMatchObject({ state: 'visible', open_reports: 2 });
    expect(JSON.parse(rows[0]!.after_json!)).toMatchObject({ state: 'hidden', open_reports: 0, resolution: 'hidden' });

    // Unhide: back for readers, counted again.
    const show = await call('POST', `/${comment.uuid}/show`);
    expect(show.json().data).toMatchObject({ changed: true, comment: { state: 'visible' } });
    expect(await chapterCommentsCount(ctx, chapterId)).toBe(before + 1);
    expect((await auditRows(comment.uuid)).map((r) => r.action)).toEqual(['comment.hide', 'comment.show']);
  });

  it('keeps a reply in its parent replies_count as it is hidden and shown', async () => {
    const chapterId = book.chapters[0]!.id;
    const parent = await createComment(ctx, { chapterId, userId: reader.id });
    const reply = await createComment(ctx, { chapterId, userId: reader.id, parentId: parent.id });
    const replies = async () =>
      (await ctx.db.selectFrom('comments').select('replies_count').where('id', '=', parent.id).executeTakeFirstOrThrow()).replies_count;
    expect(await replies()).toBe(1);
    await call('POST', `/${reply.uuid}/hide`);
    expect(await replies()).toBe(0);
    await call('POST', `/${reply.uuid}/show`);
    expect(await replies()).toBe(1);
  });

  it("counts a thread's replies in the chapter's figure only while readers can reach them, as hides, shows and deletes move", async () => {
    const fresh = await createBook(ctx, { chapters: 1, freeChapters: 1 });
    const chapter = fresh.chapters[0]!;
    const parent = await createComment(ctx, { chapterId: chapter.id, userId: reader.id });
    const [first, second] = [
      await createComment(ctx, { chapterId: chapter.id, userId: reader.id, parentId: parent.id }),
      await createComment(ctx, { chapterId: chapter.id, userId: reader.id, parentId: parent.id }),
    ];
    const lonely = await createComment(ctx, { chapterId: chapter.id, userId: reader.id });
    // The figure the chapter list shows, the one the comments heading shows (on the top-level
    // page), the stored counter and a count of what readers can reach are one number at every step.
    // (Asked with a token: visitors' copies are kept a few seconds by the public cache.)
    const figures = async () => {
      const asReader = { headers: authHeader(reader) };
      const listed = (await ctx.app.inject({ url: `/api/v1/comics/chapters/${fresh.uuid}/en-us/asc/0/10`, ...asReader })).json().data
        .result;
      const comments = (await ctx.app.inject({ url: `/api/v1/comics/chapter/${chapter.uuid}/comments?page_size=50`, ...asReader })).json()
        .data;
      const stored = await chapterCommentsCount(ctx, chapter.id);
      expect(listed.chapters[0].comments_count).toBe(stored);
      expect(comments.comments_count).toBe(stored);
      expect(stored).toBe(await reachableCommentsCount(ctx, chapter.id));
      return stored;
    };
    const act = async (comment: { uuid: string }, action: 'hide' | 'show' | 'delete') =>
      expect((await call('POST', `/${comment.uuid}/${action}`)).json().data.changed).toBe(true);

    expect(await figures()).toBe(4);
    // Hidden, the comment takes its two replies out of reach with it.
    await act(parent, 'hide');
    expect(await figures()).toBe(1);
    // A reply hidden under a hidden comment was out of reach already.
    await act(first, 'hide');
    expect(await figures()).toBe(1);
    await act(parent, 'show');
    expect(await figures()).toBe(3);
    await act(first, 'show');
    expect(await figures()).toBe(4);
    // Deleted, it stays as a tombstone and its replies stay in reach (and in the replies page).
    await act(parent, 'delete');
    expect(await figures()).toBe(3);
    const replies = await ctx.app.inject({ url: `/api/v1/comics/chapter/${chapter.uuid}/comments?parent_uuid=${parent.uuid}` });
    expect(replies.json().data).toMatchObject({ total: 2 });
    expect(replies.json().data).not.toHaveProperty('comments_count');
    await act(second, 'delete');
    await act(lonely, 'hide');
    expect(await figures()).toBe(1);
  });

  it('deletes a comment: text emptied, counters down, reports resolved deleted', async () => {
    const chapterId = book.chapters[0]!.id;
    const before = await chapterCommentsCount(ctx, chapterId);
    const comment = await reportedComment(1, { body: 'Nasty words here' });
    const response = await call('POST', `/${comment.uuid}/delete`);
    expect(response.json().data).toMatchObject({ changed: true, resolved_reports: 1, comment: { state: 'deleted', body: '' } });
    expect(await stateOf(comment.id)).toEqual({ state: 'deleted', open_reports: 0, body: '' });
    expect(await chapterCommentsCount(ctx, chapterId)).toBe(before);
    const report = await ctx.db
      .selectFrom('comment_reports')
      .select('resolution')
      .where('comment_id', '=', comment.id)
      .executeTakeFirstOrThrow();
    expect(report.resolution).toBe('deleted');
    expect((await auditRows(comment.uuid)).map((r) => r.action)).toEqual(['comment.delete']);
  });

  it('dismisses reports: comment untouched and still counted, reports resolved dismissed', async () => {
    await resolveAll();
    const chapterId = book.chapters[0]!.id;
    const comment = await reportedComment(2);
    const count = await chapterCommentsCount(ctx, chapterId);
    const response = await call('POST', `/${comment.uuid}/dismiss`);
    expect(response.json().data).toMatchObject({ changed: true, resolved_reports: 2, comment: { state: 'visible', open_reports: 0 } });
    expect(await chapterCommentsCount(ctx, chapterId)).toBe(count);
    const reports = await ctx.db.selectFrom('comment_reports').select('resolution').where('comment_id', '=', comment.id).execute();
    expect(reports.map((r) => r.resolution)).toEqual(['dismissed', 'dismissed']);
    expect((await call('GET', '/reports')).json().data.total).toBe(0);
    // Nothing left to dismiss: no second audit row.
    expect((await call('POST', `/${comment.uuid}/dismiss`)).json().data.changed).toBe(false);
    expect((await auditRows(comment.uuid)).map((r) => r.action)).toEqual(['comment.dismiss']);
  });

  it('lists held comments with the filter entries they match; approve shows and counts them', async () => {
    const chapterId = book.chapters[0]!.id;
    const created = await call('POST', '/word-filters', { pattern: 'Heldword', action: 'hold' });
    expect(created.statusCode).toBe(201);
    const comment = await createComment(ctx, { chapterId, userId: reader.id, state: 'held', body: 'this has a HELDWORD in it' });
    const count = await chapterCommentsCount(ctx, chapterId);
    const held = (await call('GET', '/held')).json().data;
    const item = held.items.find((i: { comment: { comment_uuid: string } }) => i.comment.comment_uuid === comment.uuid);
    expect(item).toMatchObject({ matched: ['heldword'], comment: { state: 'held' } });
    const approve = await call('POST', `/${comment.uuid}/show`);
    expect(approve.json().data.comment.state).toBe('visible');
    expect(await chapterCommentsCount(ctx, chapterId)).toBe(count + 1);
    expect(
      (await call('GET', '/held'))
        .json()
        .data.items.some((i: { comment: { comment_uuid: string } }) => i.comment.comment_uuid === comment.uuid),
    ).toBe(false);
    await call('DELETE', `/word-filters/${created.json().data.id}`);
  });

  it('bans for a period and for good, lists active bans, lifts them, all audited', async () => {
    const target = await createUser(ctx);
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const put = await call('PUT', `/bans/${target.uuid}`, { reason: 'Spam links', until });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.ban).toMatchObject({ user: { uuid: target.uuid }, reason: 'Spam links', until, created_by: admin.username });
    const stored = await ctx.db.selectFrom('comment_bans').selectAll().where('user_id', '=', target.id).executeTakeFirstOrThrow();
    expect(Number(stored.until)).toBe(Date.parse(until));

    // Replaced by a ban for good.
    const forGood = await call('PUT', `/bans/${target.uuid}`, { reason: 'Again', until: null });
    expect(forGood.json().data.ban.until).toBeNull();
    const listed = (await call('GET', '/bans')).json().data.items;
    expect(listed.filter((b: { user: { uuid: string } }) => b.user.uuid === target.uuid)).toHaveLength(1);

    const lift = await call('DELETE', `/bans/${target.uuid}`);
    expect(lift.json().data).toEqual({ lifted: true });
    expect((await call('DELETE', `/bans/${target.uuid}`)).json().data).toEqual({ lifted: false });
    expect((await call('GET', '/bans')).json().data.items.some((b: { user: { uuid: string } }) => b.user.uuid === target.uuid)).toBe(false);
    expect((await auditRows(target.uuid)).map((r) => r.action)).toEqual(['comment_ban.set', 'comment_ban.set', 'comment_ban.lift']);

    // An expired ban is not listed.
    await ctx.db
      .insertInto('comment_bans')
      .values({ user_id: target.id, reason: 'old', until: Date.now() - 1000, created_at: Date.now() - 5000, created_by: admin.id })
      .execute();
    expect((await call('GET', '/bans')).json().data.items.some((b: { user: { uuid: string } }) => b.user.uuid === target.uuid)).toBe(false);
  });

  it("a ban may hide the reader's comments of the last 7 days", async () => {
    const target = await createUser(ctx);
    const chapterId = book.chapters[0]!.id;
    const recent = await createComment(ctx, { chapterId, userId: target.id });
    const old = await createComment(ctx, { chapterId, userId: target.id, createdAt: Date.now() - 8 * 86_400_000 });
    const count = await chapterCommentsCount(ctx, chapterId);
    const put = await call('PUT', `/bans/${target.uuid}`, { reason: 'Abuse', until: null, hide_recent_comments: true });
    expect(put.json().data.hidden_comments).toBe(1);
    expect((await stateOf(recent.id)).state).toBe('hidden');
    expect((await stateOf(old.id)).state).toBe('visible');
    expect(await chapterCommentsCount(ctx, chapterId)).toBe(count - 1);
    const panel = (await call('GET', `/readers/${target.uuid}`)).json().data;
    expect(panel.ban).toMatchObject({ reason: 'Abuse', until: null });
    expect(panel.comments.map((c: { comment_uuid: string; state: string }) => [c.comment_uuid, c.state])).toEqual([
      [recent.uuid, 'hidden'],
      [old.uuid, 'visible'],
    ]);
    expect(panel.comments[0].author.banned).toBe(true);
  });

  it('refuses a ban that ends in the past, without a reason, or for an unknown reader', async () => {
    const target = await createUser(ctx);
    const past = await call('PUT', `/bans/${target.uuid}`, { reason: 'x', until: new Date(Date.now() - 60_000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().code).toBe('VALIDATION_FAILED');
    expect((await call('PUT', `/bans/${target.uuid}`, { reason: '', until: null })).statusCode).toBe(400);
    expect((await call('PUT', `/bans/${target.uuid}`, { reason: 'x' })).statusCode).toBe(400);
    expect((await call('PUT', `/bans/${target.uuid}`, { reason: 'x', until: 'tomorrow' })).statusCode).toBe(400);
    const unknown = await call('PUT', `/bans/${randomUUID()}`, { reason: 'x', until: null });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('USER_NOT_FOUND');
    expect((await call('DELETE', `/bans/${randomUUID()}`)).statusCode).toBe(404);
    expect((await call('GET', `/readers/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('word filter: create cleaned and folded, refuse folded duplicates 409, bad patterns 400, delete, preview', async () => {
    const created = await call('POST', '/word-filters', { pattern: '  Spám  ', action: 'mask' });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ pattern: 'spam', action: 'mask' });
    for (const duplicate of ['SPAM', 'spam', 'ｓｐａｍ', 'spám'])
      expect((await call('POST', '/word-filters', { pattern: duplicate, action: 'hold' })).statusCode).toBe(409);
    expect((await call('POST', '/word-filters', { pattern: 'x'.repeat(65), action: 'mask' })).statusCode).toBe(400);
    expect((await call('POST', '/word-filters', { pattern: 'a'.repeat(64), action: 'mask' })).statusCode).toBe(201);
    expect((await call('POST', '/word-filters', { pattern: '   ', action: 'mask' })).statusCode).toBe(400);
    expect((await call('POST', '/word-filters', { pattern: 'bad\u202Eword', action: 'mask' })).statusCode).toBe(400);
    expect((await call('POST', '/word-filters', { pattern: 'two\nlines', action: 'mask' })).statusCode).toBe(400);
    expect((await call('POST', '/word-filters', { pattern: 'ok', action: 'ban' })).statusCode).toBe(400);

    const preview = await call('POST', '/word-filters/preview', { text: 'Buy SPAM now, classy' });
    expect(preview.json().data).toEqual({ text: 'Buy **** now, classy', held: false, matched: ['spam'] });

    const list = (await call('GET', '/word-filters')).json().data;
    expect(list.items.map((f: { pattern: string }) => f.pattern)).toContain('spam');
    const id = created.json().data.id;
    expect((await call('DELETE', `/word-filters/${id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/word-filters/${id}`)).statusCode).toBe(404);
    expect((await call('DELETE', '/word-filters/abc')).statusCode).toBe(400);
    expect((await auditRows(String(id))).map((r) => r.action)).toEqual(['word_filter.create', 'word_filter.delete']);
  });

  it("closes and opens a book's comments, audited once per change", async () => {
    const other = await createBook(ctx, { chapters: 1 });
    expect((await call('GET', `/books/${other.uuid}`)).json().data).toEqual({ book_uuid: other.uuid, closed: false });
    expect((await call('PUT', `/books/${other.uuid}`, { closed: true })).json().data.closed).toBe(true);
    expect((await call('PUT', `/books/${other.uuid}`, { closed: true })).json().data.closed).toBe(true);
    const row = await ctx.db.selectFrom('books').select('comments_closed').where('id', '=', other.id).executeTakeFirstOrThrow();
    expect(row.comments_closed).toBe(1);
    expect((await call('PUT', `/books/${other.uuid}`, { closed: false })).json().data.closed).toBe(false);
    expect((await auditRows(other.uuid)).map((r) => r.action)).toEqual(['book.comments', 'book.comments']);
    expect((await call('PUT', `/books/${randomUUID()}`, { closed: true })).statusCode).toBe(404);
    expect((await call('PUT', `/books/${other.uuid}`, { closed: 'yes' })).statusCode).toBe(400);
  });

  it('lists reviews and hides one; the score still counts', async () => {
    const rater = await createUser(ctx);
    const rated = await createBook(ctx, { chapters: 1, titles: { 'en-us': 'Rated One' } });
    await createRating(ctx, { bookId: rated.id, userId: rater.id, score: 8, review: 'Loved <b>it</b>' });
    const list = (await call('GET', `/reviews?book_uuid=${rated.uuid}`)).json().data;
    expect(list.items).toEqual([
      expect.objectContaining({
        book: expect.objectContaining({ uuid: rated.uuid, title: 'Rated One' }),
        score: 8,
        review: 'Loved <b>it</b>',
        review_state: 'visible',
      }),
    ]);
    const hide = await call('PUT', `/reviews/${rated.uuid}/${rater.uuid}`, { state: 'hidden' });
    expect(hide.json().data).toEqual({ review_state: 'hidden', changed: true });
    expect((await call('PUT', `/reviews/${rated.uuid}/${rater.uuid}`, { state: 'hidden' })).json().data.changed).toBe(false);
    expect((await call('GET', `/reviews?book_uuid=${rated.uuid}&state=hidden`)).json().data.total).toBe(1);
    const counters = await ctx.db
      .selectFrom('books')
      .select(['rating_count', 'rating_sum'])
      .where('id', '=', rated.id)
      .executeTakeFirstOrThrow();
    expect(counters).toEqual({ rating_count: 1, rating_sum: 8 });
    expect((await auditRows(rated.uuid)).map((r) => r.action)).toEqual(['review.hide']);
    expect((await call('PUT', `/reviews/${rated.uuid}/${reader.uuid}`, { state: 'hidden' })).statusCode).toBe(404);
    expect((await call('PUT', `/reviews/${rated.uuid}/${rater.uuid}`, { state: 'held' })).statusCode).toBe(400);
  });

  it('refuses non-admins (403) and visitors (401); unknown comments 404; bad input 400', async () => {
    const comment = await reportedComment(1);
    for (const [method, url] of [
      ['GET', '/reports'],
      ['GET', '/held'],
      ['POST', `/${comment.uuid}/hide`],
      ['POST', `/${comment.uuid}/dismiss`],
      ['GET', '/bans'],
      ['GET', '/word-filters'],
    ] as const) {
      const response = await call(method, url, undefined, reader);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/comments/reports' })).statusCode).toBe(401);
    expect((await stateOf(comment.id)).state).toBe('visible');

    const unknown = await call('POST', `/${randomUUID()}/hide`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('COMMENT_NOT_FOUND');
    expect((await call('POST', `/${randomUUID()}/dismiss`)).statusCode).toBe(404);
    expect((await call('POST', '/not-a-uuid/hide')).statusCode).toBe(400);
    expect((await call('GET', '/reports?page_size=100000')).statusCode).toBe(400);
    expect((await call('GET', '/reports?page=1000000&page_size=200')).json().data.items).toEqual([]);
    expect((await call('GET', '/reports?state=deleted')).statusCode).toBe(400);
    expect((await call('GET', '/reviews?book_uuid=' + randomUUID())).json().data).toEqual({ items: [], total: 0 });
  });
});

describe(`moderation with COMMUNITY=off on ${TEST_DIALECT}`, () => {
  let off: TestContext;
  let offAdmin: TestUser;
  beforeAll(async () => {
    ({ ctx: off, admin: offAdmin } = await createAdminContext({ COMMUNITY: 'off' }));
  });
  afterAll(() => off.close());

  it('answers 404 NOT_FOUND to every moderation call', async () => {
    for (const [method, url] of [
      ['GET', '/reports'],
      ['GET', '/held'],
      ['POST', `/${randomUUID()}/hide`],
      ['GET', '/bans'],
      ['PUT', `/bans/${randomUUID()}`],
      ['GET', '/word-filters'],
      ['POST', '/word-filters/preview'],
      ['PUT', `/books/${randomUUID()}`],
      ['GET', '/reviews'],
    ] as const) {
      const response = await off.app.inject({ method, url: `/api/v1/admin/comments${url}`, headers: authHeader(offAdmin) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });
});
