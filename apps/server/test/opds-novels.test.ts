import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBook, createUser, grantMembership, type TestBook, type TestUser } from './helpers/factories.js';
import { feedBases, makeFeedKey, type FeedBase as FeedTree } from './helpers/feed-keys.js';
import { unzip, type ZipEntry } from './helpers/zip.js';
import { parseXml, type XmlDocument, type XmlNode } from './helpers/strict-xml.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/**
 * Novels in reading apps (docs/OPDS.md "Novels"): each readable chapter downloads as an XHTML
 * document and the book as an EPUB 3 file of the chapters the reader may read at that moment. The
 * stored text is made safe again on the way out, so a script or an event handler in it never
 * reaches a document; paid text reaches only a reader entitled at that moment.
 */

const XHTML = 'http://www.w3.org/1999/xhtml';
const ATOM = 'http://www.w3.org/2005/Atom';
const OPF = 'http://www.idpf.org/2007/opf';
const DC = 'http://purl.org/dc/elements/1.1/';
const EPUB_OPS = 'http://www.idpf.org/2007/ops';
const ACQUISITION = 'http://opds-spec.org/acquisition';

type ParsedFeed = { entries: { id: string; links: { rel: string; href: string; type: string }[] }[] };
const OpdsParser = (
  createRequire(import.meta.url)('opds-feed-parser') as { default: new () => { parse(xml: string): Promise<ParsedFeed> } }
).default;

/** Stored text as a bad import or a direct database write could leave it: the documents must not trust it. */
const HOSTILE =
  '<p>Free words &amp; more<script>alert("script")</script><img src="x" onerror="alert(\'onerror\')"></p>' +
  '<p onclick="alert(\'click\')"><a href="javascript:alert(\'href\')">link text</a> <em>kept</em><br>next line</p>' +
  '<style>body{display:none}</style><iframe src="https://example.com/"></iframe><p>Unclosed <strong>bold';

let ctx: TestContext;
let novel: TestBook;
let arabic: TestBook;
let comic: TestBook;
let member: TestUser;
let reader: TestUser;
let expired: TestUser;
let memberTree: FeedTree;
let readerTree: FeedTree;
let expiredTree: FeedTree;

const get = (tree: FeedTree, path: string) =>
  ctx.app.inject({ method: 'GET', url: `${tree.base}${path}`, headers: tree.headers, remoteAddress: '10.8.8.8' });
const textPath = (chapterUuid: string) => `chapter/${chapterUuid}/text.xhtml`;
const epubPath = (bookUuid: string) => `book/${bookUuid}/book.epub`;

/** The tree of a new key of `user` (key in the path, or Basic when `basic`). */
async function treeOf(user: TestUser, basic = false): Promise<FeedTree> {
  const { key } = await makeFeedKey(ctx, user);
  return feedBases(user, key)[basic ? 1 : 0]!;
}

const elements = (doc: XmlDocument | XmlNode, namespace: string, name: string) => [...doc.getElementsByTagNameNS(namespace, name)];

/** The checks every served chapter document passes: well-formed, XHTML, nothing active in it. */
function assertSafeXhtml(body: string, language: string): XmlDocument {
  expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const doc = parseXml(body);
  const html = doc.documentElement;
  expect(html.namespaceURI).toBe(XHTML);
  expect(html.localName).toBe('html');
  expect(html.getAttribute('lang')).toBe(language);
  expect(html.getAttribute('xml:lang')).toBe(language);
  expect(html.getAttribute('dir')).toBe(language === 'ar-sa' ? 'rtl' : 'ltr');
  expect(elements(doc, XHTML, 'title')[0]?.textContent).toBeTruthy();
  for (const banned of ['script', 'style', 'iframe', 'img', 'a', 'object', 'embed']) expect(elements(doc, XHTML, banned)).toHaveLength(0);
  expect(body).not.toMatch(/\son[a-z]+\s*=/i);
  expect(body).not.toMatch(/javascript:|alert\(/i);
  return doc;
}

beforeAll(async () => {
  ctx = await createTestContext();
  novel = await createBook(ctx, {
    bookType: 'novel',
    author: 'Ann Author',
    chapters: 3,
    freeChapters: 1,
    chapterText: (n) => (n === 1 ? HOSTILE : `<p>PAID-TEXT-${n} &lt;not a tag&gt;</p>`),
    moreTexts: (n) => ({ 'zh-cn': `<p>中文第${n}章</p>` }),
  });
  arabic = await createBook(ctx, {
    bookType: 'novel',
    chapters: 1,
    freeChapters: 1,
    originalLanguage: 'ar-sa',
    titles: { 'ar-sa': 'كتاب' },
    textLanguage: 'ar-sa',
    chapterText: () => '<p>نص الفصل</p>',
  });
  comic = await createBook(ctx, { chapters: 1, freeChapters: 1 });
  member = await createUser(ctx);
  await grantMembership(ctx, member.id, { days: 30 });
  reader = await createUser(ctx);
  expired = await createUser(ctx);
  await grantMembership(ctx, expired.id, { days: 10, startDaysAgo: 20 });
  memberTree = await treeOf(member);
  readerTree = await treeOf(reader);
  expiredTree = await treeOf(expired, true);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('the book feed of a novel', () => {
  it('links each readable chapter to its XHTML and the book to its EPUB; locked chapters and comics get neither', async () => {
    const feed = await get(memberTree, `book/${novel.uuid}`);
    expect(feed.statusCode, feed.body).toBe(200);
    const doc = parseXml(feed.body);
    const acquisitions = elements(doc, ATOM, 'link').filter((link) => link.getAttribute('rel') === ACQUISITION);
    expect(acquisitions.map((link) => [link.getAttribute('type'), link.getAttribute('href')])).toEqual([
      ['application/epub+zip', `${memberTree.base}${epubPath(novel.uuid)}`],
      ...novel.chapters.map((chapter) => ['application/xhtml+xml', `${memberTree.base}${textPath(chapter.uuid)}`]),
    ]);
    // A real OPDS client finds the same acquisitions, by entry.
    const parsed = await new OpdsParser().parse(feed.body);
    const byId = new Map(parsed.entries.map((entry) => [entry.id, entry.links.filter((link) => link.rel === ACQUISITION)]));
    expect(byId.get(`urn:inkstream:opds:epub:${novel.uuid}`)?.[0]?.type).toBe('application/epub+zip');
    for (const chapter of novel.chapters) expect(byId.get(`urn:uuid:${chapter.uuid}`)?.[0]?.type).toBe('application/xhtml+xml');

    // A non-member: the free chapter's text and the EPUB, nothing that leads to a paid chapter's text.
    const locked = await get(readerTree, `book/${novel.uuid}`);
    expect(locked.statusCode).toBe(200);
    for (const chapter of novel.chapters.slice(1)) expect(locked.body).not.toContain(textPath(chapter.uuid));
    expect(locked.body).toContain(textPath(novel.chapters[0]!.uuid));
    expect(locked.body).toContain(epubPath(novel.uuid));

    const comicFeed = await get(memberTree, `book/${comic.uuid}`);
    expect(comicFeed.body).not.toContain(ACQUISITION + '"');
    expect(comicFeed.body).not.toContain('text.xhtml');
    expect(comicFeed.body).not.toContain('book.epub');
  });
});

describe('a chapter as XHTML', () => {
  it('is a well-formed XHTML document without the stored script, handlers, links or styles', async () => {
    const response = await get(readerTree, textPath(novel.chapters[0]!.uuid));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/xhtml+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, max-age=3600');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const doc = assertSafeXhtml(response.body, 'en-us');
    const body = elements(doc, XHTML, 'body')[0]!;
    // The words stay (entities decoded once and written again), emphasis and line breaks too.
    expect(body.textContent).toContain('Free words & more');
    expect(body.textContent).toContain('link text');
    expect(body.textContent).toContain('Unclosed bold');
    expect(elements(doc, XHTML, 'em').map((node) => node.textContent)).toEqual(['kept']);
    expect(elements(doc, XHTML, 'br')).toHaveLength(1);
    expect(elements(doc, XHTML, 'h1')[0]?.textContent).toBe('1. Chapter 1');
    expect(body.textContent).not.toContain('display:none');
  });

  it('follows the reader\u2019s language with the site\u2019s fallback, and is right to left in Arabic', async () => {
    const chinese = await createUser(ctx);
    await ctx.db.updateTable('users').set({ language: 'zh-cn' }).where('id', '=', chinese.id).execute();
    const tree = await treeOf(chinese);
    const zh = await get(tree, textPath(novel.chapters[0]!.uuid));
    expect(zh.statusCode).toBe(200);
    expect(assertSafeXhtml(zh.body, 'zh-cn').documentElement.textContent).toContain('中文第1章');
    // French: no French text, so English (the fallback), said so in lang.
    await ctx.db.updateTable('users').set({ language: 'fr-fr' }).where('id', '=', chinese.id).execute();
    const fr = await get(tree, textPath(novel.chapters[0]!.uuid));
    assertSafeXhtml(fr.body, 'en-us');
    const ar = await get(tree, textPath(arabic.chapters[0]!.uuid));
    expect(ar.statusCode, ar.body).toBe(200);
    expect(assertSafeXhtml(ar.body, 'ar-sa').documentElement.textContent).toContain('نص الفصل');
  });

  it('a paid chapter: 403 MEMBERSHIP_REQUIRED for a non-member, MEMBERSHIP_EXPIRED for an expired member, 200 uncached for a member', async () => {
    const paid = novel.chapters[1]!;
    for (const [tree, code] of [
      [readerTree, 'MEMBERSHIP_REQUIRED'],
      [expiredTree, 'MEMBERSHIP_EXPIRED'],
    ] as const) {
      const refused = await get(tree, textPath(paid.uuid));
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().code).toBe(code);
      expect(refused.body).not.toContain('PAID-TEXT');
    }
    const read = await get(memberTree, textPath(paid.uuid));
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers['cache-control']).toBe('private, no-store');
    const doc = assertSafeXhtml(read.body, 'en-us');
    // `&lt;not a tag&gt;` is text, written back escaped: no element named "not".
    expect(elements(doc, XHTML, 'body')[0]?.textContent).toContain('PAID-TEXT-2 <not a tag>');
  });

  it("says an expired member's refusal in the account's language (issue 40: a zh-cn reader got English)", async () => {
    const chinese = await createUser(ctx);
    await grantMembership(ctx, chinese.id, { days: 10, startDaysAgo: 20 });
    await ctx.db.updateTable('users').set({ language: 'zh-cn' }).where('id', '=', chinese.id).execute();
    const refused = await get(await treeOf(chinese), textPath(novel.chapters[1]!.uuid));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('MEMBERSHIP_EXPIRED');
    expect(refused.json().error).toMatch(/会员/);
  });

  it('unknown, unpublished and comic chapters are 404, a malformed id 400, no key 401', async () => {
    const unpublished = await createBook(ctx, { bookType: 'novel', chapters: 2, freeChapters: 2, chapterText: () => '<p>x</p>' });
    await ctx.db.updateTable('chapters').set({ is_published: 0 }).where('id', '=', unpublished.chapters[1]!.id).execute();
    const hiddenBook = await createBook(ctx, {
      bookType: 'novel',
      chapters: 1,
      freeChapters: 1,
      chapterText: () => '<p>x</p>',
      isPublished: false,
    });
    for (const uuid of [
      '00000000-0000-4000-8000-000000000000',
      unpublished.chapters[1]!.uuid,
      hiddenBook.chapters[0]!.uuid,
      comic.chapters[0]!.uuid,
    ]) {
      const response = await get(memberTree, textPath(uuid));
      expect(response.statusCode, uuid).toBe(404);
      expect(response.json().code).toBe('CHAPTER_NOT_FOUND');
    }
    expect((await get(memberTree, 'chapter/not-a-uuid/text.xhtml')).statusCode).toBe(400);
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/opds/v1.2/${textPath(novel.chapters[0]!.uuid)}` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toContain('Basic');
  });
});

/** An EPUB checked as epubcheck would in the parts that matter to apps; its XHTML documents by path. */
async function openEpub(
  bytes: Buffer,
): Promise<{ entries: ZipEntry[]; opf: XmlDocument; documents: Map<string, XmlDocument>; base: string }> {
  // OCF: `mimetype` first, stored, no extra field, so its bytes sit at offset 38 for sniffers.
  expect(bytes.subarray(0, 4).toString('binary')).toBe('PK\u0003\u0004');
  expect(bytes.readUInt16LE(8)).toBe(0);
  expect(bytes.readUInt16LE(28)).toBe(0);
  expect(bytes.subarray(30, 38).toString('ascii')).toBe('mimetype');
  expect(bytes.subarray(38, 58).toString('ascii')).toBe('application/epub+zip');
  const entries = await unzip(bytes);
  expect(entries[0]).toMatchObject({ name: 'mimetype', compressionMethod: 0, extraFieldLength: 0 });
  expect(entries[0]!.data.toString('ascii')).toBe('application/epub+zip');
  const byName = new Map(entries.map((entry) => [entry.name, entry.data.toString('utf8')]));
  const container = parseXml(byName.get('META-INF/container.xml')!);
  const opfPath = container.getElementsByTagName('rootfile')[0]!.getAttribute('full-path')!;
  expect(container.getElementsByTagName('rootfile')[0]!.getAttribute('media-type')).toBe('application/oebps-package+xml');
  const opf = parseXml(byName.get(opfPath)!);
  expect(opf.documentElement.namespaceURI).toBe(OPF);
  expect(opf.documentElement.getAttribute('version')).toBe('3.0');
  const base = opfPath.includes('/') ? opfPath.slice(0, opfPath.lastIndexOf('/') + 1) : '';
  const items = new Map(elements(opf, OPF, 'item').map((item) => [item.getAttribute('id')!, item]));
  const documents = new Map<string, XmlDocument>();
  for (const item of items.values()) {
    const path = `${base}${item.getAttribute('href')}`;
    expect(byName.has(path), path).toBe(true);
    if (item.getAttribute('media-type') === 'application/xhtml+xml') documents.set(item.getAttribute('href')!, parseXml(byName.get(path)!));
  }
  const spine = elements(opf, OPF, 'itemref').map((ref) => ref.getAttribute('idref')!);
  expect(spine.length).toBeGreaterThan(0);
  for (const idref of spine) {
    const item = items.get(idref);
    expect(item, idref).toBeDefined();
    expect(item!.getAttribute('media-type')).toBe('application/xhtml+xml');
  }
  const nav = [...items.values()].filter((item) => item.getAttribute('properties') === 'nav');
  expect(nav).toHaveLength(1);
  const navDoc = documents.get(nav[0]!.getAttribute('href')!)!;
  expect(elements(navDoc, XHTML, 'nav')[0]?.getAttribute('epub:type')).toBe('toc');
  expect(elements(navDoc, XHTML, 'nav')[0]?.lookupNamespaceURI('epub')).toBe(EPUB_OPS);
  // Every table-of-contents link leads to a document of the spine.
  const spineHrefs = spine.map((idref) => items.get(idref)!.getAttribute('href'));
  for (const link of elements(navDoc, XHTML, 'a')) expect(spineHrefs).toContain(link.getAttribute('href'));
  return { entries, opf, documents, base };
}

const spineTexts = (opened: Awaited<ReturnType<typeof openEpub>>) =>
  elements(opened.opf, OPF, 'itemref').map((ref) => {
    const item = elements(opened.opf, OPF, 'item').find((candidate) => candidate.getAttribute('id') === ref.getAttribute('idref'))!;
    return opened.documents.get(item.getAttribute('href')!)!.documentElement.textContent ?? '';
  });

describe('a novel as an EPUB', () => {
  it('a member gets every chapter: a valid EPUB 3 package, metadata, cover, table of contents, uncached', async () => {
    const response = await get(memberTree, epubPath(novel.uuid));
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/epub+zip');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="book\.epub"; filename\*=UTF-8''Book%20/);
    const opened = await openEpub(response.rawPayload);
    const meta = (name: string) => elements(opened.opf, DC, name)[0]?.textContent;
    expect(meta('identifier')).toBe(`urn:uuid:${novel.uuid}`);
    expect(opened.opf.documentElement.getAttribute('unique-identifier')).toBe(
      elements(opened.opf, DC, 'identifier')[0]!.getAttribute('id'),
    );
    expect(meta('title')).toMatch(/^Book /);
    expect(meta('language')).toBe('en-us');
    expect(meta('creator')).toBe('Ann Author');
    const modified = elements(opened.opf, OPF, 'meta').find((node) => node.getAttribute('property') === 'dcterms:modified');
    expect(modified?.textContent).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const cover = elements(opened.opf, OPF, 'item').find((item) => item.getAttribute('properties') === 'cover-image')!;
    expect(cover.getAttribute('media-type')).toBe('image/jpeg');
    const coverBytes = opened.entries.find((entry) => entry.name === `${opened.base}${cover.getAttribute('href')}`)!.data;
    expect([...coverBytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    const texts = spineTexts(opened);
    expect(texts).toHaveLength(3);
    expect(texts[0]).toContain('Free words & more');
    expect(texts[1]).toContain('PAID-TEXT-2');
    expect(texts[2]).toContain('PAID-TEXT-3');
    for (const [path, doc] of opened.documents) {
      if (path === 'nav.xhtml') continue;
      assertSafeXhtml(new TextDecoder().decode(opened.entries.find((entry) => entry.name === `${opened.base}${path}`)!.data), 'en-us');
      expect(doc.documentElement.namespaceURI).toBe(XHTML);
    }
  });

  it('an expired member\u2019s EPUB holds the free chapter only, and says the rest is for members', async () => {
    const response = await get(expiredTree, epubPath(novel.uuid));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, max-age=3600');
    const opened = await openEpub(response.rawPayload);
    const texts = spineTexts(opened);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain('Free words & more');
    expect(texts[1]).toContain('2 chapters are for members only');
    for (const entry of opened.entries) expect(entry.data.toString('utf8'), entry.name).not.toContain('PAID-TEXT');
    const navLinks = [...opened.documents.values()].flatMap((doc) => elements(doc, XHTML, 'a')).map((a) => a.textContent);
    expect(navLinks).toEqual(['1. Chapter 1', 'Not in this file']);
  });

  it('an Arabic novel\u2019s EPUB is right to left; a book with nothing readable still opens', async () => {
    const response = await get(readerTree, epubPath(arabic.uuid));
    const opened = await openEpub(response.rawPayload);
    expect(elements(opened.opf, DC, 'language')[0]?.textContent).toBe('ar-sa');
    expect(elements(opened.opf, OPF, 'spine')[0]?.getAttribute('page-progression-direction')).toBe('rtl');
    const allPaid = await createBook(ctx, { bookType: 'novel', chapters: 2, freeChapters: 0, chapterText: (n) => `<p>PAID-TEXT-${n}</p>` });
    const empty = await get(readerTree, epubPath(allPaid.uuid));
    expect(empty.statusCode).toBe(200);
    const none = await openEpub(empty.rawPayload);
    expect(spineTexts(none)).toEqual([expect.stringContaining('2 chapters are for members only')]);
    expect(empty.rawPayload.includes('PAID-TEXT')).toBe(false);
  });

  it('a comic, an unknown or unpublished book is 404 BOOK_NOT_FOUND, a malformed id 400, no key 401', async () => {
    const hidden = await createBook(ctx, {
      bookType: 'novel',
      chapters: 1,
      freeChapters: 1,
      chapterText: () => '<p>x</p>',
      isPublished: false,
    });
    for (const uuid of [comic.uuid, '00000000-0000-4000-8000-000000000000', hidden.uuid]) {
      const response = await get(memberTree, epubPath(uuid));
      expect(response.statusCode, uuid).toBe(404);
      expect(response.json().code).toBe('BOOK_NOT_FOUND');
    }
    expect((await get(memberTree, 'book/nope/book.epub')).statusCode).toBe(400);
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/opds/v1.2/${epubPath(novel.uuid)}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
