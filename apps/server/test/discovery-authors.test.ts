import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createBook, createUser, type TestBook, type TestUser } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

// Author and artist pages (GET /comics/author/{slug}, docs/DISCOVERY.md "Author pages").

let ctx: TestContext;
let admin: TestUser;
let older: TestBook;
let newer: TestBook;
let chinese: TestBook;

const author = async (slug: string) => {
  const response = await ctx.app.inject(`/api/v1/comics/author/${slug}`);
  return { status: response.statusCode, body: response.json(), headers: response.headers };
};
const setCredits = async (book: TestBook, credits: { author?: string | null; artist?: string | null }) => {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/books/${book.uuid}`,
    headers: authHeader(admin),
    payload: credits,
  });
  expect(response.statusCode, response.body).toBe(200);
};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, { role: 'admin' });
  const day = 86_400_000;
  // The older book spells her name in capitals; the newer one names the page.
  older = await createBook(ctx, {
    author: 'ADA MORROW',
    popularity: 10,
    updatedAt: Date.now() - 10 * day,
    titles: { 'en-us': 'Harbour Lights' },
  });
  newer = await createBook(ctx, {
    author: 'Li Wei & Ada Morrow',
    popularity: 100,
    updatedAt: Date.now() - day,
    titles: { 'en-us': 'Salt Roads' },
  });
  await setCredits(newer, { artist: 'Ada Morrow' });
  chinese = await createBook(ctx, { author: '刘慈欣', popularity: 5 });
  await createBook(ctx, { author: 'Hidden Hand', isPublished: false });
});
afterAll(() => ctx.close());

describe('author pages', () => {
  it("lists the person's published books, most read first, with each book's roles", async () => {
    const { status, body } = await author('ada-morrow?language=en-us');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ slug: 'ada-morrow', name: 'Ada Morrow', roles: ['author', 'artist'] });
    expect(
      body.data.books.map((book: { book_uuid: string; roles: string[]; book_title: string }) => [book.book_title, book.roles]),
    ).toEqual([
      ['Salt Roads', ['author', 'artist']],
      ['Harbour Lights', ['author']],
    ]);
    expect(body.data.books[0]).toMatchObject({ book_uuid: newer.uuid, chapter_number: 0, book_type: 'comic' });
  });

  it('lists the co-author on a page of their own', async () => {
    const { body } = await author('li-wei');
    expect(body.data).toMatchObject({ name: 'Li Wei', roles: ['author'] });
    expect(body.data.books.map((book: { book_uuid: string }) => book.book_uuid)).toEqual([newer.uuid]);
  });

  it('finds a Chinese name by its slug, URL-encoded', async () => {
    const { status, body } = await author(encodeURIComponent('刘慈欣'));
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ slug: '刘慈欣', name: '刘慈欣', roles: ['author'] });
    expect(body.data.books.map((book: { book_uuid: string }) => book.book_uuid)).toEqual([chinese.uuid]);
  });

  it('reads a name typed in the address as its slug', async () => {
    const { status, body } = await author('Ada%20Morrow');
    expect(status).toBe(200);
    expect(body.data.slug).toBe('ada-morrow');
  });

  it('answers 404 AUTHOR_NOT_FOUND when no published book credits the slug', async () => {
    for (const slug of ['nobody-at-all', 'hidden-hand', '---']) {
      const { status, body } = await author(slug);
      expect(status, slug).toBe(404);
      expect(body.code).toBe('AUTHOR_NOT_FOUND');
    }
  });

  it('follows a credit changed in the console', async () => {
    await setCredits(newer, { author: 'Li Wei', artist: null });
    const { body } = await author('ada-morrow');
    expect(body.data.roles).toEqual(['author']);
    expect(body.data.books.map((book: { book_uuid: string }) => book.book_uuid)).toEqual([older.uuid]);
    // The older book is now the newest crediting her: its spelling names the page.
    expect(body.data.name).toBe('ADA MORROW');
  });

  it('refuses a bad language and a slug too long, and is a public cached read', async () => {
    const language = await author('li-wei?language=xx-yy');
    expect([language.status, language.body.code]).toEqual([400, 'INVALID_LANGUAGE']);
    const long = await author('a'.repeat(201));
    expect([long.status, long.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await author('li-wei')).headers['cache-control']).toMatch(/public/);
  });
});
