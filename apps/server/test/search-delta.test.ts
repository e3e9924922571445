import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom, type SeededRandom } from '../src/lib/seeded-random.js';
import { createCatalogueVersion } from '../src/modules/catalogue/catalogue-version.js';
import { insertBook, replaceBookTags, updateBook, upsertBookTranslations } from '../src/modules/catalogue/catalogue-write.repository.js';
import { createBookSearch, type BookSearchOptions, type InProcessBookSearch } from '../src/modules/search/book-search.js';
import { authHeader, bookChanged, createUser, type TestUser } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/**
 * The index is kept current by reading again only the books changed since it was built (a delta
 * beside the base, docs/SEARCH.md): what a change does is found on the next search without a
 * rebuild, and base + delta answer exactly as an index rebuilt from the whole catalogue would.
 */

let ctx: TestContext;
let admin: TestUser;
const stops: (() => void)[] = [];

/**
 * A version watcher beside the app's, told of the app's committed catalogue changes as the app's
 * own is (the change handler, catalogue/catalogue-changes.ts, tells it once per transaction).
 */
function watcherOf(context: TestContext) {
  const versions = createCatalogueVersion(context.db);
  stops.push(context.app.domainEvents.on('book-changed', () => versions.refresh()));
  stops.push(() => versions.stop());
  return versions;
}

/** A search of our own beside the app's, on its own version watcher: its build count can be read. */
function ownSearch(options: BookSearchOptions = {}): InProcessBookSearch {
  return createBookSearch(ctx.db, watcherOf(ctx), options);
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, { role: 'admin' });
});
afterAll(async () => {
  for (const stop of stops) stop();
  await ctx.close();
});

const consoleApi = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: authHeader(admin),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const publicTitles = async (q: string): Promise<string[]> => {
  const response = await ctx.app.inject(`/api/v1/comics/book/search?language=en-us&q=${encodeURIComponent(q)}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.result as { book_title: string }[]).map((book) => book.book_title);
};
const consoleUuids = async (q: string, extra = ''): Promise<string[]> => {
  const response = await consoleApi('GET', `/books?language=en-us&q=${encodeURIComponent(q)}${extra}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.items as { book_uuid: string }[]).map((book) => book.book_uuid);
};
const idOf = async (uuid: string) => (await ctx.db.selectFrom('books').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow()).id;

describe('book search kept current by a delta', () => {
  let search: InProcessBookSearch;
  let uuid: string;

  beforeAll(async () => {
    search = ownSearch();
    await search.warm();
    expect(search.stats().baseBuilds).toBe(1);
  });
  afterEach(() => {
    // Every change below is found without building the base again.
    expect(search.stats().baseBuilds).toBe(1);
  });

  const ownIds = async (q: string, drafts = false) => (await search.search(q, { drafts })).map((match) => match.id);

  it('finds a book published through the console on the next search', async () => {
    const created = await consoleApi('POST', '/books', {
      original_language: 'en-us',
      titles: { 'en-us': 'The Quillwright Saga' },
      book_type: 'comic',
      tags: ['古典武侠'],
    });
    expect(created.statusCode, created.body).toBe(200);
    uuid = created.json().data.book_uuid;
    const id = await idOf(uuid);
    // A draft: the console's search finds it, the public one never.
    expect(await ownIds('quillwright', true)).toEqual([id]);
    expect(await ownIds('quillwright')).toEqual([]);
    expect(await publicTitles('quillwright')).toEqual([]);

    expect((await consoleApi('POST', `/books/${uuid}/publish`)).statusCode).toBe(200);
    expect(await ownIds('quillwright')).toEqual([id]);
    expect(await publicTitles('quillwright')).toEqual(['The Quillwright Saga']);
    expect(search.stats().deltaBooks).toBe(1);
  });

  it('renamed: the old title no longer finds it, the new one does', async () => {
    expect((await consoleApi('PUT', `/books/${uuid}`, { titles: { 'en-us': 'Lanterns over Harrowgate' } })).statusCode).toBe(200);
    expect(await ownIds('quillwright')).toEqual([]);
    expect(await publicTitles('quillwright')).toEqual([]);
    expect(await ownIds('harrowgate lanterns')).toEqual([await idOf(uuid)]);
    expect(await publicTitles('harowgate')).toEqual(['Lanterns over Harrowgate']);
  });

  it('a translation added: its Traditional spelling and pinyin find it', async () => {
    expect((await consoleApi('PUT', `/books/${uuid}`, { titles: { 'zh-cn': '灯笼城' } })).statusCode).toBe(200);
    expect(await publicTitles('燈籠城')).toEqual(['Lanterns over Harrowgate']);
    expect(await publicTitles('denglong')).toEqual(['Lanterns over Harrowgate']);
  });

  it('retagged: found by the new tag, no longer by the old one', async () => {
    const id = await idOf(uuid);
    // Tags are found by their name in any of the five languages.
    expect(await ownIds('wuxia')).toContain(id);
    expect((await consoleApi('PUT', `/books/${uuid}`, { tags: ['未来科幻'] })).statusCode).toBe(200);
    expect(await ownIds('wuxia')).not.toContain(id);
    expect(await ownIds('science fiction')).toContain(id);
  });

  it('unpublished: gone from the public search, still in the console', async () => {
    expect((await consoleApi('POST', `/books/${uuid}/unpublish`)).statusCode).toBe(200);
    expect(await ownIds('harrowgate')).toEqual([]);
    expect(await publicTitles('harrowgate')).toEqual([]);
    expect(await ownIds('harrowgate', true)).toEqual([await idOf(uuid)]);
    expect(await consoleUuids('harrowgate')).toEqual([uuid]);
  });
});

describe('a base rebuilt in the background', () => {
  it('is never waited for: the search that starts it answers from the old base and the delta', async () => {
    // Every change starts a rebuild of the base.
    const search = ownSearch({ rebuildAfter: 0 });
    await search.warm();
    const created = await consoleApi('POST', '/books', {
      original_language: 'en-us',
      titles: { 'en-us': 'Marrowgale Tides' },
      book_type: 'comic',
    });
    const id = await idOf(created.json().data.book_uuid);
    expect((await search.search('marrowgale', { drafts: true })).map((match) => match.id)).toEqual([id]);
    // The rebuild reads the whole catalogue with turns of the event loop: still under way.
    expect(search.stats()).toMatchObject({ baseBuilds: 2, rebuilding: true });
    await search.settled();
    expect(search.stats()).toMatchObject({ baseBuilds: 2, rebuilding: false, deltaBooks: 0 });
    expect((await search.search('marrowgale', { drafts: true })).map((match) => match.id)).toEqual([id]);
  });
});

describe("the console's book search", () => {
  let draft: string;
  let published: string;

  beforeAll(async () => {
    const create = async (titles: Record<string, string>, originalLanguage = 'en-us') => {
      const response = await consoleApi('POST', '/books', { original_language: originalLanguage, titles, book_type: 'novel' });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.book_uuid as string;
    };
    draft = await create({ 'zh-cn': '风暴之门', 'en-us': 'The Thornwick Gate' }, 'zh-cn');
    published = await create({ 'en-us': 'Thornwick Gate Chronicles' });
    expect((await consoleApi('POST', `/books/${published}/publish`)).statusCode).toBe(200);
  });

  it('finds drafts by title, by a typo and by the Traditional spelling, best match first', async () => {
    expect(await consoleUuids('the thornwick gate')).toEqual([draft]);
    // Relevance order: the start of a title before words anywhere in one.
    expect(await consoleUuids('thornwick gate')).toEqual([published, draft]);
    expect(await consoleUuids('thornwick gate chronicles')).toEqual([published]);
    expect(await consoleUuids('thronwick')).toEqual(expect.arrayContaining([draft, published]));
    expect(await consoleUuids('風暴之門')).toEqual([draft]);
    expect(await consoleUuids('fengbao')).toEqual([draft]);
  });

  it('keeps its filters and paging', async () => {
    expect(await consoleUuids('thornwick', '&published=unpublished')).toEqual([draft]);
    expect(await consoleUuids('thornwick', '&published=published')).toEqual([published]);
    expect(await consoleUuids('thornwick', '&book_type=comic')).toEqual([]);
    const first = await consoleApi('GET', '/books?q=thornwick&page_size=1');
    expect(first.json().data.total).toBe(2);
    const second = await consoleApi('GET', '/books?q=thornwick&page_size=1&page=1');
    expect([...first.json().data.items, ...second.json().data.items].map((b: { book_uuid: string }) => b.book_uuid).sort()).toEqual(
      [draft, published].sort(),
    );
  });

  it('the public search never finds a draft', async () => {
    for (const q of ['thornwick', 'the thornwick gate', '风暴之门', '風暴之門', 'fengbao', 'thronwick']) {
      expect(await publicTitles(q), q).not.toContain('The Thornwick Gate');
    }
    expect(await publicTitles('thornwick')).toEqual(['Thornwick Gate Chronicles']);
    // Behind the list's own published filter, the index itself leaves drafts out: in the base
    // (built after the draft was made) as in the delta.
    const built = ownSearch();
    const ids = async (q: string, drafts: boolean) => (await built.search(q, { drafts })).map((match) => match.id);
    for (const q of ['thornwick', '風暴之門', 'fengbao']) expect(await ids(q, false), q).not.toContain(await idOf(draft));
    expect(await ids('thornwick', false)).toEqual([await idOf(published)]);
    expect(await ids('thornwick', true)).toEqual([await idOf(published), await idOf(draft)]);
  });
});

const WORDS = [
  'storm',
  'gate',
  'dragon',
  'drake',
  'crimson',
  'sword',
  'jade',
  'hairpin',
  'moon',
  'palace',
  'river',
  'song',
  'city',
  'mirror',
];
const CHINESE = ['风暴之门', '龙帝归来', '天剑', '月宫', '镜之城', '九州剑歌'];
const TAGS = ['fantasy', 'romance', 'action', 'mystery', 'comedy'];
const AUTHORS = ['Mara Quill', 'Tom Ashby', '风起青萍', null];
const QUERIES = [
  ...WORDS,
  'stor',
  'dra',
  'cri',
  'the',
  'strom',
  'dargon',
  'crimsn',
  'hairpn',
  'storm gate',
  'gate storm',
  'crimson sword',
  'the jade hairpin',
  'moon palace river',
  '风暴',
  '龍帝',
  '剑',
  'fengbao',
  'tianjian',
  'fbzm',
  'fantasy',
  'romance sword',
  'mara quill',
  'ashby',
  'about',
];

/** Applies `count` random catalogue changes, each in its own transaction that raises `book-changed`, as the console's are. */
async function randomChanges(context: TestContext, random: SeededRandom, ids: number[], count: number, between?: () => Promise<void>) {
  const { domainEvents } = context.app;
  const title = () => Array.from({ length: 1 + random.below(3) }, () => random.pick(WORDS)).join(' ');
  for (let n = 0; n < count; n += 1) {
    const id = random.pick(ids);
    const kind = random.below(7);
    await domainEvents.transact(async (trx) => {
      if (kind === 0) await upsertBookTranslations(trx, id, [{ language: 'en-us', title: title() }]);
      else if (kind === 1) await upsertBookTranslations(trx, id, [{ language: 'zh-cn', title: random.pick(CHINESE) }]);
      else if (kind === 2) await replaceBookTags(trx, id, random.chance(0.3) ? [] : [...new Set([random.pick(TAGS), random.pick(TAGS)])]);
      else if (kind === 3) await updateBook(trx, id, { author: random.pick(AUTHORS) });
      else if (kind === 4) await updateBook(trx, id, { is_published: random.chance(0.5) });
      else if (kind === 5) await upsertBookTranslations(trx, id, [{ language: 'en-us', introduction: `about ${title()}` }]);
      else {
        const created = await insertBook(trx, {
          book_type: 'comic',
          original_language: 'en-us',
          is_published: random.chance(0.8),
          popularity: random.below(4),
          created_at: Date.now(),
          translations: [{ language: 'en-us', title: title() }],
          tags: [random.pick(TAGS)],
          author: random.pick(AUTHORS),
        });
        ids.push(created.id);
      }
      await domainEvents.raise(trx, { type: 'book-changed', bookId: kind === 6 ? ids.at(-1)! : id });
    });
    if (between && random.chance(0.2)) await between();
  }
}

describe('base + delta answer as a full rebuild would', () => {
  let equivalence: TestContext;
  const ids: number[] = [];

  beforeAll(async () => {
    equivalence = await createTestContext();
    const random = seededRandom(30);
    for (let n = 0; n < 200; n += 1) {
      const translations = [{ language: 'en-us', title: Array.from({ length: 1 + random.below(3) }, () => random.pick(WORDS)).join(' ') }];
      if (random.chance(0.3)) translations.push({ language: 'zh-cn', title: random.pick(CHINESE) });
      const book = await insertBook(equivalence.db, {
        book_type: 'comic',
        original_language: 'en-us',
        is_published: random.chance(0.85),
        // Few values: ties, broken by id, are most of the order.
        popularity: random.below(4),
        created_at: Date.now(),
        translations,
        tags: [random.pick(TAGS)],
        author: random.pick(AUTHORS),
      });
      ids.push(book.id);
    }
    await bookChanged(equivalence, ids[0]!);
  }, 60_000);
  afterAll(() => equivalence?.close());

  const searchOn = (options: BookSearchOptions = {}) => createBookSearch(equivalence.db, watcherOf(equivalence), options);

  async function expectSameAsRebuilt(layered: InProcessBookSearch) {
    const rebuilt = searchOn();
    for (const drafts of [false, true]) {
      for (const q of QUERIES) {
        expect(await layered.search(q, { drafts }), `${q}${drafts ? ' (drafts)' : ''}`).toEqual(await rebuilt.search(q, { drafts }));
      }
    }
    expect(rebuilt.stats().baseBuilds).toBe(1);
  }

  it('after 50 seeded random changes, searched now and then in between (delta only)', async () => {
    const layered = searchOn({ rebuildAfter: 1_000 });
    await layered.warm();
    await randomChanges(equivalence, seededRandom(7), ids, 50, async () => void (await layered.search(seededRandom(1).pick(QUERIES))));
    await expectSameAsRebuilt(layered);
    expect(layered.stats().baseBuilds).toBe(1);
    expect(layered.stats().deltaBooks).toBeGreaterThan(20);
  }, 60_000);

  it('with the base rebuilt in the background whenever the delta passes 10 books', async () => {
    const layered = searchOn({ rebuildAfter: 10 });
    await layered.warm();
    await randomChanges(equivalence, seededRandom(11), ids, 50, async () => void (await layered.search('storm')));
    await expectSameAsRebuilt(layered);
    await layered.settled();
    expect(layered.stats().baseBuilds).toBeGreaterThan(1);
    await expectSameAsRebuilt(layered);
  }, 60_000);
});
