import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildZip, drawPage, writeFixture, type ZipEntry } from './helpers/import-fixtures.js';
import { useImportTestKit } from './helpers/import-test-kit.js';

const BUILT_CLI = path.join(import.meta.dirname, '../dist/cli/admin.js');

const env = useImportTestKit();

const booksTitled = (title: string) =>
  env.ctx.db
    .selectFrom('books')
    .innerJoin('book_translations', 'book_translations.book_id', 'books.id')
    .select(['books.id', 'books.uuid', 'books.is_published', 'books.chapter_count'])
    .where('book_translations.title', '=', title)
    .execute();

const searchTitles = async (q: string) =>
  (await env.ctx.app.inject(`/api/v1/comics/book/search?language=en-us&q=${encodeURIComponent(q)}`))
    .json()
    .data.result.map((b: { book_title: string }) => b.book_title);

async function chapters(folder: string, pagesPerChapter: number[], size: { width: number; height: number }): Promise<ZipEntry[]> {
  const entries: ZipEntry[] = [];
  for (const [chapter, count] of pagesPerChapter.entries()) {
    for (let page = 1; page <= count; page += 1) {
      const name = `${folder}/Chapter ${chapter + 1}/${page}.jpg`;
      entries.push({ name, data: await drawPage(name, size) });
    }
  }
  return entries;
}

describe('imports that overlap or die', () => {
  it('two imports of the same archive at once make one book', async () => {
    const file = writeFixture(
      env.kit.scratch,
      'Twin Peaks Harbour.cbz',
      await buildZip(await chapters('Twin Peaks Harbour', [2, 2], { width: 120, height: 180 })),
    );
    const [first, second] = await Promise.all([env.kit.importPath(file), env.kit.importPath(file)]);
    expect([first.code, second.code]).toEqual([0, 0]);
    const books = await booksTitled('Twin Peaks Harbour');
    expect(books).toHaveLength(1);
    expect(books[0]!.chapter_count).toBe(2);
    // The one that waited found everything imported.
    expect(`${first.out}\n${second.out}`).toMatch(/2 skipped|already imported/i);
  });

  it.runIf(existsSync(BUILT_CLI))(
    'kill -9 in the middle leaves the book unpublished; running the import again completes and publishes it',
    { timeout: 120_000 },
    async () => {
      // Chapter 3 is much heavier, so the process is still busy after chapter 1 is saved.
      const archive = await buildZip(await chapters('Killed Midway', [1, 1, 10], { width: 1200, height: 3000 }));
      const file = writeFixture(env.kit.scratch, 'Killed Midway.cbz', archive);
      const child = spawn(process.execPath, [BUILT_CLI, 'import', file], {
        env: {
          ...process.env,
          DATA_DIR: env.ctx.dataDir,
          JWT_SECRET: env.ctx.config.jwtSecret,
          MEDIA_SIGNING_SECRET: env.ctx.config.mediaSigningSecret,
          ...(env.ctx.config.databaseUrl ? { DATABASE_URL: env.ctx.config.databaseUrl } : {}),
          LOG_LEVEL: 'silent',
        },
        stdio: 'ignore',
      });
      const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
      let saved = 0;
      for (let waited = 0; waited < 90_000 && saved === 0; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        saved = (await booksTitled('Killed Midway'))[0]?.chapter_count ?? 0;
      }
      child.kill('SIGKILL');
      await exited;
      const [book] = await booksTitled('Killed Midway');
      expect(book, 'the import saved its first chapter before it was killed').toBeDefined();
      expect(book!.chapter_count).toBeGreaterThanOrEqual(1);
      expect(book!.chapter_count).toBeLessThan(3);
      // Half a book is never shown to readers.
      expect(book!.is_published).toBe(0);
      expect(await searchTitles('Killed Midway')).toEqual([]);
      expect((await env.ctx.app.inject(`/api/v1/comics/chapters/${book!.uuid}/en-us/asc/0/10`)).statusCode).toBe(404);

      const again = await env.kit.importPath(file);
      expect(again.code, again.err).toBe(0);
      const [finished] = await booksTitled('Killed Midway');
      expect(finished!.id).toBe(book!.id);
      expect(finished!.chapter_count).toBe(3);
      expect(finished!.is_published).toBe(1);
      expect(await searchTitles('Killed Midway')).toEqual(['Killed Midway']);

      // The killed run's stored pages that no chapter kept are found and removed; nothing in use is.
      const gc = await env.kit.admin('media', 'gc', '--grace-minutes', '0');
      expect(gc.code, gc.err).toBe(0);
      expect((await env.kit.admin('media', 'gc', '--dry-run', '--grace-minutes', '0')).out).toMatch(/^0 unreferenced/m);
      const keys = await env.ctx.db.selectFrom('chapter_pages').select('media_key').execute();
      for (const { media_key } of keys) expect(await env.ctx.storage.exists(media_key)).toBe(true);
    },
  );
});
