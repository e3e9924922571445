import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createBook, createUser, grantMembership, nextClientIp, type TestBook, type TestUser } from './helpers/factories.js';
import { feedTrees, makeFeedKey, unzip, type FeedTree } from './helpers/opds-kit.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/**
 * Leak probes over every OPDS URL (issue 32, docs/SECURITY.md): every path reachable by following
 * links from the root feed, on both trees (key in the path, HTTP Basic), is replayed with a
 * non-member's key, an expired member's, and a revoked key. None of them may see a paid page, a
 * paid page's storage key or a stream link of a paid chapter, and the page URLs of paid chapters
 * answer them 403 (or 401 for the revoked key). A member gets the pages, as JPEGs no wider than asked.
 * The same for a novel's text: its paid chapters' XHTML answers them 403, and the book's EPUB (and
 * every other document, unzipped when it is one) holds no paid chapter's text.
 */

/** Enough for the small catalogue below; a walk that goes past it is a loop. */
const MAX_URLS = 400;
let ctx: TestContext;
let paid: TestBook;

type Credential = FeedTree;
const feedKey = (user: TestUser) => makeFeedKey(ctx, user);
const treesOf = feedTrees;
/** A word only the paid chapters of the novel hold. */
const PAID_TEXT = 'PAID-NOVEL-WORDS';
let novel: TestBook;

const get = (credential: Credential, path: string) =>
  ctx.app.inject({ method: 'GET', url: `${credential.base}${path}`, headers: credential.headers, remoteAddress: '10.7.7.7' });

const hrefs = (xml: string) => [...xml.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
const streamHrefs = (xml: string) =>
  [...xml.matchAll(/<link rel="http:\/\/vaemendis\.net\/opds-pse\/stream"[^>]*href="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

/** Every path of the tree reachable from the root (templates filled with a word), relative to its base. */
async function walk(credential: Credential): Promise<string[]> {
  const seen = new Set<string>(['catalog', 'search?q=a']);
  const queue = [...seen];
  while (queue.length > 0) {
    const path = queue.shift()!;
    const response = await get(credential, path);
    expect(response.statusCode, path).toBeLessThan(400);
    // An EPUB is a file to download, not a document with links to follow.
    if (response.headers['content-type'] === 'application/epub+zip') continue;
    for (const target of hrefs(response.body)) {
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
  await createBook(ctx, { chapters: 2, freeChapters: 0, tags: ['leak'] });
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
  memberKey = (await feedKey(member)).key;
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
  paths = await walk(treesOf(member, memberKey)[0]!);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

/** Replays every walked path and asserts nothing paid is in it, then the paid page URLs refused with `status`. */
async function probe(credential: Credential, pageStatus: number, feedStatus: number) {
  const paidUuids = paid.chapters.slice(1).map((chapter) => chapter.uuid);
  const paidKeys = paid.chapters.slice(1).flatMap((chapter) => chapter.pageKeys);
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
  for (const url of [...paidPageUrls(), ...paidTextUrls()]) {
    const response = await get(credential, url);
    expect(response.statusCode, url).toBe(pageStatus);
    expect(response.headers['content-type'] ?? '', url).not.toContain('image/');
    expect(response.body, url).not.toContain(PAID_TEXT);
  }
}

describe('OPDS leak probes over every feed URL', () => {
  it('the walk reaches the feeds, the paid book and its chapters', () => {
    expect(paths).toEqual(
      expect.arrayContaining(['catalog', 'new', 'popular', 'tags', 'library', 'continue', `book/${paid.uuid}`, `book/${novel.uuid}`]),
    );
    // The novel's downloads: every chapter's XHTML (paid ones included, for a member) and the EPUB.
    expect(paths).toEqual(
      expect.arrayContaining([...novel.chapters.map((c) => `chapter/${c.uuid}/text.xhtml`), `book/${novel.uuid}/book.epub`]),
    );
  });

  it('a non-member key sees no paid page or paid stream link on either tree, and is refused the paid pages (403)', async () => {
    const reader = await createUser(ctx);
    const { key } = await feedKey(reader);
    for (const tree of treesOf(reader, key)) await probe(tree, 403, 200);
  });

  it('an expired member sees no paid page or paid stream link on either tree, and is refused the paid pages (403)', async () => {
    const expired = await createUser(ctx);
    await grantMembership(ctx, expired.id, { days: 10, startDaysAgo: 20 });
    const { key } = await feedKey(expired);
    for (const tree of treesOf(expired, key)) await probe(tree, 403, 200);
  });

  it('a revoked key gets 401 for every URL, pages included, on either tree', async () => {
    const revokedMember = await createUser(ctx);
    await grantMembership(ctx, revokedMember.id, { days: 30 });
    const { key, keyId } = await feedKey(revokedMember);
    const revoked = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/user/feed_keys/${keyId}`,
      headers: authHeader(revokedMember),
      remoteAddress: nextClientIp(),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    for (const tree of treesOf(revokedMember, key)) {
      for (const path of [...paths, ...paidPageUrls(), ...paidTextUrls()]) {
        // Each refused key counts against its source's failed-login budget: a fresh address each.
        const response = await ctx.app.inject({
          method: 'GET',
          url: `${tree.base}${path}`,
          headers: tree.headers,
          remoteAddress: nextClientIp(),
        });
        expect(response.statusCode, path).toBe(401);
        expect(response.body, path).not.toContain('<feed');
        expect(response.body, path).not.toContain('Text ');
        expect(response.headers['content-type'] ?? '', path).not.toContain('image/');
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
});
