import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { chapterXhtml, directionOf, xhtmlPage } from './opds-novel-text.js';
import { el, renderXml } from './opds-xml.js';

/**
 * A novel as an EPUB 3 file, written while it is sent (docs/OPDS.md "Novels"). The package
 * (OPF), the table of contents and the cover are made first, from what is known before any text is
 * read; the chapters' texts are then read a batch at a time (`texts`), when the zip writer reaches
 * them, so a long book is never built whole in memory and a slow app slows the reads. Which chapters are in it
 * was decided before (opds-novels.ts: the chapters the reader may read at that moment).
 */

/** Chapters whose texts are read in one statement. */
export const EPUB_TEXT_BATCH = 20;

export interface EpubChapter {
  uuid: string;
  number: number;
  /** "12. The storm", as the book feed lists it. */
  heading: string;
}

export interface EpubBook {
  uuid: string;
  title: string;
  author: string | null;
  summary: string;
  /** The language of the package (the first chapter's text, else the book's). */
  language: string;
  /** ISO 8601: the book's last change (dcterms:modified, to the second). */
  updated: string;
  publisher: string;
  cover: { bytes: Buffer; mediaType: 'image/jpeg' } | null;
  chapters: EpubChapter[];
  /** The page after the chapters: what was left out and why (null: nothing was). */
  notice: { title: string; lines: string[] } | null;
}

/** One chapter's text in the language chosen for it (null: the chapter has no text). */
export interface EpubText {
  language: string;
  html: string | null;
}

const chapterPath = (chapter: EpubChapter) => `chapters/${chapter.number}-${chapter.uuid}.xhtml`;
const NOTICE_PATH = 'notice.xhtml';
const OPF_NS = 'http://www.idpf.org/2007/opf';
const DC_NS = 'http://purl.org/dc/elements/1.1/';

const containerXml = () =>
  renderXml(
    el(
      'container',
      { version: '1.0', xmlns: 'urn:oasis:names:tc:opendocument:xmlns:container' },
      el('rootfiles', {}, el('rootfile', { 'full-path': 'EPUB/package.opf', 'media-type': 'application/oebps-package+xml' })),
    ),
  );

/** dcterms:modified wants CCYY-MM-DDThh:mm:ssZ, without fractions of a second. */
const modifiedOf = (iso: string) => `${new Date(iso).toISOString().slice(0, 19)}Z`;

function packageOpf(book: EpubBook): string {
  const xhtml = 'application/xhtml+xml';
  const items = book.chapters.map((chapter, index) => ({ id: `c${index + 1}`, href: chapterPath(chapter) }));
  if (book.notice) items.push({ id: 'notice', href: NOTICE_PATH });
  return renderXml(
    el(
      'package',
      { xmlns: OPF_NS, version: '3.0', 'unique-identifier': 'book-id', 'xml:lang': book.language, dir: directionOf(book.language) },
      el(
        'metadata',
        { 'xmlns:dc': DC_NS },
        el('dc:identifier', { id: 'book-id' }, `urn:uuid:${book.uuid}`),
        el('dc:title', {}, book.title),
        el('dc:language', {}, book.language),
        book.author && el('dc:creator', {}, book.author),
        el('dc:publisher', {}, book.publisher),
        book.summary && el('dc:description', {}, book.summary),
        el('meta', { property: 'dcterms:modified' }, modifiedOf(book.updated)),
        // EPUB 2 readers find the cover by this name.
        book.cover && el('meta', { name: 'cover', content: 'cover' }),
      ),
      el(
        'manifest',
        {},
        el('item', { id: 'nav', href: 'nav.xhtml', 'media-type': xhtml, properties: 'nav' }),
        book.cover && el('item', { id: 'cover', href: 'cover.jpg', 'media-type': book.cover.mediaType, properties: 'cover-image' }),
        items.map((item) => el('item', { id: item.id, href: item.href, 'media-type': xhtml })),
      ),
      el(
        'spine',
        { 'page-progression-direction': directionOf(book.language) },
        items.map((item) => el('itemref', { idref: item.id })),
      ),
    ),
  );
}

function navXhtml(book: EpubBook): string {
  const entries = book.chapters.map((chapter) => el('li', {}, el('a', { href: chapterPath(chapter) }, chapter.heading)));
  if (book.notice) entries.push(el('li', {}, el('a', { href: NOTICE_PATH }, book.notice.title)));
  return renderXml(
    xhtmlPage(
      book.language,
      book.title,
      [el('nav', { 'epub:type': 'toc', id: 'toc' }, el('h1', {}, book.title), el('ol', {}, entries))],
      true,
    ),
  );
}

const noticeXhtml = (book: EpubBook, notice: NonNullable<EpubBook['notice']>) =>
  renderXml(xhtmlPage(book.language, notice.title, [el('h1', {}, notice.title), notice.lines.map((line) => el('p', {}, line))], true));

/**
 * The EPUB as a stream. `texts` is asked for the chapters a batch at a time, in order; an error
 * there ends the stream with it (the download is cut short: the headers have left already).
 */
export function epubStream(book: EpubBook, texts: (chapters: readonly EpubChapter[]) => Promise<Map<string, EpubText>>): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const mtime = new Date(book.updated);
  const add = (path: string, content: string | Buffer) =>
    zip.addBuffer(typeof content === 'string' ? Buffer.from(content, 'utf8') : content, path, { mtime });
  // OCF: the first entry, stored (not compressed), and without an extra field in its header.
  zip.addBuffer(Buffer.from('application/epub+zip', 'ascii'), 'mimetype', { mtime, compress: false, forceDosTimestamp: true });
  add('META-INF/container.xml', containerXml());
  add('EPUB/package.opf', packageOpf(book));
  add('EPUB/nav.xhtml', navXhtml(book));
  if (book.cover) zip.addBuffer(book.cover.bytes, 'EPUB/cover.jpg', { mtime, compress: false });

  // Each chapter is made when the zip writer reaches it (addReadStreamLazy), and the writer moves
  // only as fast as the app reads (the output's back-pressure): a batch of texts is read from the
  // database when its first chapter's turn comes, and let go when the next batch is read.
  let batch: { start: number; texts: Promise<Map<string, EpubText>> } | null = null;
  const textsAt = (index: number) => {
    const start = index - (index % EPUB_TEXT_BATCH);
    if (batch?.start !== start) batch = { start, texts: texts(book.chapters.slice(start, start + EPUB_TEXT_BATCH)) };
    return batch.texts;
  };
  book.chapters.forEach((chapter, index) => {
    zip.addReadStreamLazy(`EPUB/${chapterPath(chapter)}`, { mtime }, (callback) => {
      textsAt(index).then(
        (found) => {
          const text = found.get(chapter.uuid) ?? { language: book.language, html: null };
          const doc = chapterXhtml({ title: `${book.title}: ${chapter.heading}`, heading: chapter.heading, ...text });
          callback(null, Readable.from([Buffer.from(renderXml(doc), 'utf8')]));
        },
        (error: unknown) => callback(error, Readable.from([])),
      );
    });
  });
  if (book.notice) add(`EPUB/${NOTICE_PATH}`, noticeXhtml(book, book.notice));
  zip.end();
  // A failed read ends the download there (the headers have left already); the error is logged by the caller.
  zip.on('error', (error: Error) => output.destroy(error));

  return output;
}
