import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCli } from './helpers/admin-cli.js';
import { authHeader, createBook, createUser, type TestBook, type TestUser } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

// The operator's publishing days and ranking exclusion (admin book update), the credits it keeps in
// step, and what the book page says of the next chapter (docs/DISCOVERY.md, docs/ADMIN.md).

let ctx: TestContext;
let admin: TestUser;
let book: TestBook;

const put = (uuid: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: `/api/v1/admin/books/${uuid}`, headers: authHeader(admin), payload });
const audits = async (uuid: string, action: string) =>
  (
    await ctx.db
      .selectFrom('audit_log')
      .select(['before_json', 'after_json', 'actor_name'])
      .where('target_id', '=', uuid)
      .where('action', '=', action)
      .orderBy('id')
      .execute()
  ).map((row) => ({ before: JSON.parse(row.before_json!), after: JSON.parse(row.after_json!), actor: row.actor_name }));
const bookPage = async (uuid: string) =>
  (await ctx.app.inject(`/api/v1/comics/chapters/${uuid}/en-us/asc/0/10`)).json().data.result as {
    author: string | null;
    creators: { name: string; slug: string; role: string }[];
    next_release: { days: number[]; time: string | null; time_zone: string; next_chapter_at: string | null } | null;
    chapters: unknown[];
  };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, { role: 'admin' });
  book = await createBook(ctx, { author: 'Ada Morrow', chapters: 1 });
});
afterAll(() => ctx.close());

describe('publishing days and ranking exclusion in the console', () => {
  it('starts with no days, UTC, not excluded', async () => {
    const detail = (await ctx.app.inject({ url: `/api/v1/admin/books/${book.uuid}`, headers: authHeader(admin) })).json().data;
    expect(detail).toMatchObject({ publishing: { days: [], time: null, time_zone: 'UTC' }, ranking_excluded: false, artist: null });
  });

  it('sets the publishing days, audited as book.publishing with before and after', async () => {
    const response = await put(book.uuid, { publishing: { days: [5, 2], time: '10:00', time_zone: 'Asia/Shanghai' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.publishing).toEqual({ days: [2, 5], time: '10:00', time_zone: 'Asia/Shanghai' });
    expect(await audits(book.uuid, 'book.publishing')).toEqual([
      {
        before: { days: [], time: null, time_zone: 'UTC' },
        after: { days: [2, 5], time: '10:00', time_zone: 'Asia/Shanghai' },
        actor: admin.username,
      },
    ]);
    // The same schedule again changes nothing and writes no entry.
    expect((await put(book.uuid, { publishing: { days: [2, 5], time: '10:00', time_zone: 'Asia/Shanghai' } })).statusCode).toBe(200);
    expect(await audits(book.uuid, 'book.publishing')).toHaveLength(1);
  });

  it('excludes the book from rankings and back, each change audited as book.ranking', async () => {
    expect((await put(book.uuid, { ranking_excluded: true })).json().data.ranking_excluded).toBe(true);
    expect((await put(book.uuid, { ranking_excluded: true })).statusCode).toBe(200);
    expect((await put(book.uuid, { ranking_excluded: false })).json().data.ranking_excluded).toBe(false);
    expect(await audits(book.uuid, 'book.ranking')).toEqual([
      { before: { ranking_excluded: false }, after: { ranking_excluded: true }, actor: admin.username },
      { before: { ranking_excluded: true }, after: { ranking_excluded: false }, actor: admin.username },
    ]);
    const row = await ctx.db.selectFrom('books').select('ranking_excluded').where('id', '=', book.id).executeTakeFirstOrThrow();
    expect(row.ranking_excluded).toBe(0);
  });

  it('refuses a bad schedule with a 400 and changes nothing', async () => {
    const refused = async (publishing: object, code: string) => {
      const response = await put(book.uuid, { publishing });
      expect(response.statusCode, JSON.stringify(publishing)).toBe(400);
      expect(response.json().code, JSON.stringify(publishing)).toBe(code);
    };
    await refused({ days: [2], time: '10:00', time_zone: 'Mars/Olympus_Mons' }, 'INVALID_TIME_ZONE');
    await refused({ days: [8], time: '10:00', time_zone: 'UTC' }, 'VALIDATION_FAILED');
    await refused({ days: [0], time: '10:00', time_zone: 'UTC' }, 'VALIDATION_FAILED');
    await refused({ days: [2, 2], time: '10:00', time_zone: 'UTC' }, 'VALIDATION_FAILED');
    await refused({ days: [2], time: '24:00', time_zone: 'UTC' }, 'VALIDATION_FAILED');
    await refused({ days: [2], time: '9:00', time_zone: 'UTC' }, 'VALIDATION_FAILED');
    await refused({ days: [2], time_zone: 'UTC' }, 'VALIDATION_FAILED');
    const excluded = await put(book.uuid, { ranking_excluded: 'yes' });
    expect(excluded.statusCode).toBe(400);
    const detail = (await ctx.app.inject({ url: `/api/v1/admin/books/${book.uuid}`, headers: authHeader(admin) })).json().data;
    expect(detail.publishing).toEqual({ days: [2, 5], time: '10:00', time_zone: 'Asia/Shanghai' });
  });
});

describe('credits kept in step by the console', () => {
  it('splits the author line into people and adds the artist, on the book page and in the detail', async () => {
    const response = await put(book.uuid, { author: 'Ada Morrow & 刘慈欣', artist: 'Bea Stone' });
    expect(response.json().data).toMatchObject({ author: 'Ada Morrow & 刘慈欣', artist: 'Bea Stone' });
    const page = await bookPage(book.uuid);
    expect(page.author).toBe('Ada Morrow & 刘慈欣');
    expect(page.creators).toEqual([
      { name: 'Ada Morrow', slug: 'ada-morrow', role: 'author' },
      { name: '刘慈欣', slug: '刘慈欣', role: 'author' },
      { name: 'Bea Stone', slug: 'bea-stone', role: 'artist' },
    ]);
    const [entry] = await audits(book.uuid, 'book.update').then((rows) => rows.slice(-1));
    expect(entry).toMatchObject({ before: { artist: null }, after: { author: 'Ada Morrow & 刘慈欣', artist: 'Bea Stone' } });
  });

  it('removes the artist with null and creates a book with one', async () => {
    await put(book.uuid, { artist: null });
    expect((await bookPage(book.uuid)).creators.map((c) => c.role)).toEqual(['author', 'author']);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/books',
      headers: authHeader(admin),
      payload: { original_language: 'en-us', titles: { 'en-us': 'Drawn' }, book_type: 'comic', author: 'Kai', artist: 'Noor / Sam' },
    });
    expect(created.json().data).toMatchObject({ author: 'Kai', artist: 'Noor & Sam' });
  });
});

describe('the next release on the book page', () => {
  it('is the next Tuesday or Friday 10:00 in Shanghai (02:00 UTC), with the days and zone', async () => {
    const page = await bookPage(book.uuid);
    const now = Date.now();
    // Shanghai keeps no summer time: Tuesdays and Fridays 10:00 there are 02:00 UTC those days.
    let expected = 0;
    for (let day = 0; day <= 7 && expected === 0; day += 1) {
      const date = new Date(now + day * 86_400_000);
      const candidate = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), 2, 0);
      if ([2, 5].includes(new Date(candidate).getUTCDay()) && candidate >= now - 60_000) expected = candidate;
    }
    expect(page.next_release).toEqual({
      days: [2, 5],
      time: '10:00',
      time_zone: 'Asia/Shanghai',
      next_chapter_at: new Date(expected).toISOString(),
    });
  });

  it('is the scheduled chapter when one is set, and shows nothing of it', async () => {
    const scheduled = await createBook(ctx, { chapters: 2 });
    const at = new Date(Date.now() + 3 * 3_600_000);
    at.setUTCSeconds(0, 0);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/chapters/${scheduled.chapters[1]!.uuid}/unpublish`,
      headers: authHeader(admin),
    });
    // Asked before the schedule: kept by the public cache until the schedule moves the catalogue version.
    expect((await bookPage(scheduled.uuid)).next_release).toBeNull();
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/chapters/${scheduled.chapters[1]!.uuid}/schedule`,
      headers: authHeader(admin),
      payload: { publish_at: at.toISOString() },
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = await bookPage(scheduled.uuid);
    expect(page.next_release).toEqual({ days: [], time: null, time_zone: 'UTC', next_chapter_at: at.toISOString() });
    expect(page.chapters).toHaveLength(1);
  });

  it('is null for a book without days or schedule, and for a completed book', async () => {
    expect((await bookPage((await createBook(ctx)).uuid)).next_release).toBeNull();
    const completed = await createBook(ctx, { status: 'completed' });
    await put(completed.uuid, { publishing: { days: [1], time: null, time_zone: 'UTC' } });
    expect((await bookPage(completed.uuid)).next_release).toBeNull();
  });
});

describe('the same settings from the command line', () => {
  it('sets the publishing days and the exclusion, audited as cli, and refuses bad values', async () => {
    const cli = adminCli(ctx);
    const target = await createBook(ctx);
    const set = await cli('book', 'publishing', target.uuid, '--days', 'tue,fri', '--time', '21:30', '--time-zone', 'Europe/Paris');
    expect(set.code, set.err).toBe(0);
    expect(set.out).toContain('publishes tue,fri 21:30 Europe/Paris');
    const shown = await cli('book', 'publishing', target.uuid);
    expect(shown.out).toContain('publishes tue,fri 21:30 Europe/Paris');
    expect(await audits(target.uuid, 'book.publishing')).toEqual([
      {
        before: { days: [], time: null, time_zone: 'UTC' },
        after: { days: [2, 5], time: '21:30', time_zone: 'Europe/Paris' },
        actor: 'cli',
      },
    ]);
    expect((await bookPage(target.uuid)).next_release?.days).toEqual([2, 5]);

    expect((await cli('book', 'ranking', target.uuid, '--exclude')).out).toContain('excluded from the rankings');
    expect(await audits(target.uuid, 'book.ranking')).toEqual([
      { before: { ranking_excluded: false }, after: { ranking_excluded: true }, actor: 'cli' },
    ]);

    const badZone = await cli('book', 'publishing', target.uuid, '--time-zone', 'Mars/Olympus_Mons');
    expect(badZone.code).toBe(1);
    expect(badZone.err).toContain('publishing.time_zone');
    const badDay = await cli('book', 'publishing', target.uuid, '--days', 'tue,someday');
    expect(badDay.code).not.toBe(0);
    const badTime = await cli('book', 'publishing', target.uuid, '--time', '25:00');
    expect(badTime.code).not.toBe(0);
  });
});
