import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateBook } from '../src/modules/catalogue/catalogue-write.repository.js';
import { bookChanged, createBook } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

interface Suggestions {
  books: { book_uuid: string; book_title: string; author: string | null; cover_image: string | null; book_type: string }[];
  authors: string[];
  tags: string[];
}

describe('header suggestions (GET /comics/book/suggest)', () => {
  let ctx: TestContext;
  let stormGate: string;
  let draft: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    stormGate = (
      await createBook(ctx, {
        titles: { 'en-us': 'The Storm Gate', 'zh-cn': '风暴之门', 'ar-sa': 'بوابة العاصفة' },
        originalLanguage: 'zh-cn',
        author: 'Mara Quill',
        tags: ['未来科幻'],
        popularity: 50,
      })
    ).uuid;
    await createBook(ctx, { titles: { 'en-us': 'Riders of the Storm' }, author: 'Stormy Kim', tags: ['悬疑推理'], popularity: 5 });
    // Eight more books with "storm" in their title, each with its own author and tag: more than the limits.
    for (let n = 1; n <= 8; n += 1) {
      await createBook(ctx, {
        titles: { 'en-us': `Storm Chronicle ${n}` },
        author: `Storm Writer ${n}`,
        tags: [`storm tag ${n}`],
        popularity: n,
      });
    }
    draft = (
      await createBook(ctx, {
        titles: { 'en-us': 'The Secret Storm Draft' },
        author: 'Drafty Tempestwell',
        tags: ['古典武侠'],
        isPublished: false,
        popularity: 1000,
      })
    ).uuid;
  }, 60_000);
  afterAll(() => ctx?.close());

  const suggest = async (query: string): Promise<Suggestions> => {
    const response = await ctx.app.inject(`/api/v1/comics/book/suggest?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Suggestions;
  };
  const q = (text: string, language = 'en-us') => `language=${language}&q=${encodeURIComponent(text)}`;

  it('lists the best book first, as the search ranks it, with its author, cover and kind', async () => {
    const { books } = await suggest(q('storm gate'));
    expect(books[0]).toMatchObject({ book_uuid: stormGate, book_title: 'The Storm Gate', author: 'Mara Quill', book_type: 'comic' });
    expect(books[0]!.cover_image).toMatch(/^\/media\/covers\//);
    // While typing: a prefix, a typo.
    expect((await suggest(q('the storm ga'))).books[0]?.book_uuid).toBe(stormGate);
    expect((await suggest(q('strom gate'))).books[0]?.book_uuid).toBe(stormGate);
    expect((await suggest(q('fengbao'))).books[0]?.book_uuid).toBe(stormGate);
  });

  it('suggests a title whose elision is typed without its apostrophe (issue 40: lepingle de jade)', async () => {
    const hairpin = (await createBook(ctx, { titles: { 'en-us': 'The Jade Hairpin', 'fr-fr': 'L’Épingle de jade' }, popularity: 3 })).uuid;
    for (const typed of ['lepingle de jade', 'lepingle de ja', 'lepingle', "l'epingle de jade", 'epingle de jade']) {
      const { books } = await suggest(q(typed, 'fr-fr'));
      expect(books[0], typed).toMatchObject({ book_uuid: hairpin, book_title: 'L’Épingle de jade' });
    }
    const found = await ctx.app.inject(`/api/v1/comics/book/search?${q('lepingle de jade', 'fr-fr')}`);
    expect(found.json().data.result[0].book_uuid).toBe(hairpin);
  });

  it('gives titles in the language asked for, falling back as the search does', async () => {
    expect((await suggest(q('storm gate', 'zh-cn'))).books[0]?.book_title).toBe('风暴之门');
    expect((await suggest(q('风暴', 'ar-sa'))).books[0]?.book_title).toBe('بوابة العاصفة');
    // No French title: the same fallback as the search's list.
    const listed = await ctx.app.inject(`/api/v1/comics/book/search?${q('storm gate', 'fr-fr')}`);
    expect((await suggest(q('storm gate', 'fr-fr'))).books[0]?.book_title).toBe(listed.json().data.result[0].book_title);
  });

  it('keeps to six books, three authors and three tags', async () => {
    const { books, authors, tags } = await suggest(q('storm'));
    expect(books).toHaveLength(6);
    expect(authors).toHaveLength(3);
    expect(tags).toHaveLength(3);
    expect(new Set(authors).size).toBe(3);
  });

  it('suggests authors whose names match, the start of a name first', async () => {
    expect((await suggest(q('mara'))).authors).toEqual(['Mara Quill']);
    expect((await suggest(q('quill'))).authors).toEqual(['Mara Quill']);
    expect((await suggest(q('mara quil'))).authors).toEqual(['Mara Quill']);
    expect((await suggest(q('stormy'))).authors[0]).toBe('Stormy Kim');
    // "storm writer 8" is the most popular of the writers: weight orders names of one rank.
    expect((await suggest(q('storm writer'))).authors).toEqual(['Storm Writer 8', 'Storm Writer 7', 'Storm Writer 6']);
  });

  it('suggests tags by their name in any of the five languages', async () => {
    for (const text of ['science', 'sci-fi', '科幻', 'خيال علمي', 'ciencia ficcion']) {
      expect((await suggest(q(text))).tags, text).toEqual(['未来科幻']);
    }
    expect((await suggest(q('myst'))).tags).toEqual(['悬疑推理']);
    expect((await suggest(q('misterio'))).tags).toEqual(['悬疑推理']);
  });

  it('never suggests a draft, its author or a tag only drafts have', async () => {
    for (const text of ['secret storm draft', 'drafty', 'tempestwell', 'wuxia', '武侠']) {
      const found = await suggest(q(text));
      expect(
        found.books.map((book) => book.book_uuid),
        text,
      ).not.toContain(draft);
      expect(found.authors, text).not.toContain('Drafty Tempestwell');
      expect(found.tags, text).not.toContain('古典武侠');
    }
  });

  it('follows the catalogue: an unpublished book and its author leave the suggestions', async () => {
    const book = await createBook(ctx, { titles: { 'en-us': 'Lanterns of Montmartre' }, author: 'Élise Marchand' });
    expect((await suggest(q('lanterns'))).books.map((b) => b.book_uuid)).toEqual([book.uuid]);
    expect((await suggest(q('elise'))).authors).toEqual(['Élise Marchand']);
    await updateBook(ctx.db, book.id, { is_published: false });
    await bookChanged(ctx, book.id);
    expect(await suggest(q('lanterns'))).toEqual({ books: [], authors: [], tags: [] });
    expect((await suggest(q('elise'))).authors).toEqual([]);
  });

  it('answers empty lists for no query or one that folds to nothing, and for metacharacters', async () => {
    const empty = { books: [], authors: [], tags: [] };
    expect(await suggest('language=en-us')).toEqual(empty);
    for (const raw of [
      '',
      '%20%20',
      '!!!',
      '%E2%80%99%E2%80%99',
      '(.*)%2B%5B',
      "'%20OR%201%3D1%20--",
      '%25%5F%5C',
      encodeURIComponent('ـــ'),
    ]) {
      expect(await suggest(`q=${raw}`), raw).toEqual(empty);
    }
  });

  it('refuses more than 100 characters, control characters and lone surrogates with 400, never a 5xx', async () => {
    for (const raw of [
      encodeURIComponent('a'.repeat(101)),
      encodeURIComponent('a '.repeat(500)),
      '%00storm',
      'storm%07',
      'storm%C2%85',
      '%ED%A0%80',
      'storm%ED%B0%80gate',
    ]) {
      const response = await ctx.app.inject(`/api/v1/comics/book/suggest?q=${raw}`);
      expect(response.statusCode, raw).toBe(400);
      expect(response.json().code, raw).toBe('VALIDATION_FAILED');
    }
    const badLanguage = await ctx.app.inject(`/api/v1/comics/book/suggest?q=storm&language=${'x'.repeat(40)}`);
    expect(badLanguage.statusCode).toBe(400);
  });

  it('bounds a long query: a hundred characters of words still answer', async () => {
    const found = await suggest(q('storm gate '.repeat(9).slice(0, 100)));
    expect(found.books[0]?.book_uuid).toBe(stormGate);
  });

  it('is publicly cacheable as the search is', async () => {
    const response = await ctx.app.inject(`/api/v1/comics/book/suggest?${q('storm')}`);
    expect(response.headers['cache-control']).toMatch(/public/);
  });
});
