import { describe, expect, it } from 'vitest';
import { buildEpub, buildZip, drawPage, pages, writeFixture } from './helpers/import-fixtures.js';
import { bookUuidOf, useImportTestKit } from './helpers/import-test-kit.js';

const env = useImportTestKit();

const api = (url: string) => env.ctx.app.inject(url).then((response) => response.json().data.result);

async function novel() {
  return buildEpub({
    title: 'Le Phare',
    language: 'fr',
    description: '&lt;p&gt;Une &lt;b&gt;histoire&lt;/b&gt; de mer.&lt;/p&gt;',
    creator: 'Camille  Roux',
    subjects: ['Mystery', 'Poetry'],
    cover: 'images/cover.jpg',
    images: { 'images/cover.jpg': await drawPage('cover'), 'images/map.png': await drawPage('map', { format: 'png', height: 150 }) },
    chapters: [
      { file: 'cover.xhtml', body: '<div><img src="images/cover.jpg" alt="cover"/></div>' },
      {
        file: 'text/one.xhtml',
        title: 'La tempête',
        body: '<h1 class="t">I</h1><p onclick="steal()">Il était une <em>fois</em>, un phare&nbsp;!</p><script>alert(1)</script>',
      },
      {
        file: 'text/two.xhtml',
        title: 'La carte',
        body: '<p>Voici la carte.</p><p><img src="../images/map.png"/></p><p>Fin <a href="javascript:alert(1)">du chapitre</a>.</p>',
      },
      { file: 'text/three.xhtml', body: '<h2>Le retour</h2><blockquote><p>« Rentrez »</p></blockquote><p>3 &lt; 4 &amp; 5 &gt; 2</p>' },
    ],
  });
}

describe('import of an EPUB novel', () => {
  it('makes a novel whose chapters are sanitised text, with illustrations, served by the API', async () => {
    const file = writeFixture(env.kit.scratch, 'le-phare.epub', await novel());
    const result = await env.kit.importPath(file, '--free-chapters', '3');
    expect(result.code, result.err).toBe(0);
    expect(result.out).toContain('(novel, book');
    expect(result.out).toContain('language fr-fr');
    expect(result.out).toContain('Chapters: 3 added');
    expect(result.out).toContain('EPUB subjects not in the tag list, skipped: Poetry');
    const bookUuid = bookUuidOf(result.out);

    const [found] = await api(`/api/v1/comics/book/search?language=fr-fr&q=phare`);
    expect(found).toMatchObject({ book_uuid: bookUuid, book_title: 'Le Phare', book_type: 'novel', tag1: '悬疑推理' });
    expect(found.cover_image).toMatch(/^\/media\/covers\//);
    const list = await api(`/api/v1/comics/chapters/${bookUuid}/fr-fr/asc/0/10`);
    expect(list.book_introduction).toBe('Une histoire de mer.');
    expect(list.author).toBe('Camille Roux');
    expect(list.chapters.map((c: { title: string }) => c.title)).toEqual(['La tempête', 'La carte', 'Le retour']);

    const [one, two, three] = await Promise.all(
      list.chapters.map((c: { chapter_uuid: string }) => api(`/api/v1/comics/chapter_comics/${c.chapter_uuid}/fr-fr`)),
    );
    expect(one.text).toBe('<h1>I</h1><p>Il était une <em>fois</em>, un phare\u00a0!</p>');
    expect(one.images).toEqual([]);
    expect(two.text).toBe('<p>Voici la carte.</p><p>Fin du chapitre.</p>');
    expect(two.pages).toEqual([expect.objectContaining({ width: 120, height: 150 })]);
    expect(three.text).toBe('<h2>Le retour</h2><blockquote><p>« Rentrez »</p></blockquote><p>3 &lt; 4 &amp; 5 &gt; 2</p>');

    const texts = await env.ctx.db
      .selectFrom('chapter_texts')
      .innerJoin('chapters', 'chapters.id', 'chapter_texts.chapter_id')
      .select(['chapter_texts.language', 'chapter_texts.word_count'])
      .orderBy('chapters.number')
      .execute();
    expect(texts.map((t) => [t.language, t.word_count])).toEqual([
      ['fr-fr', 7],
      ['fr-fr', 6],
      ['fr-fr', 7],
    ]);
  });

  it('changes nothing when imported again', async () => {
    const before = await env.kit.rowCounts();
    const result = await env.kit.importPath(writeFixture(env.kit.scratch, 'le-phare-copy.epub', await novel()));
    expect(result.code, result.err).toBe(0);
    expect(result.out).toContain('Chapters: 0 added, 3 skipped (already imported)');
    expect(await env.kit.rowCounts()).toEqual(before);
  });

  it('refuses to mix comics and novels in one book', async () => {
    const comic = await env.kit.importPath(writeFixture(env.kit.scratch, 'a-comic.cbz', await buildZip(await pages('', 1))));
    const result = await env.kit.importPath(writeFixture(env.kit.scratch, 'mixed.epub', await novel()), '--book', bookUuidOf(comic.out));
    expect(result.code).toBe(2);
    expect(result.err).toContain('is a comic and "mixed.epub" holds a novel');
  });
});
