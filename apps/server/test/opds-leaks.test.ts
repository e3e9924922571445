import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createBook, createUser, grantMembership, nextClientIp, type TestBook, type TestUser } from './helpers/factories.js';
import { feedBases, makeFeedKey, revokeFeedKey, type FeedBase } from './helpers/feed-keys.js';
import { unzip } from './helpers/zip.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/**
 * Leak probes over every OPDS URL (issue 32, docs/SECURITY.md): every path reachable by following
 * links from the root feeds, OPDS 1.2 and OPDS 2.0, on both trees (key in the path, HTTP Basic),
 * is replayed with a non-member's key, an expired member's, and a revoked key. None of them may
 * see a paid page, a paid page's storage key, a stream link of a paid chapter or any path of a
 * paid chapter (manifest, progression, page); the paid chapters' Divina manifests and page URLs
 * answer them 403 (or 401 for the revoked key). A member gets the pages, as JPEGs no wider than
 * asked, and the manifests' pages.
 * The same for a novel's text: its paid chapters' XHTML answers them 403, and the book's EPUB (and
 * every other document, unzipped when it is one) holds no paid chapter's text.
 */

/** Enough for the small catalogue below; a walk that goes past it is a loop. */
const MAX_URLS = 400;
let ctx: TestContext;
let paid: TestBook;
/** A book with no free chapter at all. */
let allPaid: TestBook;
/** Every chapter a non-member may not read. */
const lockedChapters = () => [...paid.chapters.slice(1), ...allPaid.chapters];

type Credential = FeedBase;
/** Both trees for one key, as OPDS 1.2 bases. */
const treesOf = (user: TestUser, key: string): Credential[] => feedBases(user, key);
/** The same tree's OPDS 2.0 base. */
const v2Of = (credential: Credential): Credential => ({ ...credential, base: credential.base.replace(/v1\.2\/$/, 'v2/') });
/** A word only the paid chapters of the novel hold. */
const PAID_TEXT = 'PAID-NOVEL-WORDS';
let novel: TestBook;

const get = (credential: Credential, path: string) =>
  ctx.app.inject({ method: 'GET', url: `${credential.base}${path}`, headers: credential.headers, remoteAddress: '10.7.7.7' });

const hrefs = (xml: string) => [...xml.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
const streamHrefs = (xml: string) =>
  [...xml.matchAll(/<link rel="http:\/\/vaemendis\.net\/opds-pse\/stream"[^>]*href="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

/** Every `href` in a JSON document, at any depth (links, navigation, publications, images, readingOrder). */
function jsonHrefs(body: string): string[] {
  const found: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [name, child] of Object.entries(value)) {
        if (name === 'href' && typeof child === 'string') found.push(child);
        else visit(child);
      }
    }
  };
  visit(JSON.parse(body) as unknown);
  return found;
}

/**
 * Every path of the tree reachable from `start` (templates left out: the searches are seeded),
 * relative to its base. OPDS 1.2 documents are XML, OPDS 2.0 ones JSON; the page images a Divina
 * manifest lists are under the OPDS 1.2 base, so they are not walked here (they are probed below).
 */
async function walk(credential: Credential, start: string[], hrefsOf: (body: string) => string[]): Promise<string[]> {
  const seen = new Set<string>(start);
  const queue = [...seen];
  while (queue.length > 0) {
    const path = queue.shift()!;
    // A progression URL is a reading position (404 where the reader has none), not a document with links.
    if (path.endsWith('/progression')) continue;
    const response = await get(credential, path);
    expect(response.statusCode, path).toBeLessThan(400);
    // An EPUB is a file to download, not a document with links to follow.
    if (response.headers['content-type'] === 'application/epub+zip') continue;
    for (const target of hrefsOf(response.body)) {
      if (!target.startsWith(credential.base) || target.includes('{')) continue;
      const relative = target.slice(credential.base.length);
      if (!seen.has(relative)) {
        seen.add(relative);
        queue.push(relative);
        expect(seen.size).toBeLessThan(MAX_URLS);
      }
    }
  }
  return [...seen];
}

let member: TestUser;
let memberKey: string;
let paths: string[];
/** The OPDS 2.0 paths the member reaches: feeds, Divina manifests and progression URLs. */
let paths2: string[];
const paidPageUrls = () =>
  paid.chapters.slice(1).flatMap((chapter) => [0, 1].map((page) => `chapter/${chapter.uuid}/page/${page}?maxWidth=120`));
const paidTextUrls = () => novel.chapters.slice(1).map((chapter) => `chapter/${chapter.uuid}/text.xhtml`);

/** What a response holds as text: its body, or every file of an EPUB. */
async function textOf(response: { headers: Record<string, unknown>; body: string; rawPayload: Buffer }): Promise<string> {
  if (response.headers['content-type'] !== 'application/epub+zip') return response.body;
  return (await unzip(response.rawPayload)).map((entry) => entry.data.toString('utf8')).join('\n');
}

beforeAll(async () => {
  ctx = await createTestContext();
  paid = await createBook(ctx, { chapters: 3, freeChapters: 1, pagesPerChapter: 2, tags: ['leak'] });
  allPaid = await createBook(ctx, { chapters: 2, freeChapters: 0, tags: ['leak'] });
  novel = await createBook(ctx, {
    bookType: 'novel',
    chapters: 3,
    freeChapters: 1,
    chapterText: (n) => `<p>Text ${n}${n > 1 ? ` ${PAID_TEXT}` : ''}</p>`,
  });
  const big = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#aa3300' } })
    .webp()
    .toBuffer();
  for (const chapter of paid.chapters) for (const key of chapter.pageKeys) await ctx.storage.put(key, big, 'image/webp');
  member = await createUser(ctx);
  await grantMembership(ctx, member.id, { days: 30 });
  memberKey = (await makeFeedKey(ctx, member)).key;
  // The member follows and reads the paid book, so the library and "continue" feeds list it too.
  const followed = await ctx.app.inject({ method: 'PUT', url: `/api/v1/user/follows/${paid.uuid}`, headers: authHeader(member) });
  expect(followed.statusCode, followed.body).toBe(200);
  const read = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/reader/progress',
    headers: authHeader(member),
    payload: { progress: [{ book_uuid: paid.uuid, chapter_uuid: paid.chapters[1]!.uuid, page_index: 1 }] },
  });
  expect(read.statusCode, read.body).toBe(200);
  const memberTree = treesOf(member, memberKey)[0]!;
  paths = await walk(memberTree, ['catalog', 'search?q=a'], hrefs);
  paths2 = await walk(v2Of(memberTree), ['catalog', 'search?query=a'], jsonHrefs);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

/** The member's paths of paid chapters in OPDS 2.0 (their manifests and progression URLs). */
const paidPaths2 = () => paths2.filter((path) => lockedChapters().some((chapter) => path.includes(chapter.uuid)));

/**
 * Replays every walked path and asserts nothing paid is in it, then the paid chapters' manifests
 * and page URLs refused with `pageStatus`.
 */
async function probe(credential: Credential, pageStatus: number, feedStatus: number) {
  const paidUuids = lockedChapters().map((chapter) => chapter.uuid);
  const paidKeys = lockedChapters().flatMap((chapter) => chapter.pageKeys);
  const paidTexts = new Set(paidTextUrls());
  for (const path of paths) {
    const response = await get(credential, path);
    expect(response.statusCode, path).toBe(paidTexts.has(path) ? pageStatus : feedStatus);
    expect(response.headers['content-type'] ?? '', path).not.toContain('image/');
    const text = await textOf(response);
    expect(text, path).not.toContain(PAID_TEXT);
    for (const key of paidKeys) expect(text, path).not.toContain(key);
    for (const stream of streamHrefs(response.body)) {
      for (const uuid of paidUuids) expect(stream, path).not.toContain(uuid);
    }
  }
  const v2 = v2Of(credential);
  for (const path of paths2.filter((walked) => !paidPaths2().includes(walked))) {
    const response = await get(v2, path);
    // The free chapter's position: the prober has none (404), but the chapter is theirs to read.
    if (path.endsWith('/progression')) expect(response.statusCode, path).toBe(404);
    else expect(response.statusCode, path).toBe(feedStatus);
    expect(response.headers['content-type'] ?? '', path).not.toContain('image/');
    for (const key of paidKeys) expect(response.body, path).not.toContain(key);
    // A locked chapter is listed (its id), but no path of it: no manifest, progression or page.
    for (const uuid of paidUuids) expect(response.body, path).not.toContain(`chapter/${uuid}`);
  }
  for (const url of [...paidPageUrls(), ...paidTextUrls()]) {
    const response = await get(credential, url);
    expect(response.statusCode, url).toBe(pageStatus);
    expect(response.headers['content-type'] ?? '', url).not.toContain('image/');
    expect(response.body, url).not.toContain(PAID_TEXT);
  }
  for (const path of paidPaths2()) {
    const response = await get(v2, path);
    expect(response.statusCode, path).toBe(pageStatus);
    for (const uuid of paidUuids) expect(response.body, path).not.toContain(`chapter/${uuid}/page`);
  }
}

describe('OPDS leak probes over every feed URL', () => {
  it('the walk reaches the feeds, the paid book and its chapters, in OPDS 1.2 and 2.0', () => {
    const feeds = ['catalog', 'new', 'popular', 'tags', 'library', 'continue', `book/${paid.uuid}`];
    expect(paths).toEqual(expect.arrayContaining(feeds));
    expect(paths2).toEqual(expect.arrayContaining(feeds));
    // The member reaches every paid chapter's manifest and progression URL.
    expect(paidPaths2().filter((path) => path.endsWith('/manifest.json'))).toHaveLength(4);
    expect(paidPaths2().filter((path) => path.endsWith('/progression'))).toHaveLength(4);
    // The novel's downloads: every chapter's XHTML (paid ones included, for a member) and the EPUB.
    expect(paths).toEqual(
      expect.arrayContaining([
        `book/${novel.uuid}`,
        ...novel.chapters.map((c) => `chapter/${c.uuid}/text.xhtml`),
        `book/${novel.uuid}/book.epub`,
      ]),
    );
  });

  it('a non-member key sees no paid page or paid chapter path on either tree, and is refused them (403)', async () => {
    const reader = await createUser(ctx);
    const { key } = await makeFeedKey(ctx, reader);
    for (const tree of treesOf(reader, key)) await probe(tree, 403, 200);
  });

  it('an expired member sees no paid page or paid chapter path on either tree, and is refused them (403)', async () => {
    const expired = await createUser(ctx);
    await grantMembership(ctx, expired.id, { days: 10, startDaysAgo: 20 });
    const { key } = await makeFeedKey(ctx, expired);
    for (const tree of treesOf(expired, key)) await probe(tree, 403, 200);
  });

  it('a revoked key gets 401 for every URL, pages and manifests included, on either tree', async () => {
    const revokedMember = await createUser(ctx);
    await grantMembership(ctx, revokedMember.id, { days: 30 });
    const { key, keyId } = await makeFeedKey(ctx, revokedMember);
    await revokeFeedKey(ctx, revokedMember, keyId);
    for (const tree of treesOf(revokedMember, key)) {
      const urls = [
        ...[...paths, ...paidPageUrls(), ...paidTextUrls()].map((path) => `${tree.base}${path}`),
        ...paths2.map((path) => `${v2Of(tree).base}${path}`),
      ];
      for (const url of urls) {
        // Each refused key counts against its source's failed-login budget: a fresh address each.
        const response = await ctx.app.inject({ method: 'GET', url, headers: tree.headers, remoteAddress: nextClientIp() });
        expect(response.statusCode, url).toBe(401);
        expect(response.body, url).not.toContain('<feed');
        expect(response.body, url).not.toContain('"metadata"');
        expect(response.body, url).not.toContain('Text ');
        expect(response.headers['content-type'] ?? '', url).not.toContain('image/');
      }
    }
  });

  it('a member gets every paid page as a JPEG no wider than maxWidth, on either tree', async () => {
    for (const tree of treesOf(member, memberKey)) {
      const feed = await get(tree, `book/${paid.uuid}`);
      const templates = streamHrefs(feed.body);
      expect(templates).toHaveLength(3);
      for (const template of templates) {
        for (const page of [0, 1]) {
          const url = template.replace('{pageNumber}', String(page)).replace('{maxWidth}', '120');
          const response = await ctx.app.inject({ method: 'GET', url, headers: tree.headers });
          expect(response.statusCode, url).toBe(200);
          expect(response.headers['content-type']).toBe('image/jpeg');
          expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
          const meta = await sharp(response.rawPayload).metadata();
          expect(meta.format).toBe('jpeg');
          expect(meta.width).toBeLessThanOrEqual(120);
        }
      }
    }
  });

  it('a member gets the paid chapters’ text, as XHTML and in the EPUB, on either tree', async () => {
    for (const tree of treesOf(member, memberKey)) {
      for (const url of paidTextUrls()) {
        const response = await get(tree, url);
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).toContain(PAID_TEXT);
      }
      const epub = await get(tree, `book/${novel.uuid}/book.epub`);
      expect(epub.statusCode).toBe(200);
      expect((await textOf(epub)).split(PAID_TEXT)).toHaveLength(3);
    }
  });

  it('a member gets the pages of every paid chapter through its Divina manifest, on either tree', async () => {
    for (const tree of treesOf(member, memberKey)) {
      const manifests = paidPaths2().filter((path) => paid.chapters.some((chapter) => path === `chapter/${chapter.uuid}/manifest.json`));
      expect(manifests).toHaveLength(2);
      for (const path of manifests) {
        const manifest = await get(v2Of(tree), path);
        expect(manifest.statusCode, path).toBe(200);
        const order = (manifest.json() as { readingOrder: { href: string }[] }).readingOrder;
        expect(order).toHaveLength(2);
        for (const { href } of order) {
          expect(href.startsWith(tree.base), href).toBe(true);
          const response = await ctx.app.inject({ method: 'GET', url: href, headers: tree.headers });
          expect(response.statusCode, href).toBe(200);
          expect(response.headers['content-type']).toBe('image/jpeg');
        }
      }
    }
  });
});
