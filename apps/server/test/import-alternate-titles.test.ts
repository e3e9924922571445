import { describe, expect, it } from 'vitest';
import { buildEpub, buildZip, pages, writeFixture } from './helpers/import-fixtures.js';
import { bookUuidOf, useImportTestKit } from './helpers/import-test-kit.js';

/** Alternate titles from a source's metadata: ComicInfo LocalizedSeries, an EPUB's other dc:title elements. */
const env = useImportTestKit();

const alternateTitles = async (bookUuid: string) =>
  env.ctx.db
    .selectFrom('book_alternate_titles')
    .innerJoin('books', 'books.id', 'book_alternate_titles.book_id')
    .select(['book_alternate_titles.title', 'book_alternate_titles.language'])
    .where('books.uuid', '=', bookUuid)
    .orderBy('book_alternate_titles.position')
    .execute();
const searchTotal = async (q: string) =>
  (await env.ctx.app.inject(`/api/v1/comics/book/search?language=en-us&q=${encodeURIComponent(q)}`)).json().data.total as number;

describe('alternate titles in the import metadata', () => {
  it('takes ComicInfo LocalizedSeries as an alternate title, found by the search', async () => {
    const info =
      '<ComicInfo><Series>Harbour Lights</Series><LocalizedSeries>  Les Feux du port </LocalizedSeries><LanguageISO>en</LanguageISO></ComicInfo>';
    const file = writeFixture(
      env.kit.scratch,
      'harbour.cbz',
      await buildZip([{ name: 'ComicInfo.xml', data: info }, ...(await pages('', 2))]),
    );
    const result = await env.kit.importPath(file);
    expect(result.code, result.err).toBe(0);
    const bookUuid = bookUuidOf(result.out);
    expect(await alternateTitles(bookUuid)).toEqual([{ title: 'Les Feux du port', language: null }]);
    expect(await searchTotal('feux du port')).toBe(1);
  });

  it('takes the other EPUB titles with their xml:lang, leaves subtitles out and skips bad ones with a warning', async () => {
    const epub = await buildEpub({
      title: 'Dou Po',
      language: 'zh',
      extraMetadata: [
        '<dc:title id="t2" xml:lang="zh-Latn">Doupo Cangqiong</dc:title>',
        '<dc:title id="t3" xml:lang="en">Battle Through the Heavens</dc:title>',
        '<dc:title id="t4">A Subtitle Only</dc:title><meta refines="#t4" property="title-type">subtitle</meta>',
        '<dc:title xml:lang="en">BATTLE THROUGH THE HEAVENS</dc:title>',
        `<dc:title>${'x'.repeat(201)}</dc:title>`,
        '<dc:title>   </dc:title>',
        '<dc:title xml:lang="zh">dou po</dc:title>',
      ].join(''),
      chapters: [{ file: 'one.xhtml', title: '一', body: '<p>斗之力，三段！</p>' }],
    });
    const result = await env.kit.importPath(writeFixture(env.kit.scratch, 'doupo.epub', epub));
    expect(result.code, result.err).toBe(0);
    const bookUuid = bookUuidOf(result.out);
    // "dou po" is the book's own title again: dropped silently. The repeat, the long and the blank one are reported.
    expect(await alternateTitles(bookUuid)).toEqual([
      { title: 'Doupo Cangqiong', language: 'zh-Latn' },
      { title: 'Battle Through the Heavens', language: 'en' },
    ]);
    expect(result.out).toContain('alternate title "BATTLE THROUGH THE HEAVENS" skipped: This alternate title is given twice');
    expect(result.out).toContain(`alternate title "${'x'.repeat(40)}…" skipped: An alternate title is at most 200 characters`);
    expect(result.out).toContain('alternate title "" skipped: An alternate title cannot be blank');
    expect(result.out).not.toContain('Subtitle');
    expect(await searchTotal('battle through the heavens')).toBe(1);
    expect(await searchTotal('subtitle only')).toBe(0);
  });

  it('keeps the main title of an EPUB 3 that marks it, wherever it stands', async () => {
    const epub = await buildEpub({
      title: 'Short Name',
      language: 'en',
      extraMetadata: '<meta refines="#main" property="title-type">main</meta><dc:title id="main">The Long Main Name</dc:title>',
      chapters: [{ file: 'one.xhtml', title: 'One', body: '<p>Once upon a time.</p>' }],
    });
    const result = await env.kit.importPath(writeFixture(env.kit.scratch, 'main-title.epub', epub));
    expect(result.code, result.err).toBe(0);
    const bookUuid = bookUuidOf(result.out);
    expect(result.out).toContain('The Long Main Name');
    expect(await alternateTitles(bookUuid)).toEqual([{ title: 'Short Name', language: null }]);
  });
});
