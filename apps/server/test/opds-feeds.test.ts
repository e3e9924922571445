import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, normalizeLanguage } from '@inkstream/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../src/lib/app-error.js';
import type { FeedAuthenticator, FeedReader } from '../src/modules/opds/feed-reader.js';
import {
  bookChanged,
  authHeader,
  createBook,
  createUser,
  grantMembership,
  progressRow,
  type TestBook,
  type TestUser,
} from './helpers/factories.js';
import { parseXml, type XmlDocument, type XmlNode } from './helpers/strict-xml.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/**
 * The OPDS 1.2 feeds (docs/OPDS.md "Feeds") read as an app reads them: parsed by a strict,
 * namespace-aware XML parser, following the links the feeds give. The feed keys are another
 * slice: here a small authenticator maps test keys (path) and Basic logins to users.
 */

const ATOM = 'http://www.w3.org/2005/Atom';
const OPDS = 'http://opds-spec.org/2010/catalog';
const DC = 'http://purl.org/dc/terms/';
const OPENSEARCH = 'http://a9.com/-/spec/opensearch/1.1/';
const NAVIGATION = 'application/atom+xml;profile=opds-catalog;kind=navigation';
const ACQUISITION = 'application/atom+xml;profile=opds-catalog;kind=acquisition';
const BUY = 'http://opds-spec.org/acquisition/buy';
const NASTY_TITLE = `<script>alert(1)</script>&"'\u0001 end`;

const atom = (parent: XmlDocument | XmlNode, name: string) => Array.from(parent.getElementsByTagNameNS(ATOM, name));
const linksOf = (parent: XmlNode) =>
  Array.from(parent.children)
    .filter((child) => child.namespaceURI === ATOM && child.localName === 'link')
    .map((link) => ({ rel: link.getAttribute('rel'), type: link.getAttribute('type'), href: link.getAttribute('href') ?? '' }));
const feedLinks = (doc: XmlDocument) => linksOf(doc.documentElement);
const text = (parent: XmlNode, name: string) => atom(parent, name)[0]?.textContent ?? null;

let ctx: TestContext;
const keys = new Map<string, Omit<FeedReader, 'language'>>();
const keyOf = (user: TestUser) => `key-${user.username}`;

/** The test's authenticator: the key in the path, or Basic user:key; anything else 401. */
const testAuthenticator: FeedAuthenticator = async (request: FastifyRequest, feedKey: string | null) => {
  let key = feedKey;
  if (key === null) {
    const header = request.headers.authorization ?? '';
    const decoded = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString() : '';
    key = decoded.split(':')[1] ?? null;
  }
  const reader = key === null ? undefined : keys.get(key);
  if (!reader) throw new AppError(ErrorCode.AUTH_REQUIRED, 401, 'A feed key is required');
  // The owner's language as it is now (the tests change it), as the real authenticator reads it.
  const row = await ctx.db.selectFrom('users').select('language').where('id', '=', reader.user.id).executeTakeFirst();
  return { ...reader, language: normalizeLanguage(row?.language ?? '') ?? 'en-us' };
};

let reader: TestUser;
let member: TestUser;
let chinese: TestUser;
let comic: TestBook;
const plainBooks: TestBook[] = [];

async function addReader(user: TestUser) {
  keys.set(keyOf(user), { user: { id: user.id, uuid: user.uuid, username: user.username, role: 'user' }, keyId: user.id });
}

const feedUrl = (user: TestUser, path: string) => `/opds/key/${keyOf(user)}/v1.2/${path}`;
const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

async function feed(user: TestUser, path: string, type = ACQUISITION) {
  const response = await get(feedUrl(user, path));
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe(`${type};charset=utf-8`);
  return parseXml(response.body);
}

beforeAll(async () => {
  ctx = await createTestContext({}, { feedAuthenticate: testAuthenticator });
  const now = Date.now();
  // The newest book, with a title that must survive as text, two free chapters of four.
  comic = await createBook(ctx, {
    chapters: 4,
    freeChapters: 2,
    tags: ['action', 'a&b <tag>'],
    titles: { 'en-us': NASTY_TITLE, 'zh-cn': '中文书名' },
    introductions: { 'en-us': 'An "intro" & <more>' },
    author: 'Ann <Author>',
    updatedAt: now,
    popularity: 10,
  });
  // 50 more: 51 books in all, more than one feed page of 50.
  for (let i = 0; i < 50; i += 1) {
    plainBooks.push(await createBook(ctx, { updatedAt: now - (i + 1) * 60_000, popularity: 100 - i, tags: ['plain'] }));
  }
  reader = await createUser(ctx);
  member = await createUser(ctx);
  chinese = await createUser(ctx);
  await grantMembership(ctx, member.id, { days: 30 });
  await ctx.db.updateTable('users').set({ language: 'zh-cn' }).where('id', '=', chinese.id).execute();
  for (const user of [reader, member, chinese]) await addReader(user);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('OPDS feeds: the root catalogue', () => {
  it('is a navigation feed with the Atom, OPDS, Dublin Core and OpenSearch namespaces and links inside the key tree', async () => {
    const doc = await feed(reader, 'catalog', NAVIGATION);
    const root = doc.documentElement;
    expect(root.namespaceURI).toBe(ATOM);
    expect(root.localName).toBe('feed');
    expect(root.lookupNamespaceURI('opds')).toBe(OPDS);
    expect(root.lookupNamespaceURI('dc')).toBe(DC);
    expect(root.lookupNamespaceURI('opensearch')).toBe(OPENSEARCH);
    expect(doc.getElementsByTagNameNS(DC, 'language')[0]?.textContent).toBe('en-us');
    const links = feedLinks(doc);
    expect(links).toContainEqual({ rel: 'self', type: NAVIGATION, href: feedUrl(reader, 'catalog') });
    expect(links).toContainEqual({ rel: 'start', type: NAVIGATION, href: feedUrl(reader, 'catalog') });
    expect(links).toContainEqual({ rel: 'search', type: 'application/opensearchdescription+xml', href: feedUrl(reader, 'opensearch.xml') });
    expect(links).toContainEqual({ rel: 'search', type: ACQUISITION, href: `${feedUrl(reader, 'search')}?q={searchTerms}` });
    const entries = atom(doc, 'entry').map((entry) => ({ title: text(entry, 'title'), link: linksOf(entry)[0] }));
    expect(entries.map((entry) => entry.link?.href)).toEqual(
      ['new', 'popular', 'tags', 'library', 'continue'].map((path) => feedUrl(reader, path)),
    );
    expect(entries.find((entry) => entry.title === 'By tag')?.link?.type).toBe(NAVIGATION);
    expect(entries.find((entry) => entry.title === 'New')?.link).toMatchObject({ rel: 'http://opds-spec.org/sort/new', type: ACQUISITION });
  });

  it('keeps the Basic tree: links stay under /opds/v1.2/ when the app logged in with Basic', async () => {
    const basic = `Basic ${Buffer.from(`${reader.username}:${keyOf(reader)}`).toString('base64')}`;
    const response = await get('/opds/v1.2/catalog', { authorization: basic });
    expect(response.statusCode).toBe(200);
    const hrefs = [...parseXml(response.body).getElementsByTagNameNS(ATOM, 'link')].map((link) => link.getAttribute('href'));
    expect(hrefs.length).toBeGreaterThan(5);
    for (const target of hrefs) expect(target!.startsWith('/opds/v1.2/')).toBe(true);
  });

  it('refuses a missing or unknown key with 401 and a Basic challenge, on both trees', async () => {
    for (const url of ['/opds/key/no-such-key/v1.2/catalog', '/opds/v1.2/catalog', '/opds/key/no-such-key/v1.2/new']) {
      const response = await get(url);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Basic realm=/);
      expect(response.body).not.toContain('<feed');
    }
  });
});

describe('OPDS feeds: book lists', () => {
  it('lists new books as acquisition entries with escaped text, author, summary, tags, covers and the book feed link', async () => {
    const doc = await feed(reader, 'new');
    const entries = atom(doc, 'entry');
    expect(entries).toHaveLength(50);
    const first = entries[0]!;
    // The title survives as text: markup characters kept, the control character XML forbids dropped.
    expect(text(first, 'title')).toBe(`<script>alert(1)</script>&"' end`);
    expect(text(first, 'id')).toBe(`urn:uuid:${comic.uuid}`);
    expect(text(first, 'name')).toBe('Ann <Author>');
    expect(text(first, 'summary')).toBe('An "intro" & <more>');
    expect(atom(first, 'category').map((category) => category.getAttribute('term'))).toEqual(
      expect.arrayContaining(['action', 'a&b <tag>']),
    );
    const links = linksOf(first);
    expect(links).toContainEqual({ rel: 'http://opds-spec.org/image', type: 'image/webp', href: `/media/${comic.coverKey}` });
    expect(links.some((link) => link.rel === 'http://opds-spec.org/image/thumbnail' && link.href.startsWith('/media/'))).toBe(true);
    expect(links).toContainEqual({ rel: 'subsection', type: ACQUISITION, href: feedUrl(reader, `book/${comic.uuid}`) });
  });

  it('pages a list of 51 books at 50 with first / next / last links, and the second page has the last one', async () => {
    const doc = await feed(reader, 'new');
    const links = feedLinks(doc);
    expect(links).toContainEqual({ rel: 'first', type: ACQUISITION, href: feedUrl(reader, 'new') });
    expect(links).toContainEqual({ rel: 'next', type: ACQUISITION, href: feedUrl(reader, 'new?page=1') });
    expect(links.some((link) => link.rel === 'previous')).toBe(false);
    expect(doc.getElementsByTagNameNS(OPENSEARCH, 'totalResults')[0]?.textContent).toBe('51');
    expect(doc.getElementsByTagNameNS(OPENSEARCH, 'itemsPerPage')[0]?.textContent).toBe('50');

    const second = await feed(reader, 'new?page=1');
    expect(atom(second, 'entry').map((entry) => text(entry, 'id'))).toEqual([`urn:uuid:${plainBooks[49]!.uuid}`]);
    const secondLinks = feedLinks(second);
    expect(secondLinks).toContainEqual({ rel: 'previous', type: ACQUISITION, href: feedUrl(reader, 'new') });
    expect(secondLinks.some((link) => link.rel === 'next')).toBe(false);
  });

  it('keeps a smaller page size in the page links', async () => {
    const doc = await feed(reader, 'popular?page_size=2&page=1');
    expect(atom(doc, 'entry')).toHaveLength(2);
    const links = feedLinks(doc);
    expect(links).toContainEqual({ rel: 'next', type: ACQUISITION, href: feedUrl(reader, 'popular?page_size=2&page=2') });
    expect(links).toContainEqual({ rel: 'previous', type: ACQUISITION, href: feedUrl(reader, 'popular?page_size=2') });
  });

  it('orders popular by popularity', async () => {
    const doc = await feed(reader, 'popular?page_size=3');
    expect(atom(doc, 'entry').map((entry) => text(entry, 'id'))).toEqual(plainBooks.slice(0, 3).map((book) => `urn:uuid:${book.uuid}`));
  });

  it('answers a page past the end with an empty page, and absurd pages or sizes with 400, never 5xx', async () => {
    const far = await feed(reader, 'new?page=999999');
    expect(atom(far, 'entry')).toHaveLength(0);
    expect(feedLinks(far).some((link) => link.rel === 'first')).toBe(true);
    for (const query of ['page_size=51', 'page_size=0', 'page=-1', 'page=abc', 'page=1e9', 'page_size=100000']) {
      const response = await get(feedUrl(reader, `new?${query}`));
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe(ErrorCode.VALIDATION_FAILED);
    }
  });

  it('gives each feed in the key owner\u2019s language (zh-cn), with the usual fallback', async () => {
    const doc = await feed(chinese, 'new?page_size=1');
    expect(doc.documentElement.getAttribute('xml:lang')).toBe('zh-cn');
    expect(text(atom(doc, 'entry')[0]!, 'title')).toBe('中文书名');
    expect(text(atom(doc, 'entry')[0]!, 'summary')).toBe('About 中文书名');
    // The feeds' own words too: the root's entries and a locked chapter's mark.
    const root = await feed(chinese, 'catalog', NAVIGATION);
    expect(atom(root, 'entry').map((entry) => text(entry, 'title'))).toEqual(['最新', '热门', '按标签', '我的书架', '继续阅读']);
    const chapters = atom(await feed(chinese, `book/${comic.uuid}`), 'entry');
    expect(atom(chapters[3]!, 'category')[0]?.getAttribute('label')).toBe('会员专享');
    // A language the book has no title in (fr-fr): the book's original language (en-us).
    await ctx.db.updateTable('users').set({ language: 'fr-fr' }).where('id', '=', chinese.id).execute();
    const french = await feed(chinese, 'new?page_size=1');
    expect(text(atom(french, 'entry')[0]!, 'title')).toBe(`<script>alert(1)</script>&"' end`);
    await ctx.db.updateTable('users').set({ language: 'zh-cn' }).where('id', '=', chinese.id).execute();
  });

  it('never answers 5xx to odd tags and searches', async () => {
    const odd = [
      'tag/%ED%A0%80',
      'tag/%F0%9F%98%80',
      'tag/a%2Fb',
      'tag/%00',
      `tag/${'x'.repeat(65)}`,
      'search?q=%00',
      `search?q=${'q'.repeat(101)}`,
    ];
    odd.push('search?q=%F0%9F%98%80%20%E4%B8%AD', 'search?q=%ED%A0%80', 'search?q=' + encodeURIComponent('<script>&"\''), 'tag/%25');
    for (const path of odd) {
      const response = await get(feedUrl(reader, path));
      expect(response.statusCode, path).toBeLessThan(500);
      if (response.statusCode === 200) parseXml(response.body);
      else expect(response.json().code, path).toBeTypeOf('string');
    }
  });

  it('lists tags as navigation and a tag as its books', async () => {
    const tags = await feed(reader, 'tags', NAVIGATION);
    const entry = atom(tags, 'entry').find((item) => text(item, 'title') === 'a&b <tag>')!;
    const target = linksOf(entry)[0]!;
    expect(target).toMatchObject({ rel: 'subsection', type: ACQUISITION });
    expect(target.href).toBe(feedUrl(reader, `tag/${encodeURIComponent('a&b <tag>')}`));
    const tagged = await feed(reader, target.href.split('/v1.2/')[1]!);
    expect(atom(tagged, 'entry').map((item) => text(item, 'id'))).toEqual([`urn:uuid:${comic.uuid}`]);
    const unknown = await feed(reader, 'tag/no-such-tag');
    expect(atom(unknown, 'entry')).toHaveLength(0);
  });

  it('searches with the site search and describes it in OpenSearch', async () => {
    const description = await get(feedUrl(reader, 'opensearch.xml'));
    expect(description.statusCode).toBe(200);
    expect(description.headers['content-type']).toBe('application/opensearchdescription+xml;charset=utf-8');
    const url = parseXml(description.body).getElementsByTagNameNS(OPENSEARCH, 'Url')[0]!;
    expect(url.getAttribute('type')).toBe(ACQUISITION);
    expect(url.getAttribute('template')).toBe(`${feedUrl(reader, 'search')}?q={searchTerms}`);

    const found = await feed(reader, `search?q=${encodeURIComponent('Ann Author')}`);
    expect(atom(found, 'entry').map((item) => text(item, 'id'))).toContain(`urn:uuid:${comic.uuid}`);
    const empty = await feed(reader, 'search?q=');
    expect(atom(empty, 'entry')).toHaveLength(0);
  });

  it("lists the reader's library (follows) and continue reading, privately", async () => {
    const follow = await ctx.app.inject({ method: 'PUT', url: `/api/v1/user/follows/${plainBooks[3]!.uuid}`, headers: authHeader(member) });
    expect(follow.statusCode).toBe(200);
    await ctx.db
      .insertInto('reading_progress')
      .values(progressRow(`u:${member.id}`, comic.id, comic.chapters[0]!.id, Date.now()))
      .execute();
    const library = await get(feedUrl(member, 'library'));
    expect(library.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
    expect(atom(parseXml(library.body), 'entry').map((item) => text(item, 'id'))).toEqual([`urn:uuid:${plainBooks[3]!.uuid}`]);
    const reading = await feed(member, 'continue');
    expect(atom(reading, 'entry').map((item) => text(item, 'id'))).toEqual([`urn:uuid:${comic.uuid}`]);
    // Another reader's feeds show none of it.
    expect(atom(await feed(reader, 'library'), 'entry')).toHaveLength(0);
    expect(atom(await feed(reader, 'continue'), 'entry')).toHaveLength(0);
  });
});

describe('OPDS feeds: a book and its chapters', () => {
  const chapterEntries = (doc: XmlDocument) =>
    atom(doc, 'entry').map((entry) => ({
      id: text(entry, 'id'),
      terms: atom(entry, 'category').map((category) => category.getAttribute('term')),
      links: linksOf(entry),
    }));

  it('lists locked chapters marked members only, with the top-up link as their only link', async () => {
    const doc = await feed(reader, `book/${comic.uuid}`);
    expect(text(doc.documentElement, 'title')).toBe(`<script>alert(1)</script>&"' end`);
    const chapters = chapterEntries(doc);
    expect(chapters.map((chapter) => chapter.id)).toEqual(comic.chapters.map((chapter) => `urn:uuid:${chapter.uuid}`));
    for (const locked of chapters.slice(2)) {
      expect(locked.terms).toEqual(['members-only']);
      expect(locked.links).toEqual([{ rel: BUY, type: 'text/html', href: `${ctx.config.publicUrl}/profile#top-up` }]);
    }
    for (const free of chapters.slice(0, 2)) {
      expect(free.terms).toEqual(['free']);
      expect(free.links.some((link) => link.rel === BUY)).toBe(false);
    }
    // Nothing in the feed leads to a page of a locked chapter.
    const body = (await get(feedUrl(reader, `book/${comic.uuid}`))).body;
    for (const key of comic.chapters[2]!.pageKeys) expect(body).not.toContain(key);
  });

  it('shows a member the same chapters as readable', async () => {
    const chapters = chapterEntries(await feed(member, `book/${comic.uuid}`));
    for (const chapter of chapters) {
      expect(chapter.terms).not.toContain('members-only');
      expect(chapter.links.some((link) => link.rel === BUY)).toBe(false);
      expect(chapter.links.some((link) => link.rel === 'alternate' && link.type === 'text/html')).toBe(true);
    }
  });

  it('locks paid chapters again for a reader whose membership ended', async () => {
    const lapsed = await createUser(ctx);
    await grantMembership(ctx, lapsed.id, { days: 30, startDaysAgo: 31 });
    await addReader(lapsed);
    const chapters = chapterEntries(await feed(lapsed, `book/${comic.uuid}`));
    expect(chapters.map((chapter) => chapter.terms)).toEqual([['free'], ['free'], ['members-only'], ['members-only']]);
  });

  it('answers an unknown book with 404 in the JSON error envelope, and a malformed id with 400', async () => {
    const missing = await get(feedUrl(reader, 'book/00000000-0000-4000-8000-000000000000'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(ErrorCode.BOOK_NOT_FOUND);
    const malformed = await get(feedUrl(reader, 'book/not-a-uuid'));
    expect(malformed.statusCode).toBe(400);
    const pageSize = await get(feedUrl(reader, `book/${comic.uuid}?page_size=101`));
    expect(pageSize.statusCode).toBe(400);
  });

  it('pages chapters and answers a page past the end with no chapters', async () => {
    const doc = await feed(reader, `book/${comic.uuid}?page_size=3`);
    expect(atom(doc, 'entry')).toHaveLength(3);
    expect(feedLinks(doc)).toContainEqual({
      rel: 'next',
      type: ACQUISITION,
      href: feedUrl(reader, `book/${comic.uuid}?page_size=3&page=1`),
    });
    expect(atom(await feed(reader, `book/${comic.uuid}?page=50`), 'entry')).toHaveLength(0);
  });
});

describe('OPDS feeds: caching', () => {
  it('answers a repeated request with the same ETag by 304, privately', async () => {
    for (const path of ['catalog', 'new', `book/${comic.uuid}`, 'opensearch.xml']) {
      const first = await get(feedUrl(reader, path));
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);
      expect(first.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
      const again = await get(feedUrl(reader, path), { 'if-none-match': etag });
      expect(again.statusCode, path).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect((await get(feedUrl(reader, path), { 'if-none-match': '"other"' })).statusCode).toBe(200);
    }
  });

  it('gives a member and a non-member different ETags for the same book (the lock state is in it)', async () => {
    // The Basic tree: the same links for both, so only the lock state tells the documents apart.
    const basic = (user: TestUser) => ({ authorization: `Basic ${Buffer.from(`${user.username}:${keyOf(user)}`).toString('base64')}` });
    const url = `/opds/v1.2/book/${comic.uuid}`;
    const a = await get(url, basic(reader));
    const b = await get(url, basic(member));
    expect(a.headers.etag).not.toBe(b.headers.etag);
    expect((await get(url, { ...basic(member), 'if-none-match': a.headers.etag as string })).statusCode).toBe(200);
    expect((await get(url, { ...basic(member), 'if-none-match': b.headers.etag as string })).statusCode).toBe(304);
  });

  it("writes each reader's own links into the feeds every reader shares, never another reader's key", async () => {
    const basicOf = (user: TestUser) => ({ authorization: `Basic ${Buffer.from(`${user.username}:${keyOf(user)}`).toString('base64')}` });
    for (const path of ['catalog', 'new', 'popular', 'tags', 'tag/plain', 'search?q=book', 'opensearch.xml']) {
      const own = (await get(feedUrl(reader, path))).body;
      const other = (await get(feedUrl(member, path))).body;
      const basicBody = (await get(`/opds/v1.2/${path}`, basicOf(member))).body;
      expect(own, path).toContain(`/opds/key/${keyOf(reader)}/v1.2/`);
      expect(own, path).not.toContain(keyOf(member));
      expect(other, path).toContain(`/opds/key/${keyOf(member)}/v1.2/`);
      expect(other, path).not.toContain(keyOf(reader));
      expect(basicBody, path).not.toContain('/opds/key/');
      expect(basicBody, path).toContain('/opds/v1.2/');
      // Only the base differs: the same document once each reader's base is taken out.
      expect(own.replaceAll(`/opds/key/${keyOf(reader)}/`, '/opds/'), path).toBe(basicBody);
      // Every link of the document is under the reader's tree, the site or its media (nothing else was left in).
      const hrefs = [...own.matchAll(/(?:href|template)="([^"]+)"/g)].map((match) => match[1]!);
      for (const target of hrefs) {
        expect(
          target.startsWith(`/opds/key/${keyOf(reader)}/v1.2/`) || target.startsWith(ctx.config.publicUrl) || target.startsWith('/media/'),
          `${path}: ${target}`,
        ).toBe(true);
      }
    }
  });

  it('does the same for the OPDS 2.0 feeds, and for book feeds shared by readers in the same state', async () => {
    const basicOf = (user: TestUser) => ({ authorization: `Basic ${Buffer.from(`${user.username}:${keyOf(user)}`).toString('base64')}` });
    const lapsed = await createUser(ctx);
    await addReader(lapsed);
    const cases = [
      ...['catalog', 'new', 'popular', 'tags', 'tag/plain', 'search?query=book', `book/${comic.uuid}`].map((path) => `v2/${path}`),
      `v1.2/book/${comic.uuid}`,
    ];
    for (const path of cases) {
      // reader and lapsed: two non-members in the same state, so one kept document for both.
      const own = (await get(`/opds/key/${keyOf(reader)}/${path}`)).body;
      const other = (await get(`/opds/key/${keyOf(lapsed)}/${path}`)).body;
      const basicBody = (await get(`/opds/${path}`, basicOf(reader))).body;
      expect(own, path).toContain(`/opds/key/${keyOf(reader)}/`);
      expect(own, path).not.toContain(keyOf(lapsed));
      expect(other, path).toContain(`/opds/key/${keyOf(lapsed)}/`);
      expect(other, path).not.toContain(keyOf(reader));
      expect(basicBody, path).not.toContain('/opds/key/');
      expect(own.replaceAll(`/opds/key/${keyOf(reader)}/`, '/opds/'), path).toBe(basicBody);
      expect(other.replaceAll(`/opds/key/${keyOf(lapsed)}/`, '/opds/'), path).toBe(basicBody);
    }
  });

  it('shows a catalogue change at once in a feed it kept, with a new ETag', async () => {
    const before = await get(feedUrl(reader, 'new?page_size=1'));
    const fresh = await createBook(ctx, { titles: { 'en-us': 'Brand New Arrival' }, updatedAt: Date.now() + 60_000 });
    const after = await get(feedUrl(reader, 'new?page_size=1'), { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Brand New Arrival');
    expect(after.body).toContain(fresh.uuid);
    // The book feed follows a renamed chapter too.
    const url = feedUrl(reader, `book/${comic.uuid}`);
    const book = await get(url);
    await ctx.db
      .updateTable('chapter_translations')
      .set({ title: 'A Renamed Chapter' })
      .where('chapter_id', '=', comic.chapters[0]!.id)
      .where('language', '=', 'en-us')
      .execute();
    await bookChanged(ctx, comic.id);
    const renamed = await get(url, { 'if-none-match': book.headers.etag as string });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.body).toContain('A Renamed Chapter');
    await ctx.db.updateTable('books').set({ is_published: 0 }).where('id', '=', fresh.id).execute();
    await bookChanged(ctx, fresh.id);
    expect((await get(feedUrl(reader, 'new?page_size=1'))).body).not.toContain(fresh.uuid);
  });

  it("never answers 304 with a book feed the reader's membership has since changed", async () => {
    const joiner = await createUser(ctx);
    await addReader(joiner);
    const url = feedUrl(joiner, `book/${comic.uuid}`);
    const locked = await get(url);
    expect((await get(url, { 'if-none-match': locked.headers.etag as string })).statusCode).toBe(304);
    await grantMembership(ctx, joiner.id, { days: 30 });
    const open = await get(url, { 'if-none-match': locked.headers.etag as string });
    expect(open.statusCode).toBe(200);
    expect(open.body).not.toContain('members-only');
    expect(open.headers.etag).not.toBe(locked.headers.etag);
  });
});
