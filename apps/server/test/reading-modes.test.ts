import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCli } from './helpers/admin-cli.js';
import { createAdminContext } from './helpers/admin-context.js';
import { bookChanged, authHeader, createBook, createUser, nextClientIp, type TestBook, type TestUser } from './helpers/factories.js';
import { feedTrees, makeFeedKey } from './helpers/feed-keys.js';
import { checkOpds2 } from './helpers/opds2-schema.js';
import type { TestContext } from './helpers/test-context.js';

interface Feed2 {
  publications?: { metadata: { identifier?: string; readingProgression?: string } }[];
}

/**
 * The book's reading settings (issue 45): carried by the book detail and chapter content answers
 * (with `spread` on wide pages), the Divina manifest's and the OPDS 2.0 feeds' readingProgression, changed by the
 * operator in the console (audited, the public answers follow at once) and the CLI.
 */
let ctx: TestContext;
let admin: TestUser;
let manga: TestBook;

beforeAll(async () => {
  ({ ctx, admin } = await createAdminContext());
  manga = await createBook(ctx, { chapters: 2, freeChapters: 2, pagesPerChapter: 3 });
  // The second page of chapter 1 is a double-page spread: wider than tall.
  const spread = await ctx.db
    .selectFrom('chapter_pages')
    .select('id')
    .where('chapter_id', '=', manga.chapters[0]!.id)
    .where('position', '=', 1)
    .executeTakeFirstOrThrow();
  await ctx.db.updateTable('chapter_pages').set({ width: 1600, height: 1200 }).where('id', '=', spread.id).execute();
  await bookChanged(ctx, manga.id);
}, 60_000);
afterAll(() => ctx?.close());

const bookDetail = (book: TestBook) =>
  ctx.app.inject({ url: `/api/v1/comics/chapters/${book.uuid}/en-us/asc/0/10`, remoteAddress: nextClientIp() });
const chapterContent = (chapterUuid: string) =>
  ctx.app.inject({ url: `/api/v1/comics/chapter_comics/${chapterUuid}/en-us`, remoteAddress: nextClientIp() });
const patchReading = (book: TestBook | string, payload: unknown, user: TestUser = admin) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/v1/admin/books/${typeof book === 'string' ? book : book.uuid}/reading`,
    headers: authHeader(user),
    remoteAddress: nextClientIp(),
    payload: payload as Record<string, unknown>,
  });
const auditOf = (bookUuid: string) =>
  ctx.db
    .selectFrom('audit_log')
    .select(['action', 'actor_name', 'before_json', 'after_json'])
    .where('target_id', '=', bookUuid)
    .where('action', '=', 'book.reading')
    .orderBy('id')
    .execute();

describe('the reading settings of a book', () => {
  it('are left to right and one long strip for a book nobody set, in both public answers', async () => {
    const book = await createBook(ctx, { chapters: 1, freeChapters: 1 });
    const detail = await bookDetail(book);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.result.reading).toEqual({ direction: 'ltr', mode: 'strip' });
    const content = await chapterContent(book.chapters[0]!.uuid);
    expect(content.json().data.result.reading).toEqual({ direction: 'ltr', mode: 'strip' });
  });

  it('marks a page wider than tall as a spread, and only that page', async () => {
    const content = await chapterContent(manga.chapters[0]!.uuid);
    expect(content.statusCode, content.body).toBe(200);
    const pages = content.json().data.result.pages as { width: number; height: number; spread?: boolean }[];
    expect(pages.map((page) => page.spread ?? null)).toEqual([null, true, null]);
    expect(pages[0]).not.toHaveProperty('spread');
  });

  it('are changed by the console (audited once), and the public answers follow at once', async () => {
    // Both answers are in the public cache before the change.
    expect((await bookDetail(manga)).json().data.result.reading).toEqual({ direction: 'ltr', mode: 'strip' });
    expect((await chapterContent(manga.chapters[1]!.uuid)).json().data.result.reading).toEqual({ direction: 'ltr', mode: 'strip' });

    const changed = await patchReading(manga, { direction: 'rtl', mode: 'single' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.reading).toEqual({ direction: 'rtl', mode: 'single' });
    const detail = await ctx.app.inject({ url: `/api/v1/admin/books/${manga.uuid}`, headers: authHeader(admin) });
    expect(detail.json().data.reading).toEqual({ direction: 'rtl', mode: 'single' });

    expect((await bookDetail(manga)).json().data.result.reading).toEqual({ direction: 'rtl', mode: 'single' });
    expect((await chapterContent(manga.chapters[1]!.uuid)).json().data.result.reading).toEqual({ direction: 'rtl', mode: 'single' });

    // Only the given field changes; the same values again change nothing and are not audited.
    expect((await patchReading(manga, { mode: 'double' })).json().data.reading).toEqual({ direction: 'rtl', mode: 'double' });
    expect((await patchReading(manga, { mode: 'double' })).statusCode).toBe(200);
    const audit = await auditOf(manga.uuid);
    expect(audit.map((entry) => [entry.actor_name, JSON.parse(entry.before_json!), JSON.parse(entry.after_json!)])).toEqual([
      [admin.username, { direction: 'ltr', mode: 'strip' }, { direction: 'rtl', mode: 'single' }],
      [admin.username, { direction: 'rtl', mode: 'single' }, { direction: 'rtl', mode: 'double' }],
    ]);
    // The console's book list shows them in the book's row.
    const list = await ctx.app.inject({ url: '/api/v1/admin/books?page_size=100', headers: authHeader(admin) });
    const row = (list.json().data.items as { book_uuid: string; reading: unknown }[]).find((item) => item.book_uuid === manga.uuid);
    expect(row?.reading).toEqual({ direction: 'rtl', mode: 'double' });
  });

  it('refuses bad values (400), an unknown book (404) and a reader (403)', async () => {
    for (const body of [{ mode: 'webtoon' }, { direction: 'up' }, {}]) {
      const refused = await patchReading(manga, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().code).toBe('VALIDATION_FAILED');
    }
    const unknown = await patchReading('00000000-0000-4000-8000-000000000000', { mode: 'single' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'BOOK_NOT_FOUND']);
    const reader = await createUser(ctx);
    expect((await patchReading(manga, { mode: 'single' }, reader)).statusCode).toBe(403);
  });

  it('give the Divina manifest its readingProgression', async () => {
    const reader = await createUser(ctx);
    const [tree] = feedTrees(reader, (await makeFeedKey(ctx, reader)).key);
    const ltrBook = await createBook(ctx, { chapters: 1, freeChapters: 1 });
    const manifest = async (chapterUuid: string) => {
      const response = await ctx.app.inject({ url: `${tree!.root}v2/chapter/${chapterUuid}/manifest.json`, headers: tree!.headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().metadata.readingProgression as string;
    };
    expect(await patchReading(manga, { direction: 'rtl' })).toMatchObject({ statusCode: 200 });
    expect(await manifest(manga.chapters[0]!.uuid)).toBe('rtl');
    expect(await manifest(ltrBook.chapters[0]!.uuid)).toBe('ltr');
  });

  it("give the OPDS 2.0 feeds' comic publications their readingProgression, in the book lists and a book's chapters", async () => {
    const reader = await createUser(ctx);
    const [tree] = feedTrees(reader, (await makeFeedKey(ctx, reader)).key);
    const tag = 'reading-progression';
    const rtlComic = await createBook(ctx, { chapters: 2, freeChapters: 1, tags: [tag] });
    const ltrComic = await createBook(ctx, { chapters: 1, freeChapters: 1, tags: [tag] });
    const novel = await createBook(ctx, { bookType: 'novel', chapters: 1, freeChapters: 1, chapterText: () => '<p>One</p>', tags: [tag] });
    const feed = async (path: string) => {
      const response = await ctx.app.inject({ url: `${tree!.root}v2/${path}`, headers: tree!.headers });
      expect(response.statusCode, response.body).toBe(200);
      const document = response.json() as Feed2;
      expect(checkOpds2('feed', document), path).toEqual([]);
      return document;
    };
    const progressionOf = (document: Feed2, uuid: string) =>
      document.publications!.find((publication) => publication.metadata.identifier === `urn:uuid:${uuid}`)!.metadata.readingProgression;

    // Read once before the change: the change must reach feeds already built and cached.
    expect(progressionOf(await feed(`tag/${tag}`), rtlComic.uuid)).toBe('ltr');
    expect(await patchReading(rtlComic, { direction: 'rtl' })).toMatchObject({ statusCode: 200 });
    const list = await feed(`tag/${tag}`);
    expect(progressionOf(list, rtlComic.uuid)).toBe('rtl');
    expect(progressionOf(list, ltrComic.uuid)).toBe('ltr');
    // A novel's text direction follows its language: no page direction.
    expect(progressionOf(list, novel.uuid)).toBeUndefined();

    const chapters = await feed(`book/${rtlComic.uuid}`);
    // The free chapter (a manifest) and the locked one (the top-up link only) alike.
    expect(rtlComic.chapters.map((chapter) => progressionOf(chapters, chapter.uuid))).toEqual(['rtl', 'rtl']);
    const novelChapters = await feed(`book/${novel.uuid}`);
    expect(novelChapters.publications!.map((publication) => publication.metadata.readingProgression)).toEqual(
      novelChapters.publications!.map(() => undefined),
    );
  });

  it('are set by the CLI (audited as cli), which checks its options', async () => {
    const cli = adminCli(ctx);
    const book = await createBook(ctx, { chapters: 1, freeChapters: 1 });
    const set = await cli('book', 'reading', book.uuid, '--direction', 'rtl', '--mode', 'single');
    expect(set, set.err).toMatchObject({ code: 0 });
    expect(set.out).toBe(`book ${book.uuid}: direction rtl, mode single`);
    expect((await auditOf(book.uuid)).map((entry) => entry.actor_name)).toEqual(['cli']);
    expect((await bookDetail(book)).json().data.result.reading).toEqual({ direction: 'rtl', mode: 'single' });

    const shown = await cli('book', 'reading', book.uuid);
    expect([shown.code, shown.out]).toEqual([0, `book ${book.uuid}: direction rtl, mode single`]);
    const wrong = await cli('book', 'reading', book.uuid, '--mode', 'webtoon');
    expect([wrong.code, wrong.err]).toEqual([2, expect.stringContaining('--mode must be strip, single, double')]);
    const unknown = await cli('book', 'reading', '00000000-0000-4000-8000-000000000000', '--mode', 'single');
    expect([unknown.code, unknown.err]).toEqual([1, expect.stringContaining('no book')]);
    const help = await cli('book', 'reading', '--help');
    expect([help.code, help.out]).toEqual([0, expect.stringContaining('--direction ltr|rtl')]);
  });
});
