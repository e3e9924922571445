import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCli } from './helpers/admin-cli.js';
import { authHeader, createBook, createUser, nextClientIp, type TestUser } from './helpers/factories.js';
import { buildEpub, buildZip, pages, writeFixture } from './helpers/import-fixtures.js';
import { bookUuidOf, importTestKit, type ImportTestKit } from './helpers/import-test-kit.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * Issue 61: where a book's content rating comes from (the console, the command line, an import's
 * own metadata), the reader's age confirmation, and the book list's content-descriptor filters.
 * Who is shown what is content-rating-walk.test.ts.
 */
let ctx: TestContext;
let admin: TestUser;
let kit: ImportTestKit;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, { role: 'admin' });
  kit = importTestKit(ctx);
});
afterAll(async () => {
  kit?.cleanup();
  await ctx?.close();
});

const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: user ? authHeader(user) : {},
    remoteAddress: nextClientIp(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const ratingOf = async (uuid: string) =>
  ctx.db.selectFrom('books').select(['content_rating', 'content_descriptors']).where('uuid', '=', uuid).executeTakeFirstOrThrow();

describe(`content ratings in the console and the command line (${TEST_DIALECT})`, () => {
  it('the console sets a rating and descriptors, audited, and filters the books table by rating', async () => {
    const book = await createBook(ctx, { titles: { 'en-us': 'Night Ledger' } });
    const before = await call(admin, 'GET', `/api/v1/admin/books/${book.uuid}`);
    expect(before.json().data).toMatchObject({ content_rating: 'all_ages', content_descriptors: [] });
    const updated = await call(admin, 'PUT', `/api/v1/admin/books/${book.uuid}`, {
      content_rating: 'mature',
      content_descriptors: ['horror', 'violence'],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    // Stored in the contracts' order whatever order they came in.
    expect(updated.json().data).toMatchObject({ content_rating: 'mature', content_descriptors: ['violence', 'horror'] });
    expect(await ratingOf(book.uuid)).toEqual({ content_rating: 'mature', content_descriptors: 'violence,horror' });
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['before_json', 'after_json'])
      .where('action', '=', 'book.update')
      .where('target_id', '=', book.uuid)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.after_json))).toMatchObject({ content_rating: 'mature', content_descriptors: ['violence', 'horror'] });
    expect(JSON.parse(String(audit.before_json))).toMatchObject({ content_rating: 'all_ages', content_descriptors: [] });

    const mature = await call(admin, 'GET', '/api/v1/admin/books?content_rating=mature');
    expect(mature.json().data.items.map((item: { book_uuid: string }) => item.book_uuid)).toEqual([book.uuid]);
    expect(mature.json().data.items[0].content_rating).toBe('mature');
    const adult = await call(admin, 'GET', '/api/v1/admin/books?content_rating=adult');
    expect(adult.json().data.total).toBe(0);

    for (const body of [
      { content_rating: 'x18' },
      { content_descriptors: ['gore', 'cooking'] },
      { content_descriptors: ['gore', 'gore'] },
    ]) {
      const refused = await call(admin, 'PUT', `/api/v1/admin/books/${book.uuid}`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await call(admin, 'GET', '/api/v1/admin/books?content_rating=x18')).statusCode).toBe(400);
  });

  it('the command line shows and sets them, refusing unknown words', async () => {
    const book = await createBook(ctx);
    const shown = await adminCli(ctx)('book', 'rating', book.uuid);
    expect(shown.code, shown.err).toBe(0);
    expect(shown.out).toContain('rated all_ages; descriptors: none');
    const set = await adminCli(ctx)('book', 'rating', book.uuid, '--rating', 'adult', '--descriptors', 'nudity,sexual_content');
    expect(set.code, set.err).toBe(0);
    expect(set.out).toContain('rated adult; descriptors: sexual_content, nudity');
    expect(await ratingOf(book.uuid)).toEqual({ content_rating: 'adult', content_descriptors: 'sexual_content,nudity' });
    const bad = await adminCli(ctx)('book', 'rating', book.uuid, '--rating', 'R');
    expect(bad.code).not.toBe(0);
    expect(bad.err).toContain('--rating must be all_ages, teen, mature, adult');
    const badWord = await adminCli(ctx)('book', 'rating', book.uuid, '--descriptors', 'gore,spiders');
    expect(badWord.err).toContain('not spiders');
    const none = await adminCli(ctx)('book', 'rating', book.uuid, '--descriptors', 'none');
    expect(none.out).toContain('descriptors: none');
  });
});

describe(`content ratings from imports (${TEST_DIALECT})`, () => {
  const comicInfo = (ageRating: string) => `<?xml version="1.0" encoding="utf-8"?>
<ComicInfo><Series>Velvet ${ageRating}</Series><LanguageISO>en</LanguageISO><AgeRating>${ageRating}</AgeRating></ComicInfo>`;

  it("takes a CBZ's ComicInfo AgeRating, and says so when it does not know the word", async () => {
    for (const [word, rating] of [
      ['Adults Only 18+', 'adult'],
      ['Mature 17+', 'mature'],
      ['Teen', 'teen'],
      ['Everyone', 'all_ages'],
    ] as const) {
      const archive = writeFixture(
        kit.scratch,
        `${rating}.cbz`,
        await buildZip([{ name: 'ComicInfo.xml', data: comicInfo(word) }, ...(await pages(rating, 1))]),
      );
      const result = await kit.importPath(archive);
      expect(result.code, result.err).toBe(0);
      expect((await ratingOf(bookUuidOf(result.out))).content_rating, word).toBe(rating);
    }
    const archive = writeFixture(
      kit.scratch,
      'odd.cbz',
      await buildZip([{ name: 'ComicInfo.xml', data: comicInfo('Spicy') }, ...(await pages('odd', 1))]),
    );
    const result = await kit.importPath(archive);
    expect(result.out).toContain('AgeRating "Spicy" is not a rating we know; the book stays all ages');
    expect((await ratingOf(bookUuidOf(result.out))).content_rating).toBe('all_ages');
  });

  it("takes an EPUB's schema:contentRating meta", async () => {
    const epub = await buildEpub({
      title: 'Scarlet Pages',
      language: 'en',
      extraMetadata: '<meta property="schema:contentRating">Mature 17+</meta>',
      chapters: [{ file: 'one.xhtml', title: 'One', body: '<p>Words.</p>' }],
    });
    const result = await kit.importPath(writeFixture(kit.scratch, 'scarlet.epub', epub));
    expect(result.code, result.err).toBe(0);
    expect((await ratingOf(bookUuidOf(result.out))).content_rating).toBe('mature');
  });
});

describe(`the reader's age confirmation and the descriptor filters (${TEST_DIALECT})`, () => {
  it('is the reader’s own: confirmed, kept, withdrawn; refused to visitors and to bad bodies', async () => {
    const reader = await createUser(ctx);
    expect((await call(null, 'GET', '/api/v1/user/age_confirmation')).statusCode).toBe(401);
    const fresh = await call(reader, 'GET', '/api/v1/user/age_confirmation');
    expect(fresh.json().data.result).toEqual({ confirmed: false, confirmed_at: null, adult_books: 'off' });
    expect(fresh.headers['cache-control']).toBe('private, no-store');
    for (const body of [{}, { confirm: false }, { confirm: 'yes' }]) {
      const refused = await call(reader, 'POST', '/api/v1/user/age_confirmation', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    const confirmed = (await call(reader, 'POST', '/api/v1/user/age_confirmation', { confirm: true })).json().data.result;
    expect(confirmed).toMatchObject({ confirmed: true, confirmed_at: expect.stringMatching(/^\d{4}-/) });
    // Confirming again keeps the first moment.
    const again = (await call(reader, 'POST', '/api/v1/user/age_confirmation', { confirm: true })).json().data.result;
    expect(again.confirmed_at).toBe(confirmed.confirmed_at);
    const withdrawn = (await call(reader, 'DELETE', '/api/v1/user/age_confirmation')).json().data.result;
    expect(withdrawn).toMatchObject({ confirmed: false, confirmed_at: null });
  });

  it('leaves out, or keeps only, books with the descriptors asked for; an unknown descriptor is refused', async () => {
    const tag = `Filter${Date.now()}`;
    const gory = await createBook(ctx, { tags: [tag], contentRating: 'mature', contentDescriptors: ['gore', 'violence'] });
    const spooky = await createBook(ctx, { tags: [tag], contentRating: 'teen', contentDescriptors: ['horror'] });
    const calm = await createBook(ctx, { tags: [tag] });
    const list = async (query: string) => {
      const response = await call(null, 'GET', `/api/v1/comics/book/search?language=en-us&page=0&page_size=50&tag=${tag}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json()
        .data.result.map((book: { book_uuid: string }) => book.book_uuid)
        .sort();
    };
    expect(await list('')).toEqual([gory.uuid, spooky.uuid, calm.uuid].sort());
    expect(await list('&exclude_descriptors=gore')).toEqual([spooky.uuid, calm.uuid].sort());
    expect(await list('&exclude_descriptors=gore,horror')).toEqual([calm.uuid]);
    expect(await list('&descriptors=violence')).toEqual([gory.uuid]);
    expect(await list('&descriptors=violence,horror')).toEqual([]);
    const refused = await call(null, 'GET', `/api/v1/comics/book/search?language=en-us&page=0&page_size=50&exclude_descriptors=spiders`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'exclude_descriptors' }] });
  });
});
