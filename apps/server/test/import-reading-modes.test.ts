import { describe, expect, it } from 'vitest';
import { buildZip, drawPage, pages, writeFixture } from './helpers/import-fixtures.js';
import { bookUuidOf, useImportTestKit } from './helpers/import-test-kit.js';

/**
 * The reading settings an import gives the comic it creates (issue 45, docs/CONTENT.md): the
 * direction from a real ComicInfo.xml's Manga field, the mode from the shape of the pages; an
 * import into an existing book leaves the operator's settings alone.
 */
const env = useImportTestKit();

const comicInfo = (manga: string) => `<?xml version="1.0" encoding="utf-8"?>
<ComicInfo xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <Series>Sakura Lane</Series><Number>1</Number><Writer>Aoi Mori</Writer><LanguageISO>en</LanguageISO>
  <Manga>${manga}</Manga>
</ComicInfo>`;

const readingOf = async (bookUuid: string) =>
  (await env.ctx.app.inject(`/api/v1/comics/chapters/${bookUuid}/en-us/asc/0/10`)).json().data.result.reading;

/** `count` pages of one size, each drawn with its own label. */
const sizedPages = (prefix: string, count: number, width: number, height: number) =>
  Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      name: `${prefix}${i + 1}.jpg`,
      data: await drawPage(`${prefix}${i + 1}`, { width, height }),
    })),
  );

describe('reading settings from an import', () => {
  it('makes a manga whose ComicInfo says YesAndRightToLeft right to left, in single pages (portrait pages)', async () => {
    // Portrait pages (120 × 180: 1.5 times as tall as wide), and one spread (240 × 180).
    const archive = await buildZip([
      { name: 'ComicInfo.xml', data: comicInfo('YesAndRightToLeft') },
      ...(await pages('p', 3)),
      { name: 'p4.jpg', data: await drawPage('spread', { width: 240, height: 180 }) },
    ]);
    const result = await env.kit.importPath(writeFixture(env.kit.scratch, 'sakura-1.cbz', archive));
    expect(result.code, result.err).toBe(0);
    expect(result.out).toContain(
      'Reading: right to left, single pages (ComicInfo.xml Manga is YesAndRightToLeft: right to left; 3 of 4 pages are portrait pages: single pages)',
    );
    const bookUuid = bookUuidOf(result.out);
    expect(await readingOf(bookUuid)).toEqual({ direction: 'rtl', mode: 'single' });
    // The spread is marked in the chapter answer.
    const list = (await env.ctx.app.inject(`/api/v1/comics/chapters/${bookUuid}/en-us/asc/0/10`)).json().data.result;
    const content = (await env.ctx.app.inject(`/api/v1/comics/chapter_comics/${list.chapters[0].chapter_uuid}/en-us`)).json().data.result;
    expect(content.pages.map((page: { spread?: boolean }) => page.spread ?? false)).toEqual([false, false, false, true]);
  });

  it('keeps a tall strip a long strip, left to right when the Manga field says Yes or nothing', async () => {
    const yes = await buildZip([{ name: 'ComicInfo.xml', data: comicInfo('Yes') }, ...(await sizedPages('s', 3, 100, 400))]);
    const strip = await env.kit.importPath(writeFixture(env.kit.scratch, 'strip.cbz', yes));
    expect(strip.code, strip.err).toBe(0);
    expect(strip.out).toContain(
      'Reading: left to right, long strip (ComicInfo.xml Manga is Yes: left to right; 3 of 3 pages are tall strips: long strip)',
    );
    expect(await readingOf(bookUuidOf(strip.out))).toEqual({ direction: 'ltr', mode: 'strip' });

    // Square pages and Manga "No": neither a direction nor paged reading is suggested.
    const no = await buildZip([{ name: 'ComicInfo.xml', data: comicInfo('No') }, ...(await sizedPages('q', 2, 150, 150))]);
    const square = await env.kit.importPath(writeFixture(env.kit.scratch, 'square.cbz', no));
    expect(square.code, square.err).toBe(0);
    expect(square.out).toContain('Reading: left to right, long strip (the pages are of mixed shapes: long strip)');
    expect(await readingOf(bookUuidOf(square.out))).toEqual({ direction: 'ltr', mode: 'strip' });
  });

  it('never changes the settings of a book it adds chapters to', async () => {
    const first = await env.kit.importPath(
      writeFixture(
        env.kit.scratch,
        'lane-1.cbz',
        await buildZip([{ name: 'ComicInfo.xml', data: comicInfo('YesAndRightToLeft') }, ...(await pages('a', 2))]),
      ),
    );
    const bookUuid = bookUuidOf(first.out);
    // The operator reads it as a strip after all.
    const cli = await env.kit.admin('book', 'reading', bookUuid, '--direction', 'ltr', '--mode', 'strip');
    expect(cli.code, cli.err).toBe(0);
    const more = await buildZip([{ name: 'ComicInfo.xml', data: comicInfo('YesAndRightToLeft') }, ...(await pages('b', 2))]);
    const added = await env.kit.importPath(writeFixture(env.kit.scratch, 'lane-2.cbz', more), '--book', bookUuid, '--first-number', '2');
    expect(added.code, added.err).toBe(0);
    expect(added.out).not.toContain('Reading:');
    expect(await readingOf(bookUuid)).toEqual({ direction: 'ltr', mode: 'strip' });
  });
});
