import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildZip, drawPage, pages, writeFixture, type ZipEntry } from './helpers/import-fixtures.js';
import { bookUuidOf, useImportTestKit } from './helpers/import-test-kit.js';

const env = useImportTestKit();

const api = (url: string) => env.ctx.app.inject(url).then((response) => ({ status: response.statusCode, body: response.json() }));
const chapterList = async (bookUuid: string, language = 'en-us') =>
  (await api(`/api/v1/comics/chapters/${bookUuid}/${language}/asc/0/100`)).body.data.result;
const chapterContent = async (chapterUuid: string, language = 'en-us') =>
  (await api(`/api/v1/comics/chapter_comics/${chapterUuid}/${language}`)).body.data.result;

const comicInfo = `<?xml version="1.0" encoding="utf-8"?>
<ComicInfo xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <Series>Harbour Lights</Series><Summary>Ships &amp; storms.</Summary><Writer>Ada Morrow</Writer>
  <Genre>Mystery, Science Fiction, Cooking</Genre><LanguageISO>en</LanguageISO>
</ComicInfo>`;

/** A three-chapter book whose folders sort differently as text and as numbers. */
async function bookArchive(): Promise<ZipEntry[]> {
  return [
    { name: 'ComicInfo.xml', data: comicInfo },
    ...(await pages('', 3, 'Harbour/Chapter 10/')),
    ...(await pages('', 2, 'Harbour/Chapter 2/')),
    ...(await pages('', 2, 'Harbour/Chapter 1/')),
    { name: 'Harbour/Chapter 1/credits.txt', data: 'drawn by us' },
    { name: '__MACOSX/Harbour/._1.jpg', data: 'resource fork' },
  ];
}

describe('import of a CBZ with one folder per chapter', () => {
  let bookUuid: string;
  let archive: string;

  it('creates the book with ComicInfo metadata, chapters in natural order, progress and a summary', async () => {
    archive = writeFixture(env.kit.scratch, 'harbour.cbz', await buildZip(await bookArchive()));
    const result = await env.kit.importPath(archive, '--free-chapters', '2');
    expect(result.code, result.err).toBe(0);
    bookUuid = bookUuidOf(result.out);
    expect(result.out).toContain('Chapters: 3 added, 0 skipped (already imported), 0 failed');
    expect(result.out).toMatch(/Pages: 7 processed in .* pages\/s\)/);
    expect(result.out).toMatch(/Bytes: .* in; .* out \(fallback .*, AVIF .*, WebP .*\)/);
    expect(result.out).toContain('skipped "Harbour/Chapter 1/credits.txt": not an image');
    expect(result.out).toContain('ComicInfo.xml genres not in the tag list, skipped: Cooking');
    expect(result.out).not.toContain('__MACOSX');
    expect(result.err).toMatch(/pages 7\/7 \(100%\) · [\d.]+ pages\/s · done/);
    expect(result.err).toContain('checking 7 file(s) in 3 chapter(s) of "harbour.cbz"');

    const search = await api(`/api/v1/comics/book/search?language=en-us&q=${encodeURIComponent('Harbour Lights')}`);
    expect(search.body.data.result).toEqual([
      expect.objectContaining({ book_uuid: bookUuid, book_title: 'Harbour Lights', tag1: '悬疑推理', tag2: '未来科幻', tag3: null }),
    ]);
    expect(search.body.data.result[0].cover_image).toMatch(/^\/media\/covers\//);
    const list = await chapterList(bookUuid);
    expect(list.book_introduction).toBe('Ships & storms.');
    expect(list).toMatchObject({ author: 'Ada Morrow', status: 'ongoing' });
    expect(list.public_free_chapters).toBe(2);
    expect(list.chapters.map((c: { chapter_number: number; title: string }) => [c.chapter_number, c.title])).toEqual([
      [1, 'Chapter 1'],
      [2, 'Chapter 2'],
      [3, 'Chapter 10'],
    ]);
  });

  it('serves the imported pages through the chapter content and media routes', async () => {
    const list = await chapterList(bookUuid);
    const content = await chapterContent(list.chapters[0].chapter_uuid);
    expect(content.images).toHaveLength(2);
    expect(content.pages[0]).toMatchObject({ width: 120, height: 180 });
    const image = await env.ctx.app.inject(content.images[0]);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    // Chapter 3 is paid: a visitor gets no pages.
    expect((await api(`/api/v1/comics/chapter_comics/${list.chapters[2].chapter_uuid}/en-us`)).status).toBe(403);
  });

  it('changes nothing when the same archive is imported again', async () => {
    const before = await env.kit.rowCounts();
    const result = await env.kit.importPath(archive, '--free-chapters', '2');
    expect(result.code, result.err).toBe(0);
    expect(bookUuidOf(result.out)).toBe(bookUuid);
    expect(result.out).toContain('Chapters: 0 added, 3 skipped (already imported), 0 failed');
    expect(result.out.match(/skipped, already imported/g)).toHaveLength(3);
    expect(await env.kit.rowCounts()).toEqual(before);
  });

  it('writes nothing on a dry run and reports what it would do', async () => {
    const entries = await bookArchive();
    entries.push(...(await pages('', 2, 'Harbour/Chapter 11/')));
    const grown = writeFixture(env.kit.scratch, 'harbour-grown.cbz', await buildZip(entries));
    const [before, filesBefore] = [await env.kit.rowCounts(), env.kit.mediaFiles().length];
    const result = await env.kit.importPath(grown, '--dry-run');
    expect(result.code, result.err).toBe(0);
    expect(result.out).toContain('nothing was written');
    expect(result.out).toContain('Chapters: 1 to add, 3 skipped');
    expect(result.out).toContain('chapter 4 "Chapter 11": would be added (2 pages)');
    expect(await env.kit.rowCounts()).toEqual(before);
    expect(env.kit.mediaFiles()).toHaveLength(filesBefore);

    // The real run adds only the new chapter, after the others.
    const real = await env.kit.importPath(grown);
    expect(real.out).toContain('Chapters: 1 added, 3 skipped');
    expect((await chapterList(bookUuid)).chapters.at(-1)).toMatchObject({ chapter_number: 4, title: 'Chapter 11' });
  });

  it('adds a translation of one chapter with --chapter and --language', async () => {
    const list = await chapterList(bookUuid);
    const first = list.chapters[0].chapter_uuid;
    const french = writeFixture(env.kit.scratch, 'harbour-fr-1.cbz', await buildZip(await pages('fr-', 3)));
    const result = await env.kit.importPath(french, '--chapter', first, '--language', 'fr-fr', '--chapter-title', 'Chapitre un');
    expect(result.code, result.err).toBe(0);
    expect(result.out).toContain('fr-fr translation');
    expect((await chapterContent(first, 'fr-fr')).images).toHaveLength(3);
    expect((await chapterContent(first, 'fr-fr')).chapter_title).toBe('Chapitre un');
    expect((await chapterContent(first, 'en-us')).images).toHaveLength(2);

    const again = await env.kit.importPath(french, '--chapter', first, '--language', 'fr-fr');
    expect(again.code).toBe(0);
    expect(again.out).toContain('skipped, already imported');
    // Other content in a language the chapter already has is refused, not merged.
    const other = writeFixture(env.kit.scratch, 'harbour-fr-1b.cbz', await buildZip(await pages('autre-', 1)));
    const clash = await env.kit.importPath(other, '--chapter', first, '--language', 'fr-fr');
    expect(clash.code).toBe(1);
    expect(clash.out).toContain('already has fr-fr content');
    expect((await chapterContent(first, 'fr-fr')).images).toHaveLength(3);
  });
});

describe('import of one-chapter archives', () => {
  it('makes a book from a first chapter, then adds the next with --book', async () => {
    const info =
      '<ComicInfo><Series>Night Train</Series><Title>Departure</Title><Number>1</Number><LanguageISO>zh</LanguageISO></ComicInfo>';
    const first = writeFixture(
      env.kit.scratch,
      'night-train-01.cbz',
      await buildZip([{ name: 'ComicInfo.xml', data: info }, ...(await pages('', 2))]),
    );
    const cover = writeFixture(
      env.kit.scratch,
      'night-train-cover.png',
      await drawPage('cover', { width: 1000, height: 1500, format: 'png' }),
    );
    const created = await env.kit.importPath(first, '--title', 'en-us=Night Train', '--tags', 'mystery,现代都市', '--cover', cover);
    expect(created.code, created.err).toBe(0);
    const bookUuid = bookUuidOf(created.out);
    // The cover is the given 1,000 px image in every srcset width, not the 120 px first page.
    const book = await env.ctx.db.selectFrom('books').select('cover_variants').where('uuid', '=', bookUuid).executeTakeFirstOrThrow();
    expect(JSON.parse(book.cover_variants!).map((v: { width: number }) => v.width)).toEqual([240, 480, 720]);
    expect(created.out).toContain('language zh-cn');
    expect(created.out).toContain('chapter 1 "Departure": added');

    const second = writeFixture(env.kit.scratch, 'night-train-02.cbz', await buildZip(await pages('b', 3)));
    const added = await env.kit.importPath(second, '--book', bookUuid);
    expect(added.code, added.err).toBe(0);
    expect(added.out).toContain('chapter 2 "第2话": added (3 pages)');
    const list = await chapterList(bookUuid, 'zh-cn');
    expect(list.book_title).toBe('Night Train');
    expect(list.book_tags).toEqual(['悬疑推理', '现代都市']);
    expect(list.chapters.map((c: { title: string }) => c.title)).toEqual(['Departure', '第2话']);
    expect((await chapterList(bookUuid, 'en-us')).book_title).toBe('Night Train');
    expect((await api(`/api/v1/comics/book/search?language=zh-cn&q=Night`)).body.data.result[0].book_uuid).toBe(bookUuid);

    const before = await env.kit.rowCounts();
    expect((await env.kit.importPath(second, '--book', bookUuid)).out).toContain('skipped, already imported');
    expect(await env.kit.rowCounts()).toEqual(before);
  });
});

describe('import of a folder of images', () => {
  it('orders chapter folders and pages naturally (2 before 10)', async () => {
    const root = path.join(env.kit.scratch, 'Folder Book');
    // Each page's height tells its name, so the served order can be checked.
    for (const chapter of ['10', '2', '1']) {
      mkdirSync(path.join(root, chapter), { recursive: true });
      for (const page of [10, 2, 1]) {
        writeFileSync(path.join(root, chapter, `${page}.jpg`), await drawPage(`${chapter}-${page}`, { height: 100 + page }));
      }
    }
    const result = await env.kit.importPath(root, '--language', 'es-es');
    expect(result.code, result.err).toBe(0);
    const list = await chapterList(bookUuidOf(result.out), 'es-es');
    expect(list.book_title).toBe('Folder Book');
    expect(list.chapters.map((c: { title: string }) => c.title)).toEqual(['1', '2', '10']);
    const content = await chapterContent(list.chapters[1].chapter_uuid, 'es-es');
    expect(content.pages.map((p: { height: number }) => p.height)).toEqual([101, 102, 110]);
  });

  it('makes one chapter of images directly in the folder', async () => {
    const root = path.join(env.kit.scratch, 'Loose Pages');
    mkdirSync(root, { recursive: true });
    for (const page of [3, 1, 2])
      writeFileSync(path.join(root, `page ${page}.png`), await drawPage(`p${page}`, { format: 'png', height: 90 + page }));
    const result = await env.kit.importPath(root);
    expect(result.code, result.err).toBe(0);
    const list = await chapterList(bookUuidOf(result.out));
    expect(list.chapters).toHaveLength(1);
    expect((await chapterContent(list.chapters[0].chapter_uuid)).pages.map((p: { height: number }) => p.height)).toEqual([91, 92, 93]);
  });
});

describe('a chapter that fails', () => {
  it('keeps the chapters before and after it and leaves no half chapter; a fixed archive fills the gap', async () => {
    const good = await pages('', 2, 'Storm/Ch 2/');
    const page = await drawPage('broken', { width: 400, height: 600 });
    const truncated = page.subarray(0, Math.floor(page.length / 2));
    const broken: ZipEntry[] = [good[0]!, { name: 'Storm/Ch 2/02.jpg', data: truncated }, good[1]!];
    const rest = [...(await pages('', 2, 'Storm/Ch 1/')), ...(await pages('', 2, 'Storm/Ch 3/'))];
    const result = await env.kit.importPath(writeFixture(env.kit.scratch, 'storm.cbz', await buildZip([...rest, ...broken])));
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/chapter 2 "Ch 2": FAILED: page "Storm\/Ch 2\/02\.jpg" could not be decoded/);
    expect(result.out).toContain('Chapters: 2 added, 0 skipped (already imported), 1 failed');
    expect(result.err).toContain('1 of 3 chapter(s) failed; the others were kept');
    const bookUuid = bookUuidOf(result.out);
    const book = await env.ctx.db
      .selectFrom('books')
      .select(['id', 'chapter_count'])
      .where('uuid', '=', bookUuid)
      .executeTakeFirstOrThrow();
    expect(book.chapter_count).toBe(2);
    const chapters = await env.ctx.db
      .selectFrom('chapters')
      .select(['id', 'number'])
      .where('book_id', '=', book.id)
      .orderBy('number')
      .execute();
    expect(chapters.map((c) => c.number)).toEqual([1, 3]);
    const pageRows = await env.ctx.db
      .selectFrom('chapter_pages')
      .select('chapter_id')
      .where(
        'chapter_id',
        'in',
        chapters.map((c) => c.id),
      )
      .execute();
    expect(pageRows).toHaveLength(4);
    expect(await env.ctx.db.selectFrom('import_sources').select('chapter_id').where('book_id', '=', book.id).execute()).toHaveLength(2);

    const fixed = [...rest, ...(await pages('', 3, 'Storm/Ch 2/'))];
    const again = await env.kit.importPath(writeFixture(env.kit.scratch, 'storm-fixed.cbz', await buildZip(fixed)));
    expect(again.code, again.err).toBe(0);
    expect(bookUuidOf(again.out)).toBe(bookUuid);
    expect(again.out).toContain('Chapters: 1 added, 2 skipped');
    expect((await chapterList(bookUuid)).chapters.map((c: { chapter_number: number }) => c.chapter_number)).toEqual([1, 2, 3]);
  });
});
