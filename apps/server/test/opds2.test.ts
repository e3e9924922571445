import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createBook, createUser, grantMembership, nextClientIp, type TestBook, type TestUser } from './helpers/factories.js';
import { feedTrees, makeFeedKey, revokeFeedKey, type FeedTree } from './helpers/feed-keys.js';
import { checkOpds2 } from './helpers/opds2-schema.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';
import { until } from './helpers/until.js';

/**
 * OPDS 2.0 (docs/OPDS.md "OPDS 2.0"): every feed reachable from the root validates against the
 * OPDS 2.0 schemas (test/fixtures/opds2-schema), links lead where they say, paging, the key, the
 * locked chapters (no manifest, no page URL), the Divina manifest and the progression API.
 */

const OPDS = 'application/opds+json';
const DIVINA = 'application/divina+json';
const PROGRESSION = 'application/vnd.readium.progression+json';
const PROGRESSION_REL = 'http://www.cantook.com/api/progression';
const BUY = 'http://opds-spec.org/acquisition/buy';

interface Link {
  href: string;
  type?: string;
  rel?: string;
  templated?: boolean;
  properties?: { indirectAcquisition?: { type: string }[] };
}
interface Publication {
  metadata: { title: string; identifier?: string; numberOfPages?: number };
  links: Link[];
  images: Link[];
}
interface Feed {
  metadata: { title: string; numberOfItems?: number; itemsPerPage?: number; currentPage?: number };
  links: Link[];
  navigation?: Link[];
  publications?: Publication[];
}

let ctx: TestContext;
let comic: TestBook;
let novel: TestBook;

const get = (tree: FeedTree, path: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: path.startsWith('/') ? path : `${tree.root}${path}`, headers: { ...tree.headers, ...headers } });

async function feed(tree: FeedTree, path: string): Promise<Feed> {
  const response = await get(tree, path);
  expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
  expect(response.headers['content-type'], path).toBe(`${OPDS}; charset=utf-8`);
  const document = response.json() as Feed;
  expect(checkOpds2('feed', document), path).toEqual([]);
  return document;
}

const chapterOf = (document: Feed, uuid: string) => document.publications!.find((p) => p.metadata.identifier === `urn:uuid:${uuid}`)!;
const linkOf = (links: Link[], rel: string) => links.find((link) => link.rel === rel);

async function member(): Promise<{ user: TestUser; trees: FeedTree[] }> {
  const user = await createUser(ctx);
  await grantMembership(ctx, user.id, { days: 30 });
  return { user, trees: feedTrees(user, (await makeFeedKey(ctx, user, 'Thorium')).key) };
}

beforeAll(async () => {
  ctx = await createTestContext();
  comic = await createBook(ctx, { chapters: 3, freeChapters: 1, pagesPerChapter: 3, tags: ['opds2'] });
  novel = await createBook(ctx, {
    bookType: 'novel',
    chapters: 2,
    freeChapters: 1,
    chapterText: (n) => `<p>Chapter ${n}</p>`,
    tags: ['opds2'],
  });
  // The size the factory records for its pages (800 × 1,200), so the manifest's sizes are the served ones.
  const page = await sharp({ create: { width: 800, height: 1200, channels: 3, background: '#224466' } })
    .webp()
    .toBuffer();
  for (const chapter of comic.chapters) for (const key of chapter.pageKeys) await ctx.storage.put(key, page, 'image/webp');
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('the OPDS 2.0 feeds', () => {
  it('every feed reachable from the root validates, on both trees, and every link leads to a feed or a manifest', async () => {
    const { trees } = await member();
    for (const tree of trees) {
      const root = await feed(tree, 'v2/catalog');
      expect(root.navigation!.map((link) => link.href)).toEqual(
        ['new', 'popular', 'tags', 'library', 'continue'].map((path) => `${tree.root}v2/${path}`),
      );
      const search = linkOf(root.links, 'search')!;
      expect(search).toMatchObject({ href: `${tree.root}v2/search{?query}`, type: OPDS, templated: true });
      const seen = new Set<string>([search.href.replace('{?query}', '?query=Book')]);
      const queue = [`${tree.root}v2/catalog`, ...seen];
      let manifests = 0;
      while (queue.length > 0) {
        const url = queue.shift()!;
        const document = await feed(tree, url);
        const links = [
          ...document.links,
          ...(document.navigation ?? []),
          ...(document.publications ?? []).flatMap((publication) => publication.links),
        ];
        for (const link of links) {
          if (link.templated || !link.href.startsWith(tree.root) || seen.has(link.href)) continue;
          seen.add(link.href);
          if (link.type === OPDS) queue.push(link.href);
          if (link.type === DIVINA) {
            manifests += 1;
            const manifest = await get(tree, link.href);
            expect(manifest.statusCode, link.href).toBe(200);
            expect(checkOpds2('divina', manifest.json()), link.href).toEqual([]);
          }
        }
        expect(seen.size).toBeLessThan(300);
      }
      expect([...seen]).toEqual(expect.arrayContaining([`${tree.root}v2/book/${comic.uuid}`, `${tree.root}v2/tag/opds2`]));
      expect(manifests).toBe(3);
    }
  });

  it('lists books as publications with covers and a link to their chapters', async () => {
    const { trees } = await member();
    const list = await feed(trees[0]!, 'v2/tag/opds2');
    expect(list.publications).toHaveLength(2);
    const book = list.publications!.find((p) => p.metadata.identifier === `urn:uuid:${comic.uuid}`)!;
    expect(book.images.length).toBeGreaterThan(0);
    expect(linkOf(book.links, 'http://opds-spec.org/acquisition')).toMatchObject({
      href: `${trees[0]!.root}v2/book/${comic.uuid}`,
      type: OPDS,
    });
  });

  it('pages at the asked size with numberOfItems, itemsPerPage, currentPage and first/prev/next/last links', async () => {
    const { trees } = await member();
    const tree = trees[0]!;
    const first = await feed(tree, 'v2/tag/opds2?page_size=1');
    expect(first.metadata).toMatchObject({ numberOfItems: 2, itemsPerPage: 1, currentPage: 1 });
    expect(first.publications).toHaveLength(1);
    expect(linkOf(first.links, 'prev')).toBeUndefined();
    expect(linkOf(first.links, 'first')!.href).toBe(`${tree.root}v2/tag/opds2?page_size=1`);
    expect(linkOf(first.links, 'last')!.href).toBe(`${tree.root}v2/tag/opds2?page_size=1&page=1`);
    const second = await feed(tree, linkOf(first.links, 'next')!.href);
    expect(second.metadata.currentPage).toBe(2);
    expect(second.publications).toHaveLength(1);
    expect(second.publications![0]!.metadata.identifier).not.toBe(first.publications![0]!.metadata.identifier);
    expect(linkOf(second.links, 'next')).toBeUndefined();
    expect(linkOf(second.links, 'prev')!.href).toBe(`${tree.root}v2/tag/opds2?page_size=1`);
    // A book's chapters page too (100 a page at most).
    const chapters = await feed(tree, `v2/book/${comic.uuid}?page_size=2`);
    expect(chapters.metadata).toMatchObject({ numberOfItems: 3, itemsPerPage: 2, currentPage: 1 });
    expect(chapters.publications).toHaveLength(2);
    for (const bad of ['v2/new?page_size=51', 'v2/new?page=-1', 'v2/new?page=x', `v2/book/${comic.uuid}?page_size=101`, 'v2/book/nope']) {
      expect((await get(tree, bad)).statusCode, bad).toBe(400);
    }
    expect((await get(tree, 'v2/book/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    // An empty search lists nothing; a search finds by title.
    expect((await feed(tree, 'v2/search?query=')).publications).toEqual([]);
  });

  it('sends the feed cache headers and answers 304 to its ETag', async () => {
    const { trees } = await member();
    const first = await get(trees[0]!, 'v2/catalog');
    expect(first.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
    expect(first.headers.vary).toContain('Authorization');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await get(trees[0]!, 'v2/catalog', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 401 with the Basic challenge without a valid key, before validating anything', async () => {
    const cases = [
      { url: '/opds/v2/catalog', headers: {} },
      { url: '/opds/v2/new?page_size=9999', headers: {} },
      { url: `/opds/key/${'A'.repeat(43)}/v2/catalog`, headers: {} },
      { url: `/opds/key/${'A'.repeat(43)}/v2/chapter/${comic.chapters[1]!.uuid}/manifest.json`, headers: {} },
      { url: '/opds/v2/catalog', headers: { authorization: 'Basic bm9ib2R5Om5vcGU=' } },
    ];
    for (const { url, headers } of cases) {
      const response = await ctx.app.inject({ method: 'GET', url, headers, remoteAddress: nextClientIp() });
      expect(response.statusCode, url).toBe(401);
      expect(response.headers['www-authenticate'], url).toMatch(/^Basic realm="Inkstream OPDS"/);
    }
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/opds/v2/chapter/${comic.chapters[0]!.uuid}/progression`,
      payload: { locator: { href: 'x', locations: { position: 1 } } },
      remoteAddress: nextClientIp(),
    });
    expect(put.statusCode).toBe(401);
  });
});

describe('chapters', () => {
  it('a locked chapter has only the top-up link: no manifest, no progression, no page URL', async () => {
    const reader = await createUser(ctx);
    const expired = await createUser(ctx);
    await grantMembership(ctx, expired.id, { days: 10, startDaysAgo: 20 });
    for (const user of [reader, expired]) {
      const tree = feedTrees(user, (await makeFeedKey(ctx, user)).key)[0]!;
      const response = await get(tree, `v2/book/${comic.uuid}`);
      const document = response.json() as Feed;
      expect(checkOpds2('feed', document)).toEqual([]);
      for (const chapter of comic.chapters.slice(1)) {
        const locked = chapterOf(document, chapter.uuid);
        expect(locked.links).toHaveLength(1);
        expect(locked.links[0]).toMatchObject({ rel: BUY, type: 'text/html', href: expect.stringMatching(/\/profile#top-up$/) });
        expect(locked.links[0]!.properties?.indirectAcquisition).toEqual([{ type: DIVINA }]);
        expect(JSON.stringify(locked)).not.toContain('/chapter/');
        for (const key of chapter.pageKeys) expect(response.body).not.toContain(key);
        // The manifest itself is refused, as its pages are.
        const manifest = await get(tree, `v2/chapter/${chapter.uuid}/manifest.json`);
        expect(manifest.statusCode).toBe(403);
        // As the site says it (API contract #7): never a member, or a membership that ended.
        expect(manifest.json().code).toBe(user === expired ? 'MEMBERSHIP_EXPIRED' : 'MEMBERSHIP_REQUIRED');
        const progression = await get(tree, `v2/chapter/${chapter.uuid}/progression`);
        expect(progression.statusCode).toBe(403);
      }
      expect(response.body).not.toMatch(new RegExp(`chapter/(${comic.chapters[1]!.uuid}|${comic.chapters[2]!.uuid})`));
      // The free chapter stays readable, as open access.
      const free = chapterOf(document, comic.chapters[0]!.uuid);
      expect(linkOf(free.links, 'http://opds-spec.org/acquisition/open-access')).toMatchObject({ type: DIVINA });
    }
  });

  it('a readable chapter is a Divina manifest of its page URLs, each served; paid is never kept, free is revalidated', async () => {
    const { trees } = await member();
    for (const tree of trees) {
      const book = await feed(tree, `v2/book/${comic.uuid}`);
      const paid = chapterOf(book, comic.chapters[1]!.uuid);
      expect(paid.metadata.numberOfPages).toBe(3);
      const acquisition = linkOf(paid.links, 'http://opds-spec.org/acquisition')!;
      expect(acquisition).toMatchObject({ type: DIVINA, href: `${tree.root}v2/chapter/${comic.chapters[1]!.uuid}/manifest.json` });
      // The same manifest as a Web Publication, for apps that import that type but not Divina.
      const webpub = paid.links.filter((link) => link.type === 'application/webpub+json');
      expect(webpub).toEqual([{ rel: 'http://opds-spec.org/acquisition', href: acquisition.href, type: 'application/webpub+json' }]);
      expect(linkOf(paid.links, PROGRESSION_REL)).toMatchObject({ type: PROGRESSION });
      const response = await get(tree, acquisition.href);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/divina\+json(;|$)/);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const manifest = response.json() as { readingOrder: { href: string; type: string; width: number; height: number }[] };
      expect(checkOpds2('divina', manifest)).toEqual([]);
      expect(manifest.readingOrder.map((item) => item.href)).toEqual(
        [0, 1, 2].map((n) => `${tree.root}v1.2/chapter/${comic.chapters[1]!.uuid}/page/${n}`),
      );
      for (const item of manifest.readingOrder) {
        const image = await get(tree, item.href);
        expect(image.statusCode, item.href).toBe(200);
        expect(image.headers['content-type']).toBe('image/jpeg');
        const meta = await sharp(image.rawPayload).metadata();
        expect([meta.width, meta.height]).toEqual([item.width, item.height]);
      }
      const free = await get(tree, `v2/chapter/${comic.chapters[0]!.uuid}/manifest.json`);
      expect(free.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
    }
  });

  it('a membership that ended refuses the manifest (403), and the novel has no manifest', async () => {
    const { user, trees } = await member();
    const chapter = comic.chapters[2]!.uuid;
    expect((await get(trees[0]!, `v2/chapter/${chapter}/manifest.json`)).statusCode).toBe(200);
    await ctx.db
      .updateTable('membership_grants')
      .set({ ends_at: Date.now() - 1000 })
      .where('user_id', '=', user.id)
      .execute();
    const refused = await get(trees[0]!, `v2/chapter/${chapter}/manifest.json`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('MEMBERSHIP_EXPIRED');
    const novelFeed = await feed(trees[0]!, `v2/book/${novel.uuid}`);
    expect(JSON.stringify(novelFeed)).not.toContain(DIVINA + '"');
    const readable = chapterOf(novelFeed, novel.chapters[0]!.uuid);
    // A novel chapter is its XHTML text (served on the OPDS 1.2 tree), and the book an EPUB.
    const text = linkOf(readable.links, 'http://opds-spec.org/acquisition/open-access');
    expect(text).toMatchObject({
      type: 'application/xhtml+xml',
      href: `${trees[0]!.root}v1.2/chapter/${novel.chapters[0]!.uuid}/text.xhtml`,
    });
    const epub = novelFeed.publications![0]!;
    expect(epub.links).toEqual([
      { rel: 'http://opds-spec.org/acquisition', type: 'application/epub+zip', href: `${trees[0]!.root}v1.2/book/${novel.uuid}/book.epub` },
    ]);
    for (const url of [text!.href, epub.links[0]!.href]) expect((await get(trees[0]!, url)).statusCode, url).toBe(200);
    expect((await get(trees[0]!, `v2/chapter/${novel.chapters[0]!.uuid}/manifest.json`)).statusCode).toBe(404);
    expect((await get(trees[0]!, 'v2/chapter/00000000-0000-4000-8000-000000000000/manifest.json')).statusCode).toBe(404);
    expect((await get(trees[0]!, 'v2/chapter/nope/manifest.json')).statusCode).toBe(400);
  });
});

describe('progression', () => {
  const put = (tree: FeedTree, chapterUuid: string, payload: unknown, type = PROGRESSION) =>
    ctx.app.inject({
      method: 'PUT',
      url: `${tree.root}v2/chapter/${chapterUuid}/progression`,
      headers: { ...tree.headers, 'content-type': type },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const locator = (chapterUuid: string, locations: Record<string, unknown>) => ({
    modified: new Date().toISOString(),
    device: { id: 'urn:uuid:0b5a1f4e-3d2c-4b1a-9e8f-7a6b5c4d3e2f', name: 'Thorium' },
    locator: { href: `chapter/${chapterUuid}/page/x`, type: 'image/jpeg', locations },
  });

  async function continueReading(user: TestUser) {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/reader/progress?limit=5', headers: authHeader(user) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.result as { book_uuid: string; resume: { chapter_uuid: string; page_index: number } }[];
  }

  it('round-trips a position: PUT moves the site continue-reading (backward too), GET reads it back', async () => {
    const { user, trees } = await member();
    const [tree, basic] = trees as [FeedTree, FeedTree];
    const chapter = comic.chapters[1]!.uuid;
    expect((await get(tree, `v2/chapter/${chapter}/progression`)).statusCode).toBe(404);

    expect((await put(tree, chapter, locator(chapter, { position: 3, progression: 0.9 }))).statusCode).toBe(204);
    const [reading] = await continueReading(user);
    expect(reading).toMatchObject({ book_uuid: comic.uuid, resume: { chapter_uuid: chapter, page_index: 2 } });

    const read = await get(basic, `v2/chapter/${chapter}/progression`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers['content-type']).toContain(PROGRESSION);
    expect(read.headers['cache-control']).toBe('private, no-store');
    const body = read.json() as { locator: { href: string; locations: { position: number; progression: number } } };
    expect(checkOpds2('progression', body)).toEqual([]);
    expect(body.locator.locations.position).toBe(3);
    expect(body.locator.locations.progression).toBeCloseTo(2 / 3);
    expect(body.locator.href).toBe(`/opds/v1.2/chapter/${chapter}/page/2`);

    // The media type with a charset, as some apps send it.
    expect((await put(tree, chapter, locator(chapter, { position: 2 }), `${PROGRESSION}; charset=utf-8`)).statusCode).toBe(204);
    expect((await continueReading(user))[0]!.resume.page_index).toBe(1);
    // Backward, by progression alone (plain JSON, as some apps send it): the first page.
    expect((await put(tree, chapter, locator(chapter, { progression: 0.1 }), 'application/json')).statusCode).toBe(204);
    expect((await continueReading(user))[0]!.resume.page_index).toBe(0);
    // An older position than the stored one does not replace it.
    const stale = { ...locator(chapter, { position: 2 }), modified: new Date(Date.now() - 3_600_000).toISOString() };
    expect((await put(tree, chapter, stale)).statusCode).toBe(204);
    expect((await continueReading(user))[0]!.resume.page_index).toBe(0);
    // Another chapter's progression is not this one's.
    expect((await get(tree, `v2/chapter/${comic.chapters[2]!.uuid}/progression`)).statusCode).toBe(404);
  });

  it('after a PUT back, reading a page further on moves the position again (page fetches compare with the stored position)', async () => {
    const { user, trees } = await member();
    const tree = trees[0]!;
    const chapter = comic.chapters[2]!.uuid;
    const pageAt = async () => (await continueReading(user)).find((item) => item.book_uuid === comic.uuid)?.resume;
    expect((await get(tree, `v1.2/chapter/${chapter}/page/2?maxWidth=64`)).statusCode).toBe(200);
    await until(async () => (await pageAt())?.page_index === 2);
    expect((await put(tree, chapter, locator(chapter, { position: 1 }))).statusCode).toBe(204);
    expect((await pageAt())?.page_index).toBe(0);
    expect((await get(tree, `v1.2/chapter/${chapter}/page/2?maxWidth=64`)).statusCode).toBe(200);
    await until(async () => (await pageAt())?.page_index === 2);
  });

  it('refuses a chapter the reader cannot read (403) and out-of-range or malformed bodies (4xx, never 5xx)', async () => {
    const reader = await createUser(ctx);
    const tree = feedTrees(reader, (await makeFeedKey(ctx, reader)).key)[0]!;
    const paid = comic.chapters[1]!.uuid;
    const refused = await put(tree, paid, locator(paid, { position: 1 }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('MEMBERSHIP_REQUIRED');
    const free = comic.chapters[0]!.uuid;
    const bad: [unknown, number][] = [
      [locator(free, { position: 4 }), 400],
      [locator(free, { position: 0 }), 400],
      [locator(free, { position: 1.5 }), 400],
      [locator(free, { progression: 1.01 }), 400],
      [locator(free, { progression: -0.1 }), 400],
      [locator(free, {}), 400],
      [{ modified: 'yesterday', locator: { href: 'x', locations: { position: 1 } } }, 400],
      [{ locator: { href: '', locations: { position: 1 } } }, 400],
      [{ locator: { href: 'x\u0000', locations: { position: 1 } } }, 400],
      [{ device: { id: 'x'.repeat(201), name: 'n' }, locator: { href: 'x', locations: { position: 1 } } }, 400],
      [{}, 400],
      [[], 400],
      ['{"locator":', 400],
      ['null', 400],
      [{ locator: { href: 'x', locations: { position: 1 } }, extra: { deep: [1, 2, 3] } }, 204],
      [JSON.stringify({ locator: { href: 'x'.repeat(20_000), locations: { position: 1 } } }), 413],
    ];
    for (const [payload, status] of bad) {
      const response = await put(tree, free, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(status);
    }
    expect((await put(tree, novel.chapters[0]!.uuid, locator(novel.chapters[0]!.uuid, { position: 1 }))).statusCode).toBe(404);
    expect((await put(tree, 'nope', locator(free, { position: 1 }))).statusCode).toBe(400);
    const text = await put(tree, free, 'position=1', 'text/plain');
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
  });

  it('a revoked key cannot read or write a position', async () => {
    const user = await createUser(ctx);
    const { key, keyId } = await makeFeedKey(ctx, user);
    await revokeFeedKey(ctx, user, keyId);
    const tree = feedTrees(user, key)[0]!;
    const chapter = comic.chapters[0]!.uuid;
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `${tree.root}v2/chapter/${chapter}/progression`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(locator(chapter, { position: 1 })),
      remoteAddress: nextClientIp(),
    });
    expect(response.statusCode).toBe(401);
  });
});
