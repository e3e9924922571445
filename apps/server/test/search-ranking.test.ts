import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBook } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/**
 * The ranking docs/SEARCH.md promises, checked against an order written out by hand (not against
 * the index's own buckets, as book-search-index.test.ts is): one query word, "quasar", matching
 * each book in one way only. Popularity is given against the ranking (the better the kind of
 * match, the less popular the book), so an order by popularity alone would be the reverse one.
 */
describe('book search: ranking by kind of match, then popularity', () => {
  let ctx: TestContext;
  const nameOf = new Map<string, string>();

  // The factory's introduction is `About <title>`: a book whose title holds the word also has it in
  // its introduction, which is a worse kind and so does not change its place.
  const BOOKS: { name: string; title: string; popularity: number; author?: string; tags?: string[]; introduction?: string }[] = [
    { name: 'A: the whole title', title: 'Quasar', popularity: 1 },
    { name: 'B: the start of the title', title: 'Quasar Nights over Lagos', popularity: 2 },
    { name: 'C: a word inside the title', title: 'Under the Quasar', popularity: 50 },
    // H1 and H2: the same title, so the same kind of match; only popularity tells them apart.
    { name: 'H1: a word inside the title, less popular', title: 'Beyond the Quasar', popularity: 30 },
    { name: 'H2: a word inside the title, more popular', title: 'Beyond the Quasar', popularity: 70 },
    { name: 'D: the author', title: 'Harbour Lights', author: 'Quasar Okafor', popularity: 200 },
    { name: 'E: a tag', title: 'Tidewater', tags: ['Quasar'], popularity: 300 },
    {
      name: 'F: the introduction',
      title: 'The Long Orbit',
      introduction: 'A freighter crew chases a dying quasar across the rim.',
      popularity: 400,
    },
    // One letter changed (s → z) in a whole title: the best kind, but through a typo.
    { name: 'G: the whole title with one typo', title: 'Quazar', popularity: 1_000 },
    { name: 'unrelated', title: 'The Jade Hairpin', popularity: 5_000 },
  ];

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const book of BOOKS) {
      const created = await createBook(ctx, {
        titles: { 'en-us': book.title },
        ...(book.introduction ? { introductions: { 'en-us': book.introduction } } : {}),
        author: book.author ?? null,
        tags: book.tags ?? [],
        popularity: book.popularity,
      });
      nameOf.set(created.uuid, book.name);
    }
  }, 60_000);
  afterAll(() => ctx?.close());

  const ranked = async (q: string, extra = '') => {
    const response = await ctx.app.inject(`/api/v1/comics/book/search?language=en-us&q=${encodeURIComponent(q)}${extra}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data.result as { book_uuid: string }[]).map((book) => nameOf.get(book.book_uuid));
  };

  const EXPECTED = [
    'A: the whole title',
    'B: the start of the title',
    // Every word of the query in the title: three books of one kind, by popularity (70, 50, 30).
    'H2: a word inside the title, more popular',
    'C: a word inside the title',
    'H1: a word inside the title, less popular',
    'D: the author',
    'E: a tag',
    'F: the introduction',
    // Found only through a typo: after every book found as typed, however popular and whatever its kind.
    'G: the whole title with one typo',
  ];

  it('lists exact title, title start, title words, author, tag, introduction, then the typo match', async () => {
    expect(await ranked('quasar')).toEqual(EXPECTED);
  });

  it('ranks the same whatever the case and with the default order named', async () => {
    expect(await ranked('QUASAR', '&order_by=relevance')).toEqual(EXPECTED);
  });

  it('sorts the same matches by popularity alone when asked to', async () => {
    expect(await ranked('quasar', '&order_by=popularity')).toEqual([
      'G: the whole title with one typo',
      'F: the introduction',
      'E: a tag',
      'D: the author',
      'H2: a word inside the title, more popular',
      'C: a word inside the title',
      'H1: a word inside the title, less popular',
      'B: the start of the title',
      'A: the whole title',
    ]);
  });
});
