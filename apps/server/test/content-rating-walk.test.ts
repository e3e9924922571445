import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReaders, refreshDiscovery, startReading } from './helpers/discovery-fixtures.js';
import { authHeader, createBook, createUser, nextClientIp, type TestBook, type TestUser } from './helpers/factories.js';
import { makeFeedKey } from './helpers/feed-keys.js';
import { fetchListing, LISTING_URLS, type ListingReader, type ListingSubjects } from './helpers/listing-urls.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * Issue 61, content ratings (docs/CONTENT.md "Content ratings"): every listing URL
 * (helpers/listing-urls.ts, the one list) is walked for a visitor, a signed-in reader and one who
 * confirmed their age, under each of the site's policies. With adult books off, no adult book is
 * anywhere for anyone, by any way in, its exact title searched included; shown to confirmed
 * readers, they see it and the others do not; shown blurred to the others, they meet a card
 * without its cover and a book that asks them to confirm. The expectations are written out.
 */
const WEB = path.resolve(import.meta.dirname, '../../web');
const ADULT_TITLE = 'Crimson Velvet Nights';
const ADULT_TITLE_ZH = '绯红丝绒之夜';
const HOUR = 3_600_000;

let ctx: TestContext;
let admin: TestUser;
let safe: TestBook;
let adult: TestBook;
const readers: ListingReader[] = [];
let subjects: ListingSubjects;

async function setPolicy(settings: Record<string, unknown>) {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/settings',
    headers: authHeader(admin),
    remoteAddress: nextClientIp(),
    payload: settings,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** What would show the adult book: its id, its titles, its cover. */
const adultTraces = () => [adult.uuid, ADULT_TITLE, ADULT_TITLE_ZH, adult.coverKey, 'Solo Velvet', 'solo-velvet'];

const reader = (name: string) => readers.find((r) => r.name === name)!;

beforeAll(async () => {
  for (const build of ['dist/index.html', 'dist-ssr/entry-server.js']) {
    if (!existsSync(path.join(WEB, build))) throw new Error(`apps/web/${build} is missing: run npm run build first`);
  }
  ctx = await createTestContext();
  admin = await createUser(ctx, { role: 'admin' });
  const now = Date.now();
  // Two books with the same tag and author, both recommended, on the calendar and read together:
  // every list has reason to show both.
  safe = await createBook(ctx, {
    titles: { 'en-us': 'Gentle Meadow Tales', 'zh-cn': '温柔草地' },
    tags: ['Noir'],
    author: 'Mara Quill',
    chapters: 2,
    freeChapters: 1,
    recommendationRank: 2,
    popularity: 10,
    updatedAt: now - HOUR,
  });
  adult = await createBook(ctx, {
    titles: { 'en-us': ADULT_TITLE, 'zh-cn': ADULT_TITLE_ZH },
    tags: ['Noir'],
    author: 'Mara Quill',
    chapters: 2,
    freeChapters: 1,
    recommendationRank: 1,
    popularity: 50,
    updatedAt: now,
    contentRating: 'adult',
    contentDescriptors: ['sexual_content', 'nudity'],
  });
  // An artist credited on the adult book alone: their page and sitemap line would name it.
  await ctx.db
    .insertInto('book_creators')
    .values({ book_id: adult.id, role: 'artist', slug: 'solo-velvet', name: 'Solo Velvet', position: 1 })
    .execute();
  for (const book of [safe, adult]) {
    await ctx.db
      .updateTable('books')
      .set({ publishing_days: 127, publishing_time: 10 * 60, publishing_time_zone: 'UTC' })
      .where('id', '=', book.id)
      .execute();
  }
  const plain = await createUser(ctx);
  const confirmed = await createUser(ctx);
  const confirm = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user/age_confirmation',
    headers: authHeader(confirmed),
    payload: { confirm: true },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  readers.push({ name: 'visitor', user: null });
  for (const [name, user] of [
    ['reader', plain],
    ['confirmed reader', confirmed],
  ] as const) {
    readers.push({ name, user: { ...user, feedKey: (await makeFeedKey(ctx, user)).key } });
  }
  // Read together (rankings, also read), and read by the walk's readers (because you read).
  const others = await insertReaders(ctx, 3);
  await startReading(ctx, safe.id, others, now - HOUR);
  await startReading(ctx, adult.id, others, now - HOUR);
  for (const user of [plain, confirmed]) {
    for (const [book, at] of [
      [safe, now - 2 * HOUR],
      [adult, now - HOUR],
    ] as const) {
      await ctx.db
        .insertInto('chapter_reads')
        .values({ reader_key: `u:${user.id}`, chapter_id: book.chapters[0]!.id, book_id: book.id, read_at: at, finished_at: null })
        .execute();
      // Followed and being read (as when the site still showed it): the feeds' library and continue reading.
      await ctx.db.insertInto('book_follows').values({ user_id: user.id, book_id: book.id, created_at: at }).execute();
      await ctx.db
        .insertInto('reading_progress')
        .values({
          reader_key: `u:${user.id}`,
          book_id: book.id,
          chapter_id: book.chapters[0]!.id,
          page_index: 0,
          page_offset: null,
          text_fraction: null,
          updated_at: at,
        })
        .execute();
    }
  }
  await refreshDiscovery(ctx, now);
  // A reader's public list holding both (as when the site still showed the adult book to its author).
  const curator = await createUser(ctx);
  const listUuid = randomUUID();
  const list = await ctx.db
    .insertInto('reader_lists')
    .values({
      uuid: listUuid,
      user_id: curator.id,
      name: 'Noir picks',
      visibility: 'public',
      hidden_at: null,
      hidden_reason: null,
      featured_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('reader_list_books')
    .values([safe, adult].map((book, position) => ({ list_id: list.id, book_id: book.id, position, note: null, added_at: now })))
    .execute();
  subjects = {
    title: ADULT_TITLE,
    tag: 'Noir',
    authorSlug: 'mara-quill',
    hiddenAuthorSlug: 'solo-velvet',
    alsoReadOf: safe.uuid,
    publicList: listUuid,
  };
});
afterAll(() => ctx?.close());

/** Every listing as `who` sees it: the URL's name and the answer. */
async function walk(who: ListingReader) {
  const seen: { name: string; statusCode: number; body: string; echoesQuery: boolean }[] = [];
  for (const url of LISTING_URLS) {
    if (who.user && (url.kind === 'page' || url.kind === 'sitemap')) continue; // the same for everyone: the visitor's walk covers them
    const answer = await fetchListing(ctx, url, who, subjects);
    if (answer) seen.push({ name: url.name, echoesQuery: url.echoesQuery === true, ...answer });
  }
  return seen;
}

function expectNoAdult(seen: Awaited<ReturnType<typeof walk>>, who: string) {
  for (const { name, statusCode, body, echoesQuery } of seen) {
    expect([200, 404], `${who}: ${name} answered ${statusCode} ${body.slice(0, 200)}`).toContain(statusCode);
    for (const trace of adultTraces()) {
      if (echoesQuery && trace === ADULT_TITLE) continue;
      expect(body.includes(trace), `${who}: ${name} shows ${trace}`).toBe(false);
    }
  }
}

const bookPage = (who: ListingReader, book: TestBook) =>
  ctx.app.inject({
    url: `/api/v1/comics/chapters/${book.uuid}/en-us/asc/0/20`,
    headers: who.user ? authHeader(who.user) : {},
  });
const freeChapter = (who: ListingReader, book: TestBook) =>
  ctx.app.inject({
    url: `/api/v1/comics/chapter_comics/${book.chapters[0]!.uuid}/en-us`,
    headers: who.user ? authHeader(who.user) : {},
  });
const newestList = async (who: ListingReader) =>
  (
    await ctx.app.inject({
      url: '/api/v1/comics/book/search?language=en-us&page=0&page_size=50',
      headers: who.user ? authHeader(who.user) : {},
    })
  ).json().data as {
    result: { book_uuid: string; cover_image: string | null; cover_blurred?: boolean; content_rating: string }[];
    total: number;
  };

describe(`content ratings: every listing follows the rule (${TEST_DIALECT})`, () => {
  it('a new site (adult books off): no reader meets the adult book in any list, feed, sitemap or page', async () => {
    for (const who of readers) {
      const seen = await walk(who);
      expectNoAdult(seen, who.name);
      // The walk reaches the books: the other book is in the lists that show books.
      const showing = seen.filter(({ body }) => body.includes(safe.uuid)).map(({ name }) => name);
      expect(showing.length, `${who.name} saw the safe book in ${showing.join(', ')}`).toBeGreaterThanOrEqual(who.user ? 16 : 12);
      expect((await bookPage(who, adult)).json()).toMatchObject({ code: 'BOOK_NOT_FOUND' });
      expect((await freeChapter(who, adult)).statusCode).toBe(404);
      expect((await bookPage(who, safe)).statusCode).toBe(200);
    }
    const response = await ctx.app.inject({ url: `/book/${adult.uuid}` });
    expect(response.statusCode).toBe(404);
    expect(response.body.includes(ADULT_TITLE)).toBe(false);
  });

  it('shown to confirmed readers: they find it everywhere it belongs, the others nowhere', async () => {
    await setPolicy({ adult_books: 'confirmed_readers', adult_books_for_others: 'hidden' });
    try {
      for (const who of [reader('visitor'), reader('reader')]) {
        expectNoAdult(await walk(who), who.name);
        expect((await freeChapter(who, adult)).statusCode).toBe(404);
      }
      const confirmed = reader('confirmed reader');
      const seen = await walk(confirmed);
      const showing = seen.filter(({ body }) => body.includes(adult.uuid)).map(({ name }) => name);
      expect(showing).toEqual(
        expect.arrayContaining([
          'book list, newest first',
          'search by exact title',
          'suggestions',
          'recommendations',
          'rankings, popular this month',
          'release calendar',
          'author page',
          'readers also read',
          'a public reader list',
          'OPDS 1.2 new',
          'OPDS 1.2 search',
          'OPDS 1.2 library',
          'OPDS 1.2 continue reading',
          'OPDS 2.0 new',
        ]),
      );
      expect((await newestList(confirmed)).result.find((book) => book.book_uuid === adult.uuid)).toMatchObject({
        content_rating: 'adult',
        cover_image: expect.stringContaining(adult.coverKey),
      });
      expect((await bookPage(confirmed, adult)).json().data.result).toMatchObject({
        content_rating: 'adult',
        content_descriptors: ['sexual_content', 'nudity'],
      });
      expect((await freeChapter(confirmed, adult)).statusCode).toBe(200);
      // Withdrawn in the profile: hidden again at once.
      await ctx.app.inject({ method: 'DELETE', url: '/api/v1/user/age_confirmation', headers: authHeader(confirmed.user!) });
      expect((await newestList(confirmed)).result.map((book) => book.book_uuid)).not.toContain(adult.uuid);
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/user/age_confirmation',
        headers: authHeader(confirmed.user!),
        payload: { confirm: true },
      });
    } finally {
      await setPolicy({ adult_books: 'off' });
    }
  });

  it('shown blurred to the others: a card without its cover, a book that asks for the confirmation, and nothing in feeds or sitemaps', async () => {
    await setPolicy({ adult_books: 'confirmed_readers', adult_books_for_others: 'blurred' });
    try {
      for (const who of [reader('visitor'), reader('reader')]) {
        const card = (await newestList(who)).result.find((book) => book.book_uuid === adult.uuid);
        expect(card, who.name).toMatchObject({ cover_image: null, cover_blurred: true, content_rating: 'adult' });
        const page = await bookPage(who, adult);
        expect(page.statusCode).toBe(403);
        expect(page.json().code).toBe('AGE_CONFIRMATION_REQUIRED');
        expect((await freeChapter(who, adult)).json().code).toBe('AGE_CONFIRMATION_REQUIRED');
        for (const { name, body } of await walk(who)) {
          // The cover is nowhere; what cannot show a blurred card (feeds, sitemaps, recommendations) leaves the book out.
          expect(body.includes(adult.coverKey), `${who.name}: ${name} shows the cover`).toBe(false);
          if (/OPDS|sitemap|recommendations/.test(name)) expect(body.includes(adult.uuid), `${who.name}: ${name}`).toBe(false);
        }
      }
      const confirmed = reader('confirmed reader');
      const card = (await newestList(confirmed)).result.find((book) => book.book_uuid === adult.uuid);
      expect(card?.cover_blurred).toBeUndefined();
    } finally {
      await setPolicy({ adult_books: 'off', adult_books_for_others: 'hidden' });
    }
  });

  it('mature covers blurred for whoever has not confirmed, when the site says so', async () => {
    const mature = await createBook(ctx, { titles: { 'en-us': 'Grim Harbour' }, contentRating: 'mature' });
    await setPolicy({ blur_mature_covers: true });
    try {
      const card = async (who: ListingReader) => (await newestList(who)).result.find((book) => book.book_uuid === mature.uuid);
      expect(await card(reader('visitor'))).toMatchObject({ cover_blurred: true, cover_image: expect.stringContaining(mature.coverKey) });
      expect((await card(reader('confirmed reader')))?.cover_blurred).toBeUndefined();
      // A mature book opens for everyone: the blur is a courtesy, not a lock.
      expect((await bookPage(reader('visitor'), mature)).statusCode).toBe(200);
    } finally {
      await setPolicy({ blur_mature_covers: false });
    }
  });
});
