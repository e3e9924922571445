import { describe, expect, it } from 'vitest';
import { buildEpub, buildZip, pages, writeFixture } from './helpers/import-fixtures.js';
import { bookUuidOf, useImportTestKit } from './helpers/import-test-kit.js';

// A real import (the admin CLI) credits ComicInfo's Writer as author and Penciller as artist
// (issue 46), the inker and cover artist not; an EPUB's dc:creator as author.

const env = useImportTestKit();

const comicInfo = `<?xml version="1.0" encoding="utf-8"?>
<ComicInfo xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <Series>Night Market</Series><Writer>Ada Morrow &amp; 李伟</Writer><Penciller>Bea Stone</Penciller>
  <Inker>Ink Person</Inker><CoverArtist>Cover Person</CoverArtist><LanguageISO>en</LanguageISO>
</ComicInfo>`;

describe('credits from an imported ComicInfo.xml', () => {
  it('makes the writers authors and the penciller the artist, each with a page', async () => {
    const archive = writeFixture(
      env.kit.scratch,
      'night-market.cbz',
      await buildZip([{ name: 'ComicInfo.xml', data: comicInfo }, ...(await pages('', 2, 'Chapter 1/'))]),
    );
    const result = await env.kit.importPath(archive);
    expect(result.code, result.err).toBe(0);
    const bookUuid = bookUuidOf(result.out);
    const page = (await env.ctx.app.inject(`/api/v1/comics/chapters/${bookUuid}/en-us/asc/0/10`)).json().data.result;
    expect(page.author).toBe('Ada Morrow & 李伟');
    expect(page.creators).toEqual([
      { name: 'Ada Morrow', slug: 'ada-morrow', role: 'author' },
      { name: '李伟', slug: '李伟', role: 'author' },
      { name: 'Bea Stone', slug: 'bea-stone', role: 'artist' },
    ]);
    const artist = (await env.ctx.app.inject('/api/v1/comics/author/bea-stone')).json().data;
    expect(artist).toMatchObject({ name: 'Bea Stone', roles: ['artist'], books: [{ book_uuid: bookUuid, roles: ['artist'] }] });
    expect((await env.ctx.app.inject('/api/v1/comics/author/ink-person')).statusCode).toBe(404);
  });

  it("credits an EPUB's dc:creator as the author", async () => {
    const epub = await buildEpub({
      title: 'Le Phare',
      language: 'fr',
      creator: 'Camille  Roux',
      chapters: [{ file: 'one.xhtml', title: 'La tempête', body: '<p>Il était une fois.</p>' }],
    });
    const result = await env.kit.importPath(writeFixture(env.kit.scratch, 'le-phare.epub', epub));
    expect(result.code, result.err).toBe(0);
    const page = (await env.ctx.app.inject(`/api/v1/comics/chapters/${bookUuidOf(result.out)}/fr-fr/asc/0/10`)).json().data.result;
    expect(page.creators).toEqual([{ name: 'Camille Roux', slug: 'camille-roux', role: 'author' }]);
  });
});
