import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { drawComicPage } from './comic-pages.js';
import { generateCatalogue, type CatalogueStats } from './generate-catalogue.js';
import { createRandom } from './random.js';
import { startRealServer } from './server-process.js';

const run = promisify(execFile);

/** A manga chapter's length: the 20 turns measured stay inside one chapter (the generator gives three pages). */
export const BENCH_PAGES_PER_CHAPTER = 24;
/** A portrait page as scanned comics have them, and a webtoon's tall strip. */
const PORTRAIT = { width: 1000, height: 1500 };
const STRIP = { width: 800, height: 2400 };
const BOOKS = 60;
const SEED = 20261129;

export interface ReaderChapter {
  bookUuid: string;
  chapterUuid: string;
  number: number;
}

export interface ReaderCatalogue {
  stats: CatalogueStats;
  /** A comic left in long strip mode, its first chapter given drawn strips (so the chapter's end, and what loads there, is out of view as in a real one). */
  strip: ReaderChapter;
  /** A comic set to single page mode with the admin CLI, its first two chapters given drawn pages. */
  single: ReaderChapter;
}

/**
 * A small bench catalogue (bench/src/generate-catalogue.ts) in `dataDir`: the server creates the
 * schema, the generator fills it, then one free comic gets BENCH_PAGES_PER_CHAPTER real WebP pages
 * in its first two chapters (another one in its first) (the generator stores page rows without image files, and the page-turn
 * measure needs images that load and decode), and the operator's CLI sets that book to single page.
 */
export async function prepareReaderCatalogue(options: { dataDir: string; serverMain: string; adminCli: string }): Promise<ReaderCatalogue> {
  const server = await startRealServer({ serverMain: options.serverMain, dataDir: options.dataDir });
  await server.stop();
  const sqlitePath = path.join(options.dataDir, 'inkstream.sqlite');
  const stats = generateCatalogue(sqlitePath, { books: BOOKS, seed: SEED });
  const db = new SQLite(sqlitePath);
  let strip: ReaderChapter;
  let single: ReaderChapter;
  try {
    const comics = db
      .prepare(
        `SELECT id, uuid FROM books WHERE is_published = 1 AND book_type = 'comic' AND chapter_count >= 3 AND public_free_chapters >= 2
          ORDER BY id LIMIT 2`,
      )
      .all() as { id: number; uuid: string }[];
    if (comics.length < 2) throw new Error(`the generated catalogue has fewer than two comics with 3 chapters and 2 free ones`);
    const firstChapters = (bookId: number) =>
      db.prepare('SELECT id, uuid, number FROM chapters WHERE book_id = ? AND number <= 2 ORDER BY number').all(bookId) as {
        id: number;
        uuid: string;
        number: number;
      }[];
    const [manga, webtoon] = comics as [{ id: number; uuid: string }, { id: number; uuid: string }];
    const mangaChapters = firstChapters(manga.id);
    await drawChapters(db, options.dataDir, manga.uuid, mangaChapters, PORTRAIT);
    single = { bookUuid: manga.uuid, chapterUuid: mangaChapters[0]!.uuid, number: mangaChapters[0]!.number };
    const webtoonChapter = firstChapters(webtoon.id)[0]!;
    await drawChapters(db, options.dataDir, webtoon.uuid, [webtoonChapter], STRIP);
    strip = { bookUuid: webtoon.uuid, chapterUuid: webtoonChapter.uuid, number: webtoonChapter.number };
  } finally {
    db.close();
  }
  await setBookMode(options, single.bookUuid, 'single');
  return { stats, strip, single };
}

/** Replaces the chapters' three placeholder page rows by drawn pages whose files exist in the local media folder. */
async function drawChapters(
  db: SQLite.Database,
  dataDir: string,
  bookUuid: string,
  chapters: { id: number; uuid: string }[],
  size: { width: number; height: number },
) {
  const random = createRandom(SEED);
  const insert = db.prepare(
    'INSERT INTO chapter_pages (chapter_id, language, position, media_key, width, height) VALUES (?, ?, ?, ?, ?, ?)',
  );
  for (const chapter of chapters) {
    db.prepare('DELETE FROM chapter_pages WHERE chapter_id = ?').run(chapter.id);
    for (let position = 0; position < BENCH_PAGES_PER_CHAPTER; position += 1) {
      const drawn = await drawComicPage(random, position);
      // Cut from the drawn strip to the size asked, encoded as the importer's WebP variant would be.
      const image = await sharp(drawn.pristine)
        .resize(size.width, size.height, { fit: 'cover', position: 'top' })
        .webp({ quality: 80 })
        .toBuffer();
      const key = `pages/${bookUuid}/${chapter.uuid}/en-us/${position}-bench.webp`;
      const file = path.join(dataDir, 'media', ...key.split('/'));
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, image);
      insert.run(chapter.id, 'en-us', position, key, size.width, size.height);
    }
  }
}

/** The operator's way: `book reading <uuid> --mode …` of the admin CLI, on the same data folder, before the server opens it. */
async function setBookMode(options: { dataDir: string; adminCli: string }, bookUuid: string, mode: 'single' | 'double') {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: options.dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  try {
    await run(process.execPath, [options.adminCli, 'book', 'reading', bookUuid, '--mode', mode], { env });
  } catch (error) {
    const detail = error as { stderr?: string; message?: string };
    throw new Error(`admin book reading failed: ${detail.stderr?.trim() || detail.message}`, { cause: error });
  }
}
