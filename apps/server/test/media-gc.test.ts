import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCli } from './helpers/admin-cli.js';
import { createBook, type TestBook } from './helpers/factories.js';
import { createDriverContext, STORAGE_DRIVERS } from './helpers/s3-server.js';
import type { TestContext } from './helpers/test-context.js';

/** `media gc` removes stored files no row points to (an import killed midway leaves such files), on both drivers. */
describe.each(STORAGE_DRIVERS)('admin media gc on the %s driver', (driver) => {
  let ctx: TestContext;
  let book: TestBook;
  const bytes = Buffer.from('orphaned image bytes');
  const orphan = `pages/${randomUUID()}/${randomUUID()}/en-us/0-orphan.webp`;
  const orphanCover = `covers/${randomUUID()}/orphan.webp`;

  beforeAll(async () => {
    ctx = await createDriverContext(driver);
    book = await createBook(ctx, { chapters: 2 });
    await ctx.storage.put(orphan, bytes, 'image/webp');
    await ctx.storage.put(orphanCover, bytes, 'image/webp');
  });
  afterAll(() => ctx.close());

  const referenced = () => [...book.chapters.flatMap((chapter) => chapter.pageKeys)];

  it('keeps unreferenced files younger than the grace period (a running import may have just stored them)', async () => {
    const result = await adminCli(ctx)('media', 'gc');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/0 unreferenced file\(s\) removed/);
    expect(await ctx.storage.exists(orphan)).toBe(true);
  });

  it('a dry run lists the orphans and removes nothing', async () => {
    const result = await adminCli(ctx)('media', 'gc', '--dry-run', '--grace-minutes', '0');
    expect(result.code).toBe(0);
    expect(result.out).toContain(`would remove ${orphan}`);
    expect(result.out).toContain(`would remove ${orphanCover}`);
    expect(await ctx.storage.exists(orphan)).toBe(true);
  });

  it('removes every file no row points to and keeps every page and cover in use', async () => {
    const result = await adminCli(ctx)('media', 'gc', '--grace-minutes', '0');
    expect(result.code, result.err).toBe(0);
    expect(result.out).toMatch(/^2 unreferenced file\(s\) removed/m);
    expect(await ctx.storage.exists(orphan)).toBe(false);
    expect(await ctx.storage.exists(orphanCover)).toBe(false);
    for (const key of referenced()) expect(await ctx.storage.exists(key)).toBe(true);
    const chapter = await ctx.app.inject(`/api/v1/comics/chapter_comics/${book.chapters[0]!.uuid}/en-us`);
    expect(chapter.statusCode).toBe(200);
    expect((await ctx.app.inject(chapter.json().data.result.images[0])).statusCode).toBe(200);
  });

  it('refuses a bad grace period with exit code 2', async () => {
    expect((await adminCli(ctx)('media', 'gc', '--grace-minutes', 'soon')).code).toBe(2);
  });
});
