import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AUTHORS, DEMO_BOOKS } from '../src/modules/demo/demo-books.js';
import { updateBook } from '../src/modules/catalogue/catalogue-write.repository.js';
import { bookChanged, authHeader, createBook, createUser } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/**
 * What a reader types, and the book it must find first: the demo catalogue's texts (titles and
 * introductions in every language they have, authors, tags, popularity), without its pictures.
 * Each query names its case; the English title is the book expected first.
 */
// prettier-ignore
const QUERIES: [query: string, first: string, why: string][] = [
  ['storm', 'The Storm Gate', 'one word of a title'],
  ['Storm Gate', 'The Storm Gate', 'words of a title'],
  ['the storm gate', 'The Storm Gate', 'the whole title, other case'],
  ['STORM GATE', 'The Storm Gate', 'capitals'],
  ['ＳＴＯＲＭ', 'The Storm Gate', 'full-width letters'],
  ['strom gate', 'The Storm Gate', 'two letters swapped'],
  ['gate storm', 'The Storm Gate', 'word order'],
  ['stor', 'The Storm Gate', 'a prefix while typing'],
  ['the storm ga', 'The Storm Gate', 'a title being typed'],
  ['alchemists apprentice', 'The Alchemist’s Apprentice', 'no apostrophe'],
  ["alchemist's apprentice", 'The Alchemist’s Apprentice', 'a straight apostrophe for a curly one'],
  ['alchemist apprentice', 'The Alchemist’s Apprentice', 'a letter missing'],
  ['apprentice', 'The Alchemist’s Apprentice', 'last word of a title'],
  ['neon ronin', 'Neon Ronin', 'a whole title'],
  ['ronin', 'Neon Ronin', 'a word of a title'],
  ['hairpn', 'The Jade Hairpin', 'a typo in a 6-letter word'],
  ['montmatre', 'The Lanterns of Montmartre', 'a letter missing in a long word'],
  ['montmartre lanterns', 'The Lanterns of Montmartre', 'word order'],
  ['city of mirrors', 'The City of Mirrors', 'an exact title before a title sharing a word'],
  ['mirrors city', 'The City of Mirrors', 'word order'],
  ['falcon sands', 'Sands of the Falcon', 'word order'],
  ['sword song', 'Sword Song of the Nine Provinces', 'a title prefix'],
  ['nine provinces', 'Sword Song of the Nine Provinces', 'words at the end of a title'],
  ['emperor for a day', 'Emperor for a Day', 'an exact title with short words'],
  ['coffee midnight', 'Coffee at Midnight', 'words with one left out'],
  ['dragon oath', 'Dragon Oath Academy', 'a title prefix'],
  ['starfall', 'Starfall Courier', 'one word'],
  ['silent witness', 'The Silent Witness', 'title words'],
  ['moonlit', 'Moonlit Palace', 'one word'],
  ['last train', 'Last Train to Dawn', 'a title prefix'],
  ['southern court', 'Rebel of the Southern Court', 'title words'],
  ['spirit fox', 'The Spirit Fox Inn', 'title words'],
  ['iron frontier', 'Iron Frontier', 'an exact title'],
  ['tang', 'Return to the Tang', 'a short word'],
  ['letters from tomorrow', 'Letters from Tomorrow', 'an exact title'],
  // Authors
  ['Mara Quill', 'Neon Ronin', 'an author'],
  ['elise marchand', 'The Lanterns of Montmartre', 'an author without her accent'],
  ['Tom Ashby', 'Dragon Oath Academy', 'an author'],
  ['ليلى الحسيني', 'Sands of the Falcon', 'an author in Arabic'],
  ['风起青萍', 'The Storm Gate', 'an author in Chinese'],
  // Chinese
  ['风暴之门', 'The Storm Gate', 'a Chinese title'],
  ['風暴之門', 'The Storm Gate', 'the Traditional spelling'],
  ['风暴', 'The Storm Gate', 'two characters'],
  ['fengbao', 'The Storm Gate', 'pinyin of the start'],
  ['feng bao', 'The Storm Gate', 'pinyin with spaces'],
  ['fbzm', 'The Storm Gate', 'pinyin initials'],
  ['fēngbào', 'The Storm Gate', 'pinyin with tones'],
  ['fengbaozhimen', 'The Storm Gate', 'the whole pinyin'],
  ['霓虹', 'Neon Ronin', 'two characters of a translated title'],
  ['玉簪', 'The Jade Hairpin', 'two characters'],
  ['yuzanji', 'The Jade Hairpin', 'whole pinyin'],
  ['九州', 'Sword Song of the Nine Provinces', 'a title prefix'],
  ['jiuzhou jiange', 'Sword Song of the Nine Provinces', 'pinyin words'],
  ['末班列车', 'Last Train to Dawn', 'a Chinese title'],
  ['镜之城', 'The City of Mirrors', 'three characters'],
  ['炼金术士', 'The Alchemist’s Apprentice', 'the start of a Chinese title'],
  ['龍誓學院', 'Dragon Oath Academy', 'Traditional characters'],
  ['梦回', 'Return to the Tang', 'two characters'],
  // Arabic
  ['بوابة العاصفة', 'The Storm Gate', 'an Arabic title'],
  ['بوابه العاصفه', 'The Storm Gate', 'taa marbuta typed as haa'],
  ['العاصفة', 'The Storm Gate', 'one word with its article'],
  ['عاصفة', 'The Storm Gate', 'one word without its article'],
  ['رمال الصقر', 'Sands of the Falcon', 'an Arabic title'],
  ['مدينة المرايا', 'The City of Mirrors', 'an Arabic title'],
  ['رونين', 'Neon Ronin', 'a word'],
  // French and Spanish
  ['porte des tempetes', 'The Storm Gate', 'French without accents'],
  ['la porte des tempêtes', 'The Storm Gate', 'a French title'],
  ['tempete', 'The Storm Gate', 'a French word, singular, no accent'],
  ['puerta de la tormenta', 'The Storm Gate', 'a Spanish title'],
  ['epingle de jade', 'The Jade Hairpin', 'a French elision (L’Épingle)'],
  ['lepingle de jade', 'The Jade Hairpin', 'a French elision typed without its apostrophe (issue 40)'],
  ["l'epingle de jade", 'The Jade Hairpin', 'a French elision with a straight apostrophe'],
  ['lepingle', 'The Jade Hairpin', 'an elided word glued to its article, alone'],
  ['horquilla', 'The Jade Hairpin', 'a Spanish word'],
  ['halcon', 'Sands of the Falcon', 'Spanish without accent'],
  ['les sables du faucon', 'Sands of the Falcon', 'a French title'],
  // Introductions
  ['Lu Chen', 'The Storm Gate', 'a name in an introduction'],
  ['cybernetic arm', 'Neon Ronin', 'words of an introduction'],
  ['storm lu chen', 'The Storm Gate', 'a title word and introduction words together'],
  ['门', 'The Storm Gate', 'one Chinese character'],
  // Alternate titles (the demo's other names of a book): found as titles, nothing else has these words
  ['wanjie leimen', 'The Storm Gate', 'a pinyin alternate title'],
  ['emerald vow', 'The Jade Hairpin', 'an English alternate title of a Chinese book'],
  ['vagabond chrome', 'Neon Ronin', 'a French alternate title without its accent'],
  ['kyushu kenka', 'Sword Song of the Nine Provinces', 'a Japanese romanised alternate title'],
  ['九州剣歌', 'Sword Song of the Nine Provinces', 'a Japanese alternate title'],
  ['lehrling alchemisten', 'The Alchemist’s Apprentice', 'a German alternate title'],
  // Arabic letter forms: each word is in one demo book's text only (its Arabic introduction or title)
  ['ابولين', 'The Lanterns of Montmartre', 'أ typed as a bare alef (أبولين, in the introduction)'],
  ['ايقاف', 'Neon Ronin', 'إ typed as a bare alef (إيقاف, in the introduction)'],
  ['الاثار', 'The Jade Hairpin', 'آ typed as a bare alef (الآثار, in the introduction)'],
  ['إسمها', 'The Lanterns of Montmartre', 'a bare alef (اسمها, in the introduction) typed as إ'],
  ['ليلي الحسيني', 'Sands of the Falcon', 'alef maqsura typed as yaa in an author (ليلى)'],
  ['بَوَّابَةُ الْعَاصِفَةِ', 'The Storm Gate', 'harakat, shadda and sukun typed on a title'],
  ['رِمَالُ الصَّقْرِ', 'Sands of the Falcon', 'harakat typed on a title'],
  ['بوابـــة', 'The Storm Gate', 'tatweel inside a word'],
  ['مديـــنة المـرايا', 'The City of Mirrors', 'tatweel inside two words of a title'],
  // Typos in long words, accents either way
  ['alchemist aprentise', 'The Alchemist’s Apprentice', 'two typos in a 9-letter word (a p missing, s for c)'],
  ['montmrate', 'The Lanterns of Montmartre', 'two typos in a 10-letter word (ar swapped, an r missing)'],
  ['dragón', 'Dragon Oath Academy', 'an accent typed where every text has none'],
  ['horlogere', 'The Lanterns of Montmartre', 'no accent typed where the text has one (horlogère)'],
  // Tags by their names in other languages (GENRE_TAG_NAMES): the most popular book carrying the tag
  ['رومانسية تاريخية', 'The Jade Hairpin', 'a tag by its Arabic name (古代言情: 688,000 before 18,000 and 12,000)'],
  ['都市言情', 'Office Hours', 'a tag by its Chinese name (51,000 before 42,000, 2,500 and 300)'],
  ['uchronie', 'Sands of the Falcon', 'a tag by its French name (架空历史: 198,000 before 150,000 and 23,000)'],
  // Chinese from inside a title, pinyin initials being typed
  ['马特', 'The Lanterns of Montmartre', 'two characters from the middle of a title (蒙马特的灯笼)'],
  ['金术', 'The Alchemist’s Apprentice', 'two characters from the middle of a title (炼金术士的学徒)'],
  ['fbz', 'The Storm Gate', 'pinyin initials being typed (fbzm)'],
  ['jzj', 'Sword Song of the Nine Provinces', 'pinyin initials being typed (jzjg)'],
  ['mbl', 'Last Train to Dawn', 'pinyin initials being typed (mblc)'],
  // A query in one language, a book titled first in another
  ['猎鹰', 'Sands of the Falcon', 'Chinese for a book first titled in Arabic'],
  ['鋼鐵邊境', 'Iron Frontier', 'Traditional Chinese for a book first titled in English'],
  ['postapocaliptico', 'After the Ash', 'a Spanish tag name for a book titled only in English and Chinese (末世危机: 420,000 before 9,000 and 7,000)'],
];

describe('book search: what a reader types finds the book', () => {
  let ctx: TestContext;
  const titleOf = new Map<string, string>();

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const [index, book] of DEMO_BOOKS.entries()) {
      const texts = Object.entries(book.text) as [string, readonly [string, string]][];
      const created = await createBook(ctx, {
        titles: Object.fromEntries(texts.map(([language, [title]]) => [language, title])),
        introductions: Object.fromEntries(texts.map(([language, [, introduction]]) => [language, introduction])),
        originalLanguage: book.original_language,
        tags: [...book.tags],
        alternateTitles: book.alternate_titles ? [...book.alternate_titles] : [],
        author: DEMO_AUTHORS[index] ?? null,
        popularity: book.popularity,
        bookType: book.book_type,
      });
      titleOf.set(created.uuid, book.text['en-us'][0]);
    }
  }, 60_000);
  afterAll(() => ctx?.close());

  const search = async (q: string, extra = '') => {
    const response = await ctx.app.inject(`/api/v1/comics/book/search?language=en-us&q=${encodeURIComponent(q)}${extra}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { result: { book_uuid: string; book_title: string }[]; total: number };
  };

  it.each(QUERIES)('%s → %s (%s)', async (query, first) => {
    const { result } = await search(query);
    expect(result.map((book) => titleOf.get(book.book_uuid)).slice(0, 3)).toContain(first);
    expect(result.map((book) => titleOf.get(book.book_uuid))[0]).toBe(first);
  });

  it('covers at least 60 queries in the five languages', () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(60);
  });
});

describe('book search: bad input', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await createBook(ctx, { titles: { 'en-us': 'The Storm Gate', 'zh-cn': '风暴之门' } });
  });
  afterAll(() => ctx?.close());

  const search = (rawQuery: string) => ctx.app.inject(`/api/v1/comics/book/search?language=en-us&q=${rawQuery}`);

  it('refuses a query over 100 characters and control characters with 400', async () => {
    for (const raw of [encodeURIComponent('a'.repeat(101)), encodeURIComponent('a '.repeat(500)), '%00storm', 'storm%07']) {
      const response = await search(raw);
      expect(response.statusCode, raw).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('answers an empty list for what folds to nothing, and never fails on metacharacters', async () => {
    for (const raw of [
      '!!!',
      '%E2%80%99%E2%80%99',
      '(.*)%2B%5B',
      "'%20OR%201%3D1%20--",
      '%25%5F%5C',
      '%ED%A0%80',
      encodeURIComponent('ـــ'),
    ]) {
      const response = await search(raw);
      expect(response.statusCode, raw).toBe(200);
      expect(response.json().data, raw).toEqual({ result: [], total: 0, did_you_mean: null });
    }
  });

  it('bounds the work of a long query: a hundred characters of words still answer', async () => {
    const response = await search(encodeURIComponent('storm gate '.repeat(9).slice(0, 100)));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.total).toBe(1);
  });

  it('finds a book published after the index was built, and no longer one unpublished', async () => {
    const found = async (q: string) => (await search(encodeURIComponent(q))).json().data.total as number;
    expect(await found('lantern')).toBe(0);
    const book = await createBook(ctx, { titles: { 'en-us': 'The Lanterns of Montmartre' } });
    expect(await found('lantern')).toBe(1);
    await updateBook(ctx.db, book.id, { is_published: false });
    await bookChanged(ctx, book.id);
    expect(await found('lantern')).toBe(0);
  });

  it('finds a book by an alternate title given in the console, and by its new one only once renamed', async () => {
    const found = async (q: string) => (await search(encodeURIComponent(q))).json().data.total as number;
    const admin = await createUser(ctx, { role: 'admin' });
    const book = await createBook(ctx, { titles: { 'en-us': 'Battle Through the Heavens', 'zh-cn': '斗破苍穹' } });
    const edit = (alternate_titles: { title: string; language?: string | null }[]) =>
      ctx.app.inject({ method: 'PUT', url: `/api/v1/admin/books/${book.uuid}`, headers: authHeader(admin), payload: { alternate_titles } });
    expect(await found('Doupo Qianqiu')).toBe(0);
    expect((await edit([{ title: 'Doupo Qianqiu', language: 'zh-Latn-pinyin' }])).statusCode).toBe(200);
    expect(await found('Doupo Qianqiu')).toBe(1);
    expect((await edit([{ title: 'Combat des Cieux', language: 'fr' }])).statusCode).toBe(200);
    expect(await found('Doupo Qianqiu')).toBe(0);
    expect(await found('combat cieux')).toBe(1);
    expect((await edit([])).statusCode).toBe(200);
    expect(await found('combat cieux')).toBe(0);
  });
});
