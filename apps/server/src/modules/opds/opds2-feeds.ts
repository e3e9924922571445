import { pagePath, PROFILE_SECTIONS } from '@inkstream/contracts';
import { href, REL, TAG_SCHEME, type ChapterTexts, type FeedBook, type FeedChapter, type FeedContext, type Paging } from './opds-feeds.js';

/**
 * The OPDS 2.0 documents (JSON, the Readium Web Publication Manifest model) from the same plain
 * data as the OPDS 1.2 feeds (docs/OPDS.md "OPDS 2.0"): navigation feeds, feeds of publications,
 * a book as a feed of its chapters, a comic chapter's Divina manifest and a reading position.
 * As in OPDS 1.2, every link is a path in the tree the app came in by (`ctx.base`, ending in
 * `/v2/`); links to the web site are absolute (`ctx.publicUrl`).
 */

export const TYPE2 = {
  feed: 'application/opds+json',
  publication: 'application/opds-publication+json',
  divina: 'application/divina+json',
  webpub: 'application/webpub+json',
  progression: 'application/vnd.readium.progression+json',
  html: 'text/html',
  jpeg: 'image/jpeg',
  xhtml: 'application/xhtml+xml',
  epub: 'application/epub+zip',
} as const;

/** The same tree's OPDS 1.2 base (`…/v2/` → `…/v1.2/`): where the pages, texts and EPUBs are served. */
const v12 = (ctx: FeedContext, path: string) => `${ctx.base.replace(/v2\/$/, 'v1.2/')}${path}`;

export const REL2 = {
  acquisition: 'http://opds-spec.org/acquisition',
  openAccess: 'http://opds-spec.org/acquisition/open-access',
  buy: REL.buy,
  progression: 'http://www.cantook.com/api/progression',
  sortNew: REL.sortNew,
  sortPopular: REL.sortPopular,
} as const;

export interface Link2 {
  href: string;
  type?: string;
  rel?: string;
  title?: string;
  templated?: boolean;
  width?: number;
  height?: number;
  properties?: Record<string, unknown>;
}

export interface Publication2 {
  metadata: Record<string, unknown> & { title: string };
  links: Link2[];
  images: Link2[];
}

export interface Feed2 {
  metadata: Record<string, unknown> & { title: string };
  links: Link2[];
  navigation?: Link2[];
  publications?: Publication2[];
}

/** The links every feed has: itself, the root, and the search template (OPDS 2.0 names its word `query`). */
function feedLinks(ctx: FeedContext, self: string): Link2[] {
  return [
    { rel: 'self', href: self, type: TYPE2.feed },
    { rel: 'start', href: href(ctx, 'catalog'), type: TYPE2.feed, title: ctx.siteName },
    // The braces stay as they are (RFC 6570): the app fills them.
    { rel: 'search', href: `${href(ctx, 'search')}{?query}`, type: TYPE2.feed, templated: true },
  ];
}

const selfOf = (ctx: FeedContext, path: string, paging?: Paging) =>
  href(ctx, path, paging ? { ...paging.keep, page: paging.page || undefined } : {});

/** OPDS 2.0 paging: the counts in the metadata (currentPage from 1) and first / prev / next / last links. */
function paged(ctx: FeedContext, path: string, paging: Paging): { metadata: Record<string, number>; links: Link2[] } {
  const at = (page: number) => href(ctx, path, { ...paging.keep, page: page === 0 ? undefined : page });
  const last = Math.max(0, Math.ceil(paging.total / paging.pageSize) - 1);
  const links: Link2[] = [{ rel: 'first', href: at(0), type: TYPE2.feed }];
  if (paging.page > 0) links.push({ rel: 'prev', href: at(Math.min(paging.page - 1, last)), type: TYPE2.feed });
  if (paging.page < last) links.push({ rel: 'next', href: at(paging.page + 1), type: TYPE2.feed });
  links.push({ rel: 'last', href: at(last), type: TYPE2.feed });
  return { metadata: { numberOfItems: paging.total, itemsPerPage: paging.pageSize, currentPage: paging.page + 1 }, links };
}

export interface NavigationEntry2 {
  title: string;
  href: string;
  rel?: string;
}

/** A navigation feed: links that lead to other feeds (the root, the tags). */
export function navigationFeed2(
  ctx: FeedContext,
  head: { title: string; path: string; paging?: Paging },
  entries: NavigationEntry2[],
): Feed2 {
  const paging = head.paging ? paged(ctx, head.path, head.paging) : undefined;
  return {
    metadata: { title: head.title, ...paging?.metadata },
    links: [...feedLinks(ctx, selfOf(ctx, head.path, head.paging)), ...(paging?.links ?? [])],
    navigation: entries.map((entry) => ({ href: entry.href, title: entry.title, type: TYPE2.feed, rel: entry.rel ?? 'subsection' })),
  };
}

function imageType(url: string): string | undefined {
  const extension = /\.([a-z0-9]+)(?:\?|$)/i.exec(url)?.[1]?.toLowerCase();
  return { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif', gif: 'image/gif' }[
    extension ?? ''
  ];
}

/**
 * The cover and its thumbnail. OPDS 2.0 wants at least one image per publication, so a book
 * without a cover shows the site's icon.
 */
function imagesOf(ctx: FeedContext, book: FeedBook): Link2[] {
  const image = (url: string, rel?: string): Link2 => {
    const type = imageType(url);
    return { href: url, ...(type ? { type } : {}), ...(rel ? { rel } : {}) };
  };
  if (!book.cover) return [{ href: `${ctx.publicUrl}/icons/icon-512.png`, type: 'image/png', width: 512, height: 512 }];
  return [image(book.cover), ...(book.thumbnail && book.thumbnail !== book.cover ? [image(book.thumbnail, 'thumbnail')] : [])];
}

/** What a book's and its chapters' metadata share. */
const bookMetadata = (ctx: FeedContext, book: FeedBook) => ({
  ...(book.author ? { author: book.author } : {}),
  language: ctx.language,
  ...(book.summary ? { description: book.summary } : {}),
  ...pageDirection(book),
});

/**
 * A comic's page direction as the operator set it (issue 45), as the Divina manifest has it: an app
 * can lay out a right-to-left manga before it opens the manifest. A novel's text direction follows
 * its language, so it carries none (the EPUB says it in its own package).
 */
const pageDirection = (book: FeedBook) => (book.bookType === 'comic' ? { readingProgression: book.direction } : {});

/**
 * A book in a list. Its acquisition is its chapters: the link leads to the book's own feed
 * (type application/opds+json), which apps open as a feed, as Thorium does with such links.
 */
export function bookPublication(ctx: FeedContext, book: FeedBook): Publication2 {
  return {
    metadata: {
      '@type': 'http://schema.org/Book',
      title: book.title,
      identifier: `urn:uuid:${book.uuid}`,
      modified: book.updated,
      ...bookMetadata(ctx, book),
      ...(book.tags.length > 0
        ? {
            subject: book.tags.map((tag) => ({
              name: tag,
              scheme: TAG_SCHEME,
              links: [{ href: href(ctx, `tag/${encodeURIComponent(tag)}`), type: TYPE2.feed }],
            })),
          }
        : {}),
    },
    links: [
      { rel: REL2.acquisition, href: href(ctx, `book/${encodeURIComponent(book.uuid)}`), type: TYPE2.feed, title: book.title },
      { rel: 'alternate', href: `${ctx.publicUrl}${pagePath.book(book.uuid)}`, type: TYPE2.html },
    ],
    images: imagesOf(ctx, book),
  };
}

/** A list of books (new, popular, a tag, the library, continue reading, a search), one page. */
export function publicationsFeed2(ctx: FeedContext, head: { title: string; path: string; paging: Paging }, books: FeedBook[]): Feed2 {
  const paging = paged(ctx, head.path, head.paging);
  return {
    metadata: { title: head.title, ...paging.metadata },
    links: [
      ...feedLinks(ctx, selfOf(ctx, head.path, head.paging)),
      { rel: 'up', href: href(ctx, 'catalog'), type: TYPE2.feed },
      ...paging.links,
    ],
    publications: books.map((book) => bookPublication(ctx, book)),
  };
}

const chapterTitle = (chapter: { number: number; title: string }) =>
  chapter.title ? `${chapter.number}. ${chapter.title}` : String(chapter.number);

/**
 * One chapter as a publication. Readable comic chapters are acquired as their Divina manifest
 * (open access when free; offered under both its media types) with the progression link; a
 * readable novel chapter as its XHTML text (the OPDS 1.2 tree's, docs/OPDS.md "Novels") and its
 * web page. A locked chapter's only link is the top-up page: no manifest, no page, no text.
 */
function chapterPublication(ctx: FeedContext, book: FeedBook, chapter: FeedChapter, texts: ChapterTexts): Publication2 {
  const metadata = {
    title: chapterTitle(chapter),
    identifier: `urn:uuid:${chapter.uuid}`,
    modified: chapter.updated,
    ...bookMetadata(ctx, book),
    belongsTo: { series: [{ name: book.title, position: chapter.number }] },
  };
  const images = imagesOf(ctx, book);
  if (!chapter.readable) {
    return {
      metadata: { ...metadata, description: texts.membersOnlySummary },
      links: [
        {
          rel: REL2.buy,
          href: `${ctx.publicUrl}${pagePath.profile(PROFILE_SECTIONS.topUp)}`,
          type: TYPE2.html,
          title: texts.membersOnly,
          properties: { indirectAcquisition: [{ type: book.bookType === 'comic' ? TYPE2.divina : TYPE2.html }] },
        },
      ],
      images,
    };
  }
  const rel = chapter.free ? REL2.openAccess : REL2.acquisition;
  const site = `${ctx.publicUrl}${pagePath.reading(book.uuid, chapter.uuid, chapter.number)}`;
  const chapterPath = `chapter/${encodeURIComponent(chapter.uuid)}`;
  const links: Link2[] =
    chapter.pageCount !== undefined && chapter.pageCount > 0
      ? [
          { rel, href: href(ctx, `${chapterPath}/manifest.json`), type: TYPE2.divina },
          // The same manifest as a Readium Web Publication (Divina is a profile of it): some apps
          // (Thorium among them) offer to open an acquisition only for the types they import, and
          // list application/webpub+json but not application/divina+json.
          { rel, href: href(ctx, `${chapterPath}/manifest.json`), type: TYPE2.webpub },
          { rel: REL2.progression, href: href(ctx, `${chapterPath}/progression`), type: TYPE2.progression },
          { rel: 'alternate', href: site, type: TYPE2.html },
        ]
      : book.bookType === 'novel'
        ? [
            { rel, href: v12(ctx, `${chapterPath}/text.xhtml`), type: TYPE2.xhtml },
            { rel: 'alternate', href: site, type: TYPE2.html },
          ]
        : [{ rel, href: site, type: TYPE2.html }];
  return {
    metadata: { ...metadata, ...(chapter.pageCount ? { numberOfPages: chapter.pageCount } : {}) },
    links,
    images,
  };
}

/** A book's feed: the book (title, summary, cover) and one page of its chapters as publications. */
export function bookFeed2(ctx: FeedContext, book: FeedBook, chapters: FeedChapter[], paging: Paging, texts: ChapterTexts): Feed2 {
  const path = `book/${encodeURIComponent(book.uuid)}`;
  const paged2 = paged(ctx, path, paging);
  return {
    metadata: {
      title: book.title,
      identifier: `urn:uuid:${book.uuid}`,
      modified: book.updated,
      ...(book.summary ? { description: book.summary } : {}),
      ...paged2.metadata,
    },
    links: [
      ...feedLinks(ctx, selfOf(ctx, path, paging)),
      { rel: 'up', href: href(ctx, 'catalog'), type: TYPE2.feed },
      { rel: 'alternate', href: `${ctx.publicUrl}${pagePath.book(book.uuid)}`, type: TYPE2.html },
      ...imagesOf(ctx, book).map((image) => ({ ...image, rel: image.rel === 'thumbnail' ? REL.thumbnail : REL.image })),
      ...paged2.links,
    ],
    publications: [
      ...(book.bookType === 'novel' && paging.page === 0 ? [epubPublication(ctx, book, texts)] : []),
      ...chapters.map((chapter) => chapterPublication(ctx, book, chapter, texts)),
    ],
  };
}

/** A novel's chapters the reader may read now as one EPUB (built when fetched; docs/OPDS.md "Novels"). */
function epubPublication(ctx: FeedContext, book: FeedBook, texts: ChapterTexts): Publication2 {
  return {
    metadata: {
      title: `${book.title}: ${texts.epub[0]}`,
      identifier: `urn:inkstream:opds:epub:${book.uuid}`,
      modified: book.updated,
      description: texts.epub[1],
      ...bookMetadata(ctx, book),
    },
    links: [{ rel: REL2.acquisition, href: v12(ctx, `book/${encodeURIComponent(book.uuid)}/book.epub`), type: TYPE2.epub }],
    images: imagesOf(ctx, book),
  };
}

export interface ManifestChapter {
  uuid: string;
  bookUuid: string;
  number: number;
  title: string;
  chapterTitle: string;
  pages: { width: number; height: number }[];
  /** The book's reading direction (issue 45): Divina's readingProgression. */
  direction: 'ltr' | 'rtl';
}

/**
 * A readable comic chapter as a Readium Divina manifest: its pages in reading order, each the
 * OPDS-PSE page URL of the same tree (`pageBase`, ending in `/v1.2/`), so every page is fetched
 * with the key and its entitlement is checked at that moment, as in OPDS 1.2.
 */
export function divinaManifest(ctx: FeedContext, pageBase: string, chapter: ManifestChapter) {
  const chapterPath = `chapter/${encodeURIComponent(chapter.uuid)}`;
  return {
    '@context': 'https://readium.org/webpub-manifest/context.jsonld',
    metadata: {
      '@type': 'http://schema.org/ComicIssue',
      title: chapterTitle({ number: chapter.number, title: chapter.chapterTitle }),
      identifier: `urn:uuid:${chapter.uuid}`,
      language: ctx.language,
      readingProgression: chapter.direction,
      numberOfPages: chapter.pages.length,
      belongsTo: { series: [{ name: chapter.title, position: chapter.number }] },
    },
    links: [
      { rel: 'self', href: href(ctx, `${chapterPath}/manifest.json`), type: TYPE2.divina },
      { rel: REL2.progression, href: href(ctx, `${chapterPath}/progression`), type: TYPE2.progression },
      { rel: 'alternate', href: `${ctx.publicUrl}${pagePath.reading(chapter.bookUuid, chapter.uuid, chapter.number)}`, type: TYPE2.html },
    ],
    readingOrder: chapter.pages.map((page, index) => ({
      href: pageHref(pageBase, chapter.uuid, index),
      type: TYPE2.jpeg,
      width: page.width,
      height: page.height,
    })),
  };
}

/** The OPDS-PSE URL of a page (0-based) in the tree whose base is `pageBase` (ending in `/v1.2/`). */
export const pageHref = (pageBase: string, chapterUuid: string, pageIndex: number) =>
  `${pageBase}chapter/${encodeURIComponent(chapterUuid)}/page/${pageIndex}`;
