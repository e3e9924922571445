import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createUser, grantMembership } from './helpers/factories.js';
import { buildEpub, buildZip, drawPage, pages, writeFixture } from './helpers/import-fixtures.js';
import { bookUuidOf, importTestKit } from './helpers/import-test-kit.js';
import { createDriverContext, STORAGE_DRIVERS } from './helpers/s3-server.js';
import type { TestContext } from './helpers/test-context.js';

/**
 * An operator's import, end to end, on each storage driver: the CLI writes pages to the configured
 * storage, the API lists them and /media serves them with the same protection on the folder and
 * on an S3 bucket.
 */
describe.each(STORAGE_DRIVERS)('importing onto %s storage', (driver) => {
  let ctx: TestContext;
  let kit: ReturnType<typeof importTestKit>;

  beforeAll(async () => {
    ctx = await createDriverContext(driver);
    kit = importTestKit(ctx);
  });
  afterAll(async () => {
    kit.cleanup();
    await ctx.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers });

  it('imports a CBZ whose pages, variants and cover are served from that storage, paid pages only when signed', async () => {
    const archive = await buildZip([...(await pages('', 2, 'Chapter 1/')), ...(await pages('', 2, 'Chapter 2/'))]);
    const file = writeFixture(kit.scratch, `tide-${driver}.cbz`, archive);
    const result = await kit.importPath(file, '--title', 'en-us=Tide Lines', '--free-chapters', '1');
    expect(result.code, result.err).toBe(0);
    const bookUuid = bookUuidOf(result.out);
    // On S3 the CLI wrote to the bucket: the local media folder stays empty.
    if (driver === 's3') expect(kit.mediaFiles()).toEqual([]);
    else expect(kit.mediaFiles().length).toBeGreaterThan(0);

    const list = (await get(`/api/v1/comics/chapters/${bookUuid}/en-us/asc/0/10`)).json().data.result;
    expect(list.book_title).toBe('Tide Lines');
    expect(list.chapters).toHaveLength(2);
    const cover = await get(list.cover_image);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/webp');

    // Chapter 1 is free: the fallback and every variant are public.
    const free = (await get(`/api/v1/comics/chapter_comics/${list.chapters[0].chapter_uuid}/en-us`)).json().data.result;
    for (const page of free.pages as { url: string; sources?: { type: string; url: string }[] }[]) {
      const fallback = await get(page.url);
      expect(fallback.statusCode).toBe(200);
      expect(fallback.headers['content-type']).toBe('image/jpeg');
      for (const source of page.sources ?? []) {
        const variant = await get(source.url);
        expect(variant.statusCode).toBe(200);
        expect(variant.headers['content-type']).toBe(source.type);
        expect(variant.rawPayload.length).toBeLessThan(fallback.rawPayload.length);
      }
    }

    // Chapter 2 is paid: nothing without a signature, everything for a member with one.
    const member = await createUser(ctx);
    await grantMembership(ctx, member.id, { days: 30 });
    const paid = (await get(`/api/v1/comics/chapter_comics/${list.chapters[1].chapter_uuid}/en-us`, authHeader(member))).json().data.result;
    const signed = paid.pages[0] as { url: string; sources?: { url: string }[] };
    const unsigned = signed.url.split('?')[0]!;
    expect((await get(unsigned)).statusCode).toBe(403);
    expect((await get(signed.url)).statusCode).toBe(200);
    for (const source of signed.sources ?? []) {
      expect((await get(source.url.split('?')[0]!)).statusCode).toBe(403);
      expect((await get(source.url)).statusCode).toBe(200);
    }

    // Importing the same file again changes nothing.
    const before = await kit.rowCounts();
    const again = await kit.importPath(file, '--title', 'en-us=Tide Lines', '--free-chapters', '1');
    expect(again.code, again.err).toBe(0);
    expect(again.out).toContain('already imported');
    expect(await kit.rowCounts()).toEqual(before);
  });

  it('imports an EPUB whose text is served and whose illustration comes from that storage', async () => {
    const epub = await buildEpub({
      title: 'Salt Road',
      language: 'en',
      chapters: [
        { file: 'one.xhtml', title: 'The Well', body: '<h1>The Well</h1><p>They left at <i>dawn</i>.</p><img src="map.png"/>' },
        { file: 'two.xhtml', title: 'The Dunes', body: '<h1>The Dunes</h1><p>Sand.</p>' },
      ],
      images: { 'map.png': await drawPage('map', { width: 600, height: 400, format: 'png' }) },
    });
    const result = await kit.importPath(writeFixture(kit.scratch, `salt-${driver}.epub`, epub), '--free-chapters', '1');
    expect(result.code, result.err).toBe(0);
    const list = (await get(`/api/v1/comics/chapters/${bookUuidOf(result.out)}/en-us/asc/0/10`)).json().data.result;
    const first = (await get(`/api/v1/comics/chapter_comics/${list.chapters[0].chapter_uuid}/en-us`)).json().data.result;
    expect(first.book_type).toBe('novel');
    expect(first.text).toContain('<em>dawn</em>');
    expect(first.pages).toHaveLength(1);
    expect((await get(first.pages[0].url)).statusCode).toBe(200);
    const second = await get(`/api/v1/comics/chapter_comics/${list.chapters[1].chapter_uuid}/en-us`);
    expect(second.statusCode).toBe(403);
    expect(second.body).not.toContain('Sand');
  });
});
