import { createRequire } from 'node:module';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createBook, createUser, grantMembership, nextClientIp, type TestBook, type TestUser } from './helpers/factories.js';
import { makeFeedKey } from './helpers/feed-keys.js';
import { parseXml } from './helpers/strict-xml.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';
import { until } from './helpers/until.js';
import { createOpdsPages } from '../src/modules/opds/opds-pages.js';

/**
 * OPDS-PSE 1.1 page streaming with the real feed keys (docs/OPDS.md "Page streaming"): the stream
 * link of readable comic chapters (pse:count, the {pageNumber}/{maxWidth} template, pse:lastRead),
 * the page route's entitlement at every page (a membership ending or a key revoked mid-chapter),
 * its bad input, and the reading progress a page fetch records.
 */

const PSE_STREAM = 'http://vaemendis.net/opds-pse/stream';
const PSE_NS = 'http://vaemendis.net/opds-pse/ns';
type ParsedFeed = { entries: { id: string; links: { rel: string; href: string; type: string }[] }[] };
const OpdsParser = (
  createRequire(import.meta.url)('opds-feed-parser') as { default: new () => { parse(xml: string): Promise<ParsedFeed> } }
).default;
const parser = new OpdsParser();

let ctx: TestContext;
let comic: TestBook;
let novel: TestBook;

/** A feed key made on the profile, as a reader does; its tree's base path. */
async function feedKey(user: TestUser): Promise<{ base: string; keyId: number }> {
  const { key, keyId } = await makeFeedKey(ctx, user, 'Panels');
  return { base: `/opds/key/${key}/v1.2/`, keyId };
}

const get = (url: string) => ctx.app.inject({ method: 'GET', url, remoteAddress: '10.9.9.9' });

/** The stream link elements of a feed, by chapter uuid (read from the XML as it is). */
function streamLinks(xml: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of xml.split('<entry>').slice(1)) {
    const id = /<id>urn:uuid:([^<]+)<\/id>/.exec(entry)?.[1];
    const link = /<link rel="http:\/\/vaemendis\.net\/opds-pse\/stream"[^>]*\/>/.exec(entry)?.[0];
    if (id && link) found.set(id, link);
  }
  return found;
}
const attr = (element: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(element)?.[1];
const pageUrl = (base: string, chapterUuid: string, page: number | string, maxWidth?: number | string) =>
  `${base}chapter/${chapterUuid}/page/${page}${maxWidth === undefined ? '' : `?maxWidth=${maxWidth}`}`;

async function siteProgress(user: TestUser, bookUuid: string) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/reader/progress/${bookUuid}`, headers: authHeader(user) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.result as { resume: { chapter_uuid: string; page_index: number | null } | null };
}

beforeAll(async () => {
  ctx = await createTestContext();
  comic = await createBook(ctx, { chapters: 3, freeChapters: 1, pagesPerChapter: 3 });
  novel = await createBook(ctx, { bookType: 'novel', chapters: 2, freeChapters: 1, chapterText: (n) => `<p>Chapter ${n}</p>` });
  // Real pages are up to 1,600 px wide: an 800 × 1,200 page shows the resizing.
  const big = await sharp({ create: { width: 800, height: 1200, channels: 3, background: '#336699' } })
    .webp()
    .toBuffer();
  for (const chapter of comic.chapters) for (const key of chapter.pageKeys) await ctx.storage.put(key, big, 'image/webp');
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('the book feed (OPDS-PSE 1.1)', () => {
  it('gives readable comic chapters a stream link with pse:count and the template, locked ones and novels none', async () => {
    const reader = await createUser(ctx);
    const member = await createUser(ctx);
    await grantMembership(ctx, member.id, { days: 30 });
    const readerKey = await feedKey(reader);
    const memberKey = await feedKey(member);

    const asMember = await get(`${memberKey.base}book/${comic.uuid}`);
    expect(asMember.statusCode, asMember.body).toBe(200);
    expect(asMember.body).toContain(`xmlns:pse="${PSE_NS}"`);
    const links = streamLinks(asMember.body);
    expect([...links.keys()].sort()).toEqual(comic.chapters.map((c) => c.uuid).sort());
    for (const chapter of comic.chapters) {
      const link = links.get(chapter.uuid)!;
      expect(attr(link, 'type')).toBe('image/jpeg');
      expect(attr(link, 'pse:count')).toBe('3');
      expect(attr(link, 'href')).toBe(`${memberKey.base}chapter/${chapter.uuid}/page/{pageNumber}?maxWidth={maxWidth}`);
      expect(attr(link, 'pse:lastRead')).toBeUndefined();
    }
    // A strict, namespace-aware parser: pse:count and pse:lastRead are attributes in the PSE namespace.
    const doc = parseXml(asMember.body);
    expect(doc.documentElement?.lookupNamespaceURI('pse')).toBe(PSE_NS);
    const streams = [...doc.getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'link')].filter(
      (link) => link.getAttribute('rel') === PSE_STREAM,
    );
    expect(streams).toHaveLength(3);
    for (const link of streams) {
      expect(link.lookupNamespaceURI('pse')).toBe(PSE_NS);
      expect(link.getAttribute('pse:count')).toBe('3');
      expect(link.getAttribute('href')).toMatch(/\/chapter\/[0-9a-f-]{36}\/page\/\{pageNumber\}\?maxWidth=\{maxWidth\}$/);
    }
    // A real OPDS client reads the same link.
    const parsed = await parser.parse(asMember.body);
    const first = parsed.entries.find((entry) => entry.id === `urn:uuid:${comic.chapters[0]!.uuid}`)!;
    const stream = first.links.find((link) => link.rel === PSE_STREAM)!;
    expect(stream.type).toBe('image/jpeg');
    expect(stream.href).toContain('/page/{pageNumber}?maxWidth={maxWidth}');

    const asReader = await get(`${readerKey.base}book/${comic.uuid}`);
    expect([...streamLinks(asReader.body).keys()]).toEqual([comic.chapters[0]!.uuid]);

    const novelFeed = await get(`${memberKey.base}book/${novel.uuid}`);
    expect(novelFeed.statusCode).toBe(200);
    expect(novelFeed.body).not.toContain(PSE_STREAM);
  });
});

describe('a page of a chapter', () => {
  it('is a JPEG at most maxWidth wide, aspect kept; without maxWidth the stored width', async () => {
    const member = await createUser(ctx);
    await grantMembership(ctx, member.id, { days: 30 });
    const { base } = await feedKey(member);
    const small = await get(pageUrl(base, comic.chapters[2]!.uuid, 1, 300));
    expect(small.statusCode, small.body).toBe(200);
    expect(small.headers['content-type']).toBe('image/jpeg');
    expect(small.headers['cache-control']).toBe('private, no-store');
    expect([...small.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const meta = await sharp(small.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(300);
    expect(meta.height).toBe(450);
    const whole = await get(pageUrl(base, comic.chapters[2]!.uuid, 0));
    expect(whole.statusCode).toBe(200);
    expect((await sharp(whole.rawPayload).metadata()).width).toBe(800);
    // Never enlarged: 2,000 asked of an 800 px page.
    const wide = await get(pageUrl(base, comic.chapters[2]!.uuid, 2, 2000));
    expect((await sharp(wide.rawPayload).metadata()).width).toBe(800);
    // A free page may be kept by the app for an hour.
    const free = await get(pageUrl(base, comic.chapters[0]!.uuid, 0, 64));
    expect(free.statusCode).toBe(200);
    expect(free.headers['cache-control']).toBe('private, max-age=3600');
  });

  it('refuses a non-member a paid page (403 MEMBERSHIP_REQUIRED) and serves the free chapter', async () => {
    const reader = await createUser(ctx);
    const { base } = await feedKey(reader);
    const paid = await get(pageUrl(base, comic.chapters[1]!.uuid, 0, 200));
    expect(paid.statusCode).toBe(403);
    expect(paid.json().code).toBe('MEMBERSHIP_REQUIRED');
    expect(paid.headers['content-type']).not.toContain('image');
    expect((await get(pageUrl(base, comic.chapters[0]!.uuid, 0, 200))).statusCode).toBe(200);
  });

  it('stops at the next page when the membership ends mid-chapter', async () => {
    const member = await createUser(ctx);
    await grantMembership(ctx, member.id, { days: 30 });
    const { base } = await feedKey(member);
    const chapter = comic.chapters[1]!.uuid;
    expect((await get(pageUrl(base, chapter, 0, 200))).statusCode).toBe(200);
    await ctx.db
      .updateTable('membership_grants')
      .set({ ends_at: Date.now() - 1000 })
      .where('user_id', '=', member.id)
      .execute();
    const next = await get(pageUrl(base, chapter, 1, 200));
    expect(next.statusCode).toBe(403);
    // An ended membership is said as such (issue 40), as the reading screen's expired notice says it.
    expect(next.json().code).toBe('MEMBERSHIP_EXPIRED');
    const feed = await get(`${base}book/${comic.uuid}`);
    expect(streamLinks(feed.body).has(chapter)).toBe(false);
  });

  it('stops at the next page when the key is revoked mid-chapter (401 with the Basic challenge)', async () => {
    const member = await createUser(ctx);
    await grantMembership(ctx, member.id, { days: 30 });
    const { base, keyId } = await feedKey(member);
    const chapter = comic.chapters[1]!.uuid;
    expect((await get(pageUrl(base, chapter, 0, 200))).statusCode).toBe(200);
    const revoked = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/user/feed_keys/${keyId}`,
      headers: authHeader(member),
      remoteAddress: nextClientIp(),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const next = await ctx.app.inject({ method: 'GET', url: pageUrl(base, chapter, 1, 200), remoteAddress: nextClientIp() });
    expect(next.statusCode).toBe(401);
    expect(next.headers['www-authenticate']).toMatch(/^Basic realm="Inkstream OPDS"/);
  });

  it('answers 4xx, never 5xx, to bad page numbers, widths and chapters', async () => {
    const member = await createUser(ctx);
    await grantMembership(ctx, member.id, { days: 30 });
    const { base } = await feedKey(member);
    const chapter = comic.chapters[1]!.uuid;
    const cases: [string, number][] = [
      [pageUrl(base, chapter, 3, 200), 404], // pages are 0 to 2
      [pageUrl(base, chapter, 1_000_000, 200), 404],
      [pageUrl(base, chapter, 1_000_001, 200), 400],
      [pageUrl(base, chapter, -1, 200), 400],
      [pageUrl(base, chapter, '1.5', 200), 400],
      [pageUrl(base, chapter, 'abc', 200), 400],
      [pageUrl(base, chapter, '99999999999999999999', 200), 400],
      [pageUrl(base, chapter, 0, 63), 400],
      [pageUrl(base, chapter, 0, 2001), 400],
      [pageUrl(base, chapter, 0, 'x'), 400],
      [pageUrl(base, chapter, 0, '1e9'), 400],
      [pageUrl(base, '00000000-0000-4000-8000-000000000000', 0, 200), 404],
      [pageUrl(base, 'not-a-uuid', 0, 200), 400],
      [pageUrl(base, novel.chapters[0]!.uuid, 0, 200), 404],
    ];
    for (const [url, status] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['content-type'], url).not.toContain('image');
    }
    const hidden = await createBook(ctx, { chapters: 1, freeChapters: 1, isPublished: false });
    expect((await get(pageUrl(base, hidden.chapters[0]!.uuid, 0, 200))).statusCode).toBe(404);
    const draft = await createBook(ctx, { chapters: 2, freeChapters: 2 });
    await ctx.db.updateTable('chapters').set({ is_published: 0 }).where('id', '=', draft.chapters[1]!.id).execute();
    expect((await get(pageUrl(base, draft.chapters[1]!.uuid, 0, 200))).statusCode).toBe(404);
    // A page row whose file is gone from storage is a missing page, not a server error.
    const gone = await createBook(ctx, { chapters: 1, freeChapters: 1 });
    await ctx.storage.delete(gone.chapters[0]!.pageKeys[0]!);
    expect((await get(pageUrl(base, gone.chapters[0]!.uuid, 0, 200))).statusCode).toBe(404);
  });
});

describe('reading progress', () => {
  it('a page fetch moves the site position to that page: page 2 in the app is page_index 2 on the site, and pse:lastRead="2"', async () => {
    const member = await createUser(ctx);
    await grantMembership(ctx, member.id, { days: 30 });
    const { base } = await feedKey(member);
    const chapter = comic.chapters[1]!.uuid;
    expect((await get(pageUrl(base, chapter, 2, 200))).statusCode).toBe(200);
    await until(async () => (await siteProgress(member, comic.uuid)).resume?.page_index === 2);
    expect((await siteProgress(member, comic.uuid)).resume?.chapter_uuid).toBe(chapter);
    const feed = await get(`${base}book/${comic.uuid}`);
    const link = streamLinks(feed.body).get(chapter)!;
    expect(attr(link, 'pse:lastRead')).toBe('2');
    expect(Date.parse(attr(link, 'pse:lastReadDate') ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // Only the chapter the position is in carries it.
    expect(attr(streamLinks(feed.body).get(comic.chapters[0]!.uuid)!, 'pse:lastRead')).toBeUndefined();
  });

  it('a position saved on the site (page_index 1, the second page) is pse:lastRead="1" in the app', async () => {
    const member = await createUser(ctx);
    await grantMembership(ctx, member.id, { days: 30 });
    const { base } = await feedKey(member);
    const chapter = comic.chapters[2]!.uuid;
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/reader/progress',
      headers: authHeader(member),
      payload: { progress: [{ book_uuid: comic.uuid, chapter_uuid: chapter, page_index: 1 }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const feed = await get(`${base}book/${comic.uuid}`);
    expect(attr(streamLinks(feed.body).get(chapter)!, 'pse:lastRead')).toBe('1');
  });
});

describe('progress writes behind the pages', () => {
  it('writes at most once per reader and chapter in 10 s, only further on, and never for a page behind the position', async () => {
    let clock = 1_000_000;
    const saves: number[] = [];
    let stored: number | null = null;
    const pages = createOpdsPages({
      db: ctx.db,
      storage: ctx.storage,
      access: { chapterAccess: async () => 'member' },
      progress: {
        bookProgress: async () => ({
          resume: stored === null ? null : ({ chapter_uuid: comic.chapters[1]!.uuid, page_index: stored } as never),
          updated_at: null,
          finished_chapters: [],
          following: false,
        }),
        save: async (body) => {
          stored = body.progress[0]!.page_index ?? null;
          saves.push(stored ?? -1);
          return 1;
        },
      },
      now: () => clock,
    });
    const user = { id: 999_999, uuid: '00000000-0000-4000-8000-000000000001', username: 'app', role: 'user' as const };
    const flush = () => new Promise((resolve) => setImmediate(resolve));
    const read = async (page: number) => {
      await pages.page(comic.chapters[1]!.uuid, page, 100, user, 'en-us');
      await flush();
    };
    await read(0);
    expect(saves).toEqual([0]);
    clock += 9_999; // within 10 s: not written
    await read(1);
    expect(saves).toEqual([0]);
    clock += 1; // 10 s after the first write
    await read(2);
    expect(saves).toEqual([0, 2]);
    clock += 60_000; // going back a page never moves the position back
    await read(1);
    expect(saves).toEqual([0, 2]);
  });
});
