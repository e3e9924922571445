import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildEpub, buildZip, declareSize, drawPage, markEncrypted, pages, patchBytes, writeFixture } from './helpers/import-fixtures.js';
import { bookUuidOf, useImportTestKit } from './helpers/import-test-kit.js';

let countsBefore: Record<string, number>;

const env = useImportTestKit();
beforeEach(async () => {
  countsBefore = await env.kit.rowCounts();
});

/** Runs an import that must fail as a whole: exit code, one clear line naming the culprit, nothing written. */
async function expectRefused(file: string, code: 1 | 2, message: RegExp, ...options: string[]) {
  const result = await env.kit.importPath(file, ...options);
  expect(result.code, result.out + result.err).toBe(code);
  // The last line is the error (a "checking…" line may come first).
  expect(result.err.split('\n').find((line) => line.startsWith('error: '))).toMatch(message);
  expect(result.err).not.toMatch(/\n\s+at /);
  expect(await env.kit.rowCounts()).toEqual(countsBefore);
}

const fixture = (name: string, bytes: Buffer) => writeFixture(env.kit.scratch, name, bytes);

describe('import refuses a bad archive as a whole', () => {
  it('not an archive', async () => {
    await expectRefused(fixture('notes.cbz', Buffer.from('just some text, not a zip')), 1, /"notes\.cbz" is not an archive/);
    await expectRefused(fixture('picture.cbz', await drawPage('x')), 1, /"picture\.cbz" is not an archive/);
  });

  it('a truncated or damaged archive', async () => {
    const zip = await buildZip(await pages('', 2));
    await expectRefused(fixture('cut.cbz', zip.subarray(0, zip.length - 30)), 1, /"cut\.cbz" is not a readable ZIP archive or is damaged/);
    // A stored page with changed bytes: the checksum gives it away.
    const stored = await buildZip([{ name: '1.jpg', data: await drawPage('a'), compress: false }]);
    const flipped = Buffer.from(stored);
    flipped[200] = flipped[200]! ^ 0xff;
    await expectRefused(fixture('flipped.cbz', flipped), 1, /"1\.jpg" in "flipped\.cbz" is damaged \(its checksum does not match\)/);
  });

  it('encrypted entries', async () => {
    const zip = markEncrypted(await buildZip(await pages('', 2)), '2.jpg');
    await expectRefused(fixture('locked.cbz', zip), 1, /"2\.jpg" in "locked\.cbz" is encrypted/);
  });

  it('zip bombs: a huge ratio, a huge declared size, more bytes than declared', async () => {
    const zeros = Buffer.alloc(20 * 1024 * 1024);
    await expectRefused(
      fixture('bomb.cbz', await buildZip([{ name: '1.jpg', data: zeros }])),
      1,
      /"1\.jpg" in "bomb\.cbz" inflates \d+ times .*zip bomb/,
    );
    const big = declareSize(await buildZip(await pages('', 1)), '1.jpg', 200 * 1024 * 1024);
    await expectRefused(fixture('big.cbz', big), 1, /"1\.jpg" in "big\.cbz" would be 200 MiB uncompressed; at most 100 MiB per file/);
    const liar = declareSize(await buildZip([{ name: '1.jpg', data: await drawPage('x') }]), '1.jpg', 10);
    await expectRefused(
      fixture('liar.cbz', liar),
      1,
      /"1\.jpg" in "liar\.cbz" (inflates to more than the 10 bytes it declares|is damaged)/,
    );
  });

  it('entry names that climb out of the archive', async () => {
    const page = await drawPage('p');
    for (const [safe, unsafe] of [
      ['aa/evil.jpg', '../evil.jpg'],
      ['xetc/p.jpg', '/etc/p.jpg'],
      ['a_b.jpg', 'a\\b.jpg'],
      ['c/aa/x.jpg', 'c/../x.jpg'],
    ] as const) {
      const zip = patchBytes(
        await buildZip([
          { name: '1.jpg', data: page },
          { name: safe, data: page },
        ]),
        safe,
        unsafe,
      );
      await expectRefused(fixture('traversal.cbz', zip), 1, /"traversal\.cbz" holds an unsafe entry name/);
    }
    expect(env.kit.mediaFiles()).toEqual([]);
  });

  it('an archive or folder with no images', async () => {
    await expectRefused(
      fixture('text-only.cbz', await buildZip([{ name: 'readme.txt', data: 'hello' }])),
      1,
      /"text-only\.cbz" holds no images/,
    );
    const empty = path.join(env.kit.scratch, 'empty-folder');
    mkdirSync(empty, { recursive: true });
    await expectRefused(empty, 1, /"empty-folder" holds no images/);
  });

  it('an EPUB without a readable package or reading order', async () => {
    const good = await buildEpub({ title: 'T', language: 'en', chapters: [{ file: 'a.xhtml', body: '<p>text</p>' }] });
    await expectRefused(
      fixture('no-opf.epub', patchBytes(good, 'OEBPS/content.opf', 'OEBPS/contents.op')),
      1,
      /"no-opf\.epub" has no OPF package/,
    );
    await expectRefused(
      fixture('no-container.epub', patchBytes(good, 'META-INF/container.xml', 'META-INF/containex.xml')),
      1,
      /has no META-INF\/container\.xml/,
    );
    const noSpine = await buildEpub({ title: 'T', language: 'en', chapters: [] });
    await expectRefused(fixture('no-spine.epub', noSpine), 1, /has no readable spine/);
    const noText = await buildEpub({ title: 'T', language: 'en', chapters: [{ file: 'a.xhtml', body: '<div><img src="x.jpg"/></div>' }] });
    await expectRefused(fixture('no-text.epub', noText), 1, /"no-text\.epub" has no chapter with text/);
    const drm = await buildZip([
      { name: 'mimetype', data: 'application/epub+zip', compress: false },
      {
        name: 'META-INF/container.xml',
        data: '<container><rootfiles><rootfile full-path="content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
      },
      {
        name: 'META-INF/encryption.xml',
        data: '<encryption><EncryptedData><CipherData><CipherReference URI="a.xhtml"/></CipherData></EncryptedData></encryption>',
      },
      { name: 'content.opf', data: '<package/>' },
    ]);
    await expectRefused(fixture('drm.epub', drm), 1, /"drm\.epub" is DRM-protected/);
  });
});

describe('import fails only the chapter at fault', () => {
  it('an empty chapter folder fails that chapter; the others import', async () => {
    const root = path.join(env.kit.scratch, 'gappy');
    for (const chapter of ['1', '3']) {
      mkdirSync(path.join(root, chapter), { recursive: true });
      writeFileSync(path.join(root, chapter, '1.jpg'), await drawPage(`gappy ${chapter}`));
    }
    mkdirSync(path.join(root, '2'));
    writeFileSync(path.join(root, '2', 'notes.txt'), 'to do');
    const result = await env.kit.importPath(root);
    expect(result.code).toBe(1);
    expect(result.out).toContain('chapter 2 "2": FAILED: chapter "2" is empty: it holds no images (only "notes.txt")');
    expect(result.out).toContain('Chapters: 2 added, 0 skipped (already imported), 1 failed');
  });

  it('an image sharp cannot read fails its chapter, naming the file', async () => {
    const zip = await buildZip([
      ...(await pages('', 1, 'A/')),
      { name: 'B/1.jpg', data: await drawPage('b1') },
      { name: 'B/2.jpg', data: 'this is not a JPEG' },
    ]);
    const result = await env.kit.importPath(fixture('bad-page.cbz', zip));
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/chapter 2 "B": FAILED: page "B\/2\.jpg" is not a readable image/);
    expect(result.out).toContain('chapter 1 "A": added');
  });
});

describe('import arguments', () => {
  it('documents every option in its help', async () => {
    const general = await env.kit.admin('--help');
    expect(general.out).toContain('import <path>');
    const help = await env.kit.admin('import', '--help');
    expect(help.code).toBe(0);
    for (const option of [
      '--title',
      '--introduction',
      '--tags',
      '--free-chapters',
      '--cover',
      '--language',
      '--book',
      '--chapter',
      '--first-number',
      '--chapter-title',
      '--dry-run',
    ]) {
      expect(help.out).toContain(option);
    }
  });

  it('refuses wrong arguments with exit code 2 before reading anything', async () => {
    const file = fixture('args.cbz', await buildZip(await pages('', 1)));
    const uuid = '00000000-0000-4000-8000-000000000000';
    for (const [args, message] of [
      [[], /missing path/],
      [[file, file], /import takes one path/],
      [[path.join(env.kit.scratch, 'missing.cbz')], /cannot open ".*missing\.cbz"/],
      [[file, '--title', 'Just a title'], /--title takes LANG=TEXT/],
      [[file, '--title', 'xx-yy=Title'], /--title: unknown language "xx-yy"/],
      [[file, '--title', 'en-us=A', '--title', 'en=B'], /--title is given twice for en-us/],
      [[file, '--language', 'klingon'], /--language: unknown language/],
      [[file, '--tags', 'mystery,cooking'], /--tags: "cooking" is not in the tag list/],
      [[file, '--tags', 'mystery,wuxia,urban,romance'], /at most 3 tags/],
      [[file, '--free-chapters', 'many'], /--free-chapters must be a whole number/],
      [[file, '--first-number', '0'], /--first-number must be a whole number/],
      [[file, '--book', 'not-a-uuid'], /--book must be a UUID/],
      [[file, '--book', uuid, '--chapter', uuid, '--language', 'en-us'], /--book or --chapter, not both/],
      [[file, '--chapter', uuid], /--chapter needs --language/],
      [[file, '--book', uuid, '--title', 'en-us=New'], /--title only apply to a new book/],
      [[file, '--cover', path.join(env.kit.scratch, 'nope.jpg')], /--cover: ".*nope\.jpg" is not a file/],
      [[file, '--colour', 'red'], /Unknown option '--colour'/],
    ] as const) {
      const result = await env.kit.admin('import', ...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err, args.join(' ')).toMatch(message);
    }
    expect(await env.kit.rowCounts()).toEqual(countsBefore);
  });

  it('names what does not exist or does not fit the source', async () => {
    const two = fixture('two-chapters.cbz', await buildZip([...(await pages('', 1, 'a/')), ...(await pages('', 1, 'b/'))]));
    const uuid = '00000000-0000-4000-8000-000000000000';
    expect((await env.kit.importPath(two, '--book', uuid)).err).toMatch(/no book 0{8}/);
    expect((await env.kit.importPath(two, '--book', uuid)).code).toBe(1);
    expect((await env.kit.importPath(two, '--chapter', uuid, '--language', 'fr-fr')).code).toBe(1);
    const titled = await env.kit.importPath(two, '--chapter-title', 'One');
    expect(titled.code).toBe(2);
    expect(titled.err).toContain('--chapter-title names one chapter, but "two-chapters.cbz" holds 2');

    const created = await env.kit.importPath(two);
    const chapter = await env.ctx.db.selectFrom('chapters').select('uuid').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const translation = await env.kit.importPath(two, '--chapter', chapter.uuid, '--language', 'fr-fr');
    expect(translation.code).toBe(2);
    expect(translation.err).toContain('--chapter adds one chapter\'s translation, but "two-chapters.cbz" holds 2 chapters');
    expect(bookUuidOf(created.out)).toMatch(/-/);
  });
});
