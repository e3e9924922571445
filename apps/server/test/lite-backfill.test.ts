import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiteBackfill } from '../src/modules/content/lite-backfill.js';
import { createBook, type TestBook } from './helpers/factories.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

const quietLog = { warn: () => undefined, info: () => undefined };

/**
 * Pages imported before the data saver get their lighter variant in the background (issue 33):
 * resumable, one node at a time, every page looked at once, and chapters answer with it after.
 */
describe(`the lighter-variant backfill (${TEST_DIALECT})`, () => {
  let ctx: TestContext;
  let book: TestBook;
  const lites = () => ctx.db.selectFrom('chapter_pages').select(['media_key', 'lite_key']).orderBy('id').execute();
  const version = async () =>
    (await ctx.db.selectFrom('app_state').select('value').where('state_key', '=', 'catalogue_version').executeTakeFirst())?.value;

  beforeAll(async () => {
    ctx = await createTestContext();
    book = await createBook(ctx, { chapters: 2, freeChapters: 2, pagesPerChapter: 2 });
    // The first page becomes a full-size scan stored before the data saver (no lighter variant yet);
    // the second has a WebP variant of 20 bytes, which nothing beats; the second chapter's first page
    // is missing from storage; its second stays a tiny WebP file (the lighter one beats it too).
    const scan = await sharp({ create: { width: 1200, height: 1800, channels: 3, background: '#3a6ea5' } })
      .composite([{ input: Buffer.from('<svg width="1200" height="1800"><circle cx="600" cy="900" r="500" fill="#f4d03f"/></svg>') }])
      .jpeg({ quality: 90 })
      .toBuffer();
    const first = book.chapters[0]!.pageKeys[0]!;
    await ctx.storage.put(first, scan, 'image/jpeg');
    await ctx.storage.delete(book.chapters[1]!.pageKeys[0]!);
    const tinyVariant = `${book.chapters[0]!.pageKeys[1]!}.tiny.webp`;
    await ctx.storage.put(tinyVariant, Buffer.alloc(20), 'image/webp');
    await ctx.db
      .updateTable('chapter_pages')
      .set({ webp_key: tinyVariant })
      .where('media_key', '=', book.chapters[0]!.pageKeys[1]!)
      .execute();
  });
  afterAll(() => ctx.close());

  it('makes the lighter page once, marks pages that have none, and bumps the catalogue version once', async () => {
    expect((await lites()).every((page) => page.lite_key === null)).toBe(true);
    const before = await version();
    const backfill = createLiteBackfill({
      db: ctx.db,
      domainEvents: ctx.app.domainEvents,
      storage: ctx.storage,
      log: quietLog,
      batchSize: 10,
    });
    expect(await backfill.runOnce()).toEqual({ made: 2, none: 1, failed: 1 });
    expect(await version()).not.toBe(before);

    const pages = await lites();
    expect(pages.every((page) => page.lite_key !== null)).toBe(true);
    expect(pages.map((page) => page.lite_key === '')).toEqual([false, true, true, false]);
    const made = pages[0]!;
    expect(made.media_key).toBe(book.chapters[0]!.pageKeys[0]);
    const meta = await sharp(await buffer(await ctx.storage.read(made.lite_key!))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 800, 1200]);

    // The chapter now answers a data saver with it.
    const answer = await ctx.app.inject({ url: `/api/v1/comics/chapter_comics/${book.chapters[0]!.uuid}/en-us?data_saver=1` });
    expect(answer.json().data.result.pages[0].sources).toEqual([{ type: 'image/webp', url: `/media/${made.lite_key}` }]);

    // Done is done: the next run finds nothing and leaves the version alone.
    const after = await version();
    expect(await backfill.runOnce()).toEqual({ made: 0, none: 0, failed: 0 });
    expect(await version()).toBe(after);
  });

  it('resumes where it stopped, batch by batch, and two nodes never do a page twice', async () => {
    await ctx.db.updateTable('chapter_pages').set({ lite_key: null }).execute();
    const nodes = [1, 2].map(() =>
      createLiteBackfill({ db: ctx.db, domainEvents: ctx.app.domainEvents, storage: ctx.storage, log: quietLog, batchSize: 1 }),
    );
    const runs = [];
    // Both nodes at once, batch of one page each, until every page is looked at.
    for (let round = 0; round < 8 && (await lites()).some((page) => page.lite_key === null); round += 1) {
      runs.push(...(await Promise.all(nodes.map((node) => node.runOnce()))));
    }
    expect((await lites()).every((page) => page.lite_key !== null)).toBe(true);
    const total = runs.reduce((sum, run) => sum + run.made + run.none + run.failed, 0);
    expect(total).toBe(book.chapters.length * 2);
    expect(runs.reduce((sum, run) => sum + run.made, 0)).toBe(2);
  });
});
