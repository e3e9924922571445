import { pagePath, PROFILE_SECTIONS } from '@inkstream/contracts';
import type { Audience } from '../access/content-rating.js';
import { el, type XmlChild, type XmlChildren, type XmlElement } from './opds-xml.js';

/**
 * The OPDS 1.2 documents (Atom feeds and the OpenSearch description) as XML trees, from plain
 * data (docs/OPDS.md "Feeds"). Every link is a path inside the tree the app came in by (`base`,
 * e.g. `/opds/key/{key}/v1.2/` or `/opds/v1.2/`), so an app that entered with a key in the path
 * never leaves it, and one that logged in with Basic keeps its login.
 */

export const NS = {
  atom: 'http://www.w3.org/2005/Atom',
  opds: 'http://opds-spec.org/2010/catalog',
  dc: 'http://purl.org/dc/terms/',
  opensearch: 'http://a9.com/-/spec/opensearch/1.1/',
  pse: 'http://vaemendis.net/opds-pse/ns',
} as const;

export const TYPE = {
  navigation: 'application/atom+xml;profile=opds-catalog;kind=navigation',
  acquisition: 'application/atom+xml;profile=opds-catalog;kind=acquisition',
  openSearch: 'application/opensearchdescription+xml',
  html: 'text/html',
  xhtml: 'application/xhtml+xml',
  epub: 'application/epub+zip',
} as const;

export const REL = {
  image: 'http://opds-spec.org/image',
  thumbnail: 'http://opds-spec.org/image/thumbnail',
  buy: 'http://opds-spec.org/acquisition/buy',
  acquisition: 'http://opds-spec.org/acquisition',
  sortNew: 'http://opds-spec.org/sort/new',
  sortPopular: 'http://opds-spec.org/sort/popular',
  pseStream: 'http://vaemendis.net/opds-pse/stream',
} as const;

/** The scheme of the category that marks a chapter members only (or free). */
export const ACCESS_SCHEME = 'urn:inkstream:opds:access';
export const TAG_SCHEME = 'urn:inkstream:opds:tag';

export interface FeedBook {
  uuid: string;
  title: string;
  author: string | null;
  summary: string;
  tags: string[];
  /** ISO 8601. */
  updated: string;
  cover: string | null;
  thumbnail: string | null;
  bookType: 'comic' | 'novel';
  /** The language its pages and titles fall back to. */
  originalLanguage: string;
  /** The operator's page direction (issue 45): OPDS 2.0's readingProgression of a comic; OPDS 1.2 has no standard place for it. */
  direction: 'ltr' | 'rtl';
}

export interface FeedChapter {
  uuid: string;
  number: number;
  title: string;
  updated: string;
  free: boolean;
  /** The reader may read it at this moment (free, or entitled as the reading module decides). */
  readable: boolean;
  /** Pages of a readable comic chapter (OPDS-PSE `pse:count`); absent for novels and locked chapters. */
  pageCount?: number;
  /** The reader's position in this chapter (0-based page, as OPDS-PSE numbers them) and when it was saved. */
  lastRead?: { page: number; date: string };
}

/** What every document of one request shares. */
export interface FeedContext {
  /** The tree's base path, ending in `/` (links are `base + 'new'`, …). */
  base: string;
  language: string;
  siteName: string;
  /** The web site's own address (PUBLIC_URL): the top-up page and chapters on the site. */
  publicUrl: string;
  /** Issue 61: whose books these are (the content rating rule); kept documents are kept per audience. */
  audience: Audience;
}

export interface Paging {
  /** 0-based. */
  page: number;
  pageSize: number;
  total: number;
  /** Query parameters the page links keep (q, page_size as asked). */
  keep?: Record<string, string>;
}

/** A path of the tree with a query string (URLSearchParams encodes it). */
export function href(ctx: FeedContext, path: string, query: Record<string, string | number | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return `${ctx.base}${path}${search ? `?${search}` : ''}`;
}

const link = (rel: string, type: string, target: string, extra: Record<string, string | undefined> = {}) =>
  el('link', { rel, type, href: target, ...extra });

/** The links every feed has: itself, the root, the search. */
function commonLinks(ctx: FeedContext, self: string, selfType: string): XmlElement[] {
  return [
    link('self', selfType, self),
    link('start', TYPE.navigation, href(ctx, 'catalog'), { title: ctx.siteName }),
    link('search', TYPE.openSearch, href(ctx, 'opensearch.xml')),
    // Apps that do not read OpenSearch descriptions (KOReader among them) fill this template.
    el('link', { rel: 'search', type: TYPE.acquisition, href: `${href(ctx, 'search')}?q={searchTerms}` }),
  ];
}

function feed(
  ctx: FeedContext,
  head: { id: string; title: string; updated: string; links: XmlElement[] },
  children: XmlChildren[],
): XmlElement {
  return el(
    'feed',
    {
      xmlns: NS.atom,
      'xmlns:opds': NS.opds,
      'xmlns:dc': NS.dc,
      'xmlns:opensearch': NS.opensearch,
      'xmlns:pse': NS.pse,
      'xml:lang': ctx.language,
    },
    el('id', {}, head.id),
    el('title', {}, head.title),
    el('updated', {}, head.updated),
    el('author', {}, el('name', {}, ctx.siteName)),
    el('dc:language', {}, ctx.language),
    head.links,
    children,
  );
}

/** first / previous / next / last links and the OpenSearch counts of one page of a list. */
function pagingParts(ctx: FeedContext, path: string, paging: Paging, type: string): XmlChild[] {
  const at = (page: number) => href(ctx, path, { ...paging.keep, page: page === 0 ? undefined : page });
  const last = Math.max(0, Math.ceil(paging.total / paging.pageSize) - 1);
  return [
    el('opensearch:totalResults', {}, paging.total),
    el('opensearch:itemsPerPage', {}, paging.pageSize),
    el('opensearch:startIndex', {}, paging.page * paging.pageSize + 1),
    link('first', type, at(0)),
    paging.page > 0 && link('previous', type, at(Math.min(paging.page - 1, last))),
    paging.page < last && link('next', type, at(paging.page + 1)),
    link('last', type, at(last)),
  ];
}

export interface NavigationEntry {
  id: string;
  title: string;
  content: string;
  href: string;
  type: string;
  rel?: string;
}

/** A navigation feed: entries that lead to other feeds. */
export function navigationFeed(
  ctx: FeedContext,
  head: { id: string; title: string; updated: string; path: string; paging?: Paging },
  entries: NavigationEntry[],
): XmlElement {
  const self = href(ctx, head.path, head.paging ? { ...head.paging.keep, page: head.paging.page || undefined } : {});
  return feed(ctx, { id: head.id, title: head.title, updated: head.updated, links: commonLinks(ctx, self, TYPE.navigation) }, [
    head.paging && pagingParts(ctx, head.path, head.paging, TYPE.navigation),
    entries.map((entry) =>
      el(
        'entry',
        {},
        el('title', {}, entry.title),
        el('id', {}, entry.id),
        el('updated', {}, head.updated),
        el('content', { type: 'text' }, entry.content),
        link(entry.rel ?? 'subsection', entry.type, entry.href),
      ),
    ),
  ]);
}

function imageType(url: string): string | undefined {
  const extension = /\.([a-z0-9]+)(?:\?|$)/i.exec(url)?.[1]?.toLowerCase();
  return { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif', gif: 'image/gif' }[
    extension ?? ''
  ];
}

const imageLink = (rel: string, url: string) => el('link', { rel, href: url, type: imageType(url) });

/** A book as an acquisition feed entry: its metadata, covers and the link to its chapters. */
export function bookEntry(ctx: FeedContext, book: FeedBook): XmlElement {
  return el(
    'entry',
    {},
    el('title', {}, book.title),
    el('id', {}, `urn:uuid:${book.uuid}`),
    el('updated', {}, book.updated),
    book.author && el('author', {}, el('name', {}, book.author)),
    el('dc:language', {}, ctx.language),
    book.summary && el('summary', { type: 'text' }, book.summary),
    book.tags.map((tag) => el('category', { scheme: TAG_SCHEME, term: tag, label: tag })),
    book.cover && imageLink(REL.image, book.cover),
    book.thumbnail && imageLink(REL.thumbnail, book.thumbnail),
    link('subsection', TYPE.acquisition, href(ctx, `book/${encodeURIComponent(book.uuid)}`), { title: book.title }),
  );
}

/** A list of books (new, popular, a tag, the library, continue reading, a search), one page. */
export function acquisitionFeed(
  ctx: FeedContext,
  head: { id: string; title: string; updated?: string; path: string; paging: Paging; extraLinks?: XmlElement[] },
  books: FeedBook[],
): XmlElement {
  const self = href(ctx, head.path, { ...head.paging.keep, page: head.paging.page || undefined });
  const updated =
    head.updated ?? books.reduce((newest, book) => (book.updated > newest ? book.updated : newest), new Date(0).toISOString());
  return feed(
    ctx,
    { id: head.id, title: head.title, updated, links: [...commonLinks(ctx, self, TYPE.acquisition), ...(head.extraLinks ?? [])] },
    [
      link('up', TYPE.navigation, href(ctx, 'catalog')),
      pagingParts(ctx, head.path, head.paging, TYPE.acquisition),
      books.map((book) => bookEntry(ctx, book)),
    ],
  );
}

export interface ChapterTexts {
  membersOnly: string;
  membersOnlySummary: string;
  free: string;
  /** A novel's whole-book entry: title and content. */
  epub: readonly [string, string];
}

/**
 * One chapter. A locked one is listed and marked, and its only link is the top-up page on the web
 * site: nothing that leads to its pages. A readable one links to it on the site and, for a
 * comic, to its pages one by one (OPDS-PSE 1.1: pages 0 to pse:count − 1, `{maxWidth}` filled by
 * the app; docs/OPDS.md "Page streaming").
 */
function chapterEntry(ctx: FeedContext, book: FeedBook, chapter: FeedChapter, texts: ChapterTexts): XmlElement {
  const bookUuid = book.uuid;
  const title = chapter.title ? `${chapter.number}. ${chapter.title}` : String(chapter.number);
  const common = [el('title', {}, title), el('id', {}, `urn:uuid:${chapter.uuid}`), el('updated', {}, chapter.updated)];
  if (!chapter.readable) {
    return el(
      'entry',
      {},
      common,
      el('category', { scheme: ACCESS_SCHEME, term: 'members-only', label: texts.membersOnly }),
      el('summary', { type: 'text' }, texts.membersOnlySummary),
      link(REL.buy, TYPE.html, `${ctx.publicUrl}${pagePath.profile(PROFILE_SECTIONS.topUp)}`, { title: texts.membersOnly }),
    );
  }
  return el(
    'entry',
    {},
    common,
    chapter.free && el('category', { scheme: ACCESS_SCHEME, term: 'free', label: texts.free }),
    link('alternate', TYPE.html, `${ctx.publicUrl}${pagePath.reading(bookUuid, chapter.uuid, chapter.number)}`),
    // A readable novel chapter downloads as XHTML (docs/OPDS.md "Novels").
    book.bookType === 'novel' && link(REL.acquisition, TYPE.xhtml, href(ctx, `chapter/${encodeURIComponent(chapter.uuid)}/text.xhtml`)),
    chapter.pageCount !== undefined &&
      chapter.pageCount > 0 &&
      el('link', {
        rel: REL.pseStream,
        type: 'image/jpeg',
        // The template's braces stay as they are: the app replaces them (URLSearchParams would encode them).
        href: `${href(ctx, `chapter/${encodeURIComponent(chapter.uuid)}/page/`)}{pageNumber}?maxWidth={maxWidth}`,
        'pse:count': String(chapter.pageCount),
        'pse:lastRead': chapter.lastRead ? String(chapter.lastRead.page) : undefined,
        'pse:lastReadDate': chapter.lastRead?.date,
      }),
  );
}

/**
 * A novel's whole book as one EPUB (the chapters the reader may read when downloading it), first
 * on the book feed's first page. It is an entry of the book feed rather than a link of the book's
 * entry in the lists: apps (KOReader, Thorium) treat an entry with an acquisition link as a file
 * to download and would no longer open the chapter list.
 */
function epubEntry(ctx: FeedContext, book: FeedBook, texts: ChapterTexts): XmlElement {
  return el(
    'entry',
    {},
    el('title', {}, `${book.title}: ${texts.epub[0]}`),
    el('id', {}, `urn:inkstream:opds:epub:${book.uuid}`),
    el('updated', {}, book.updated),
    book.author && el('author', {}, el('name', {}, book.author)),
    el('summary', { type: 'text' }, texts.epub[1]),
    book.cover && imageLink(REL.image, book.cover),
    book.thumbnail && imageLink(REL.thumbnail, book.thumbnail),
    link(REL.acquisition, TYPE.epub, href(ctx, `book/${encodeURIComponent(book.uuid)}/book.epub`)),
  );
}

/** A book's feed: the book itself (covers, summary) and one page of its chapters. */
export function bookFeed(ctx: FeedContext, book: FeedBook, chapters: FeedChapter[], paging: Paging, texts: ChapterTexts): XmlElement {
  const path = `book/${encodeURIComponent(book.uuid)}`;
  const self = href(ctx, path, { ...paging.keep, page: paging.page || undefined });
  return feed(
    ctx,
    { id: `urn:uuid:${book.uuid}`, title: book.title, updated: book.updated, links: commonLinks(ctx, self, TYPE.acquisition) },
    [
      book.summary && el('subtitle', { type: 'text' }, book.summary),
      book.thumbnail && el('icon', {}, book.thumbnail),
      book.cover && imageLink(REL.image, book.cover),
      book.thumbnail && imageLink(REL.thumbnail, book.thumbnail),
      link('up', TYPE.navigation, href(ctx, 'catalog')),
      link('alternate', TYPE.html, `${ctx.publicUrl}${pagePath.book(book.uuid)}`),
      pagingParts(ctx, path, paging, TYPE.acquisition),
      book.bookType === 'novel' && paging.page === 0 && epubEntry(ctx, book, texts),
      chapters.map((chapter) => chapterEntry(ctx, book, chapter, texts)),
    ],
  );
}

/** The OpenSearch description: how an app searches the catalogue (the site's book search). */
export function openSearchDescription(ctx: FeedContext): XmlElement {
  return el(
    'OpenSearchDescription',
    { xmlns: NS.opensearch },
    el('ShortName', {}, ctx.siteName.slice(0, 16)),
    el('Description', {}, `${ctx.siteName}: books by title, author or tag`),
    el('InputEncoding', {}, 'UTF-8'),
    el('OutputEncoding', {}, 'UTF-8'),
    el('Language', {}, ctx.language),
    el('Url', { type: TYPE.acquisition, template: `${href(ctx, 'search')}?q={searchTerms}` }),
  );
}
