import { matchPage, PAGE_PATTERNS, pagePath, type Language, type PageName } from '@inkstream/contracts';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/database.js';
import type { CacheTopic } from '../../http/cache-rules.js';
import { pickTranslation } from '../../lib/language.js';
import { absoluteMediaUrl, type MediaUrls } from '../media/media-urls.js';
import { SEO_COPY } from './seo-copy.js';
import { languageAlternates, renderHead, type PageMeta } from './seo-head.js';
import type { PageHints, PreloadImage } from './preload-hints.js';
import { choosePageLanguage, htmlLang, isRightToLeft } from './seo-language.js';
import { toDescription, toPlainLine } from './seo-text.js';
import * as repo from './seo.repository.js';
import { isOpenToEveryone } from '../access/chapter-access.js';
import { chapterTermsOf } from '../access/chapter-access.sql.js';

/** The rendered head of one page, with what the `<html>` tag and the response need. */
export interface PageHead {
  status: 200 | 404;
  head: string;
  lang: string;
  dir: 'ltr' | 'rtl';
  /** What the head may ask the browser to fetch early (rendered by pages.routes.ts with the build's manifest). */
  hints?: PageHints;
  /** The page's language, for its server rendering. */
  language: Language;
  /**
   * The page is the same for every visitor (the book list, a book's chapter list, a free chapter,
   * the contact page): the server renders it. Private screens and paid chapters are rendered by
   * the browser alone, so nothing of one reader, and nothing paid, is ever in the server's HTML.
   */
  isPublic: boolean;
  /**
   * What the rendered page shows, for the renderer to keep it by (and drop it with): the catalogue
   * and the site settings, and a legal page its text as well. Absent: everything.
   */
  shows?: readonly CacheTopic[];
}

/** Every page but a legal one: no privacy or terms text on it, so a publication keeps it. */
const CATALOGUE_PAGE: readonly CacheTopic[] = ['catalogue', 'site-settings'];

export type PageRoute =
  | { kind: 'home' }
  | { kind: 'book'; bookUuid: string }
  | { kind: 'chapter'; bookUuid: string; chapterUuid: string }
  | { kind: 'contact' }
  | { kind: 'legal'; legal: 'privacy' | 'terms' }
  | { kind: 'search' }
  | { kind: 'schedule' }
  | { kind: 'rankings' }
  | { kind: 'author'; slug: string }
  | { kind: 'private' }
  | { kind: 'unknown' };

/** How each page of the route table (contracts routes.ts) is described: the pages whose heads differ. */
const KIND_OF_PAGE: Record<PageName, Exclude<PageRoute['kind'], 'unknown'>> = {
  home: 'home',
  books: 'home',
  search: 'search',
  book: 'book',
  schedule: 'schedule',
  rankings: 'rankings',
  author: 'author',
  reading: 'chapter',
  contact: 'contact',
  privacy: 'legal',
  terms: 'legal',
  login: 'private',
  register: 'private',
  forgotPassword: 'private',
  resetPassword: 'private',
  confirmEmail: 'private',
  profile: 'private',
  library: 'private',
  offline: 'private',
  unsubscribe: 'private',
  admin: 'private',
  sandboxCheckout: 'private',
  gift: 'private',
  signInFinish: 'private',
  sandboxWechatLogin: 'private',
  // Issue 61: a reader's list is drawn by the app in the browser and not indexed (not server-rendered yet).
  list: 'private',
};

/** The web app's routes (the contracts route table), as far as page heads differ between them. */
export function matchPageRoute(pathname: string): PageRoute {
  const page = matchPage(pathname);
  if (!page) return { kind: 'unknown' };
  const kind = KIND_OF_PAGE[page.name];
  if (kind === 'book') return { kind, bookUuid: page.params.id! };
  if (kind === 'chapter') return { kind, bookUuid: page.params.bookid!, chapterUuid: page.params.chapter_uuid! };
  if (kind === 'legal') return { kind, legal: page.name === 'privacy' ? 'privacy' : 'terms' };
  if (kind === 'author') {
    const slug = decodedSegment(page.params.slug!);
    return slug === null ? { kind: 'unknown' } : { kind, slug };
  }
  return { kind };
}

/** A path segment as text; null when its percent-encoding is broken (no such page). */
function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

const CACHE_TTL_MS = 60_000;
/** As the API takes `q` (contracts BookSearchQuery). */
const SEARCH_QUERY_MAX = 100;
/** A search page's query as one line: spaces and control characters folded, cut to what the API takes. */
const searchQueryOf = (url: URL) =>
  Array.from((url.searchParams.get('q') ?? '').replace(/[\s\p{Cc}]+/gu, ' ').trim())
    .slice(0, SEARCH_QUERY_MAX)
    .join('')
    .trim();

/** A browser's request for a page: the address and what chooses its language. */
export interface PageRequest {
  url: string;
  acceptLanguage: string | undefined;
  cookie?: string | undefined;
  /** The data saver is on (Save-Data or the reader's cookie): a chapter preloads its lighter first page. */
  lighterImages?: boolean;
}

/** Routes whose page is the same for every visitor; a chapter is, when it is free (chapterMeta). */
const PUBLIC_ROUTES = new Set<PageRoute['kind']>(['home', 'book', 'contact', 'legal', 'search', 'schedule', 'rankings', 'author']);

/** A page's head data, with the image its largest paint will show when the server knows it (a preload hint). */
type DescribedPage = PageMeta & { lcpImage?: PreloadImage; isPublic?: boolean };

/**
 * The page's language, whose first translations every page loads, and the lazy screen a route
 * opens (loaded whether or not the book exists; the app asks for its part of the language with it).
 * The language is the head's: `?lang=`, which the app adopts, else the browser's, which the app
 * uses unless the reader once chose another in the language selector.
 */
function hintsOf(route: PageRoute, language: Language): PageHints {
  if (route.kind === 'home') return { language, screen: 'books' };
  if (route.kind === 'book') return { language, screen: 'chapters' };
  if (route.kind === 'chapter') return { language, screen: 'reader' };
  if (route.kind === 'search') return { language, screen: 'search' };
  if (route.kind === 'schedule' || route.kind === 'rankings' || route.kind === 'author') return { language, screen: route.kind };
  return { language };
}

/**
 * A page request's path and query as a URL. The request target is appended to an origin, never
 * resolved against one: as a reference, `//host/x` names another host (`/\\host` too) and `//`
 * alone does not parse at all, where for this server both are paths (unknown ones: 404).
 */
export function pageUrlOf(requestUrl: string): URL {
  return new URL(`http://localhost${requestUrl.startsWith('/') ? '' : '/'}${requestUrl}`);
}

export function createSeoService(deps: {
  db: Db;
  publicUrl: string;
  siteName: string;
  /** The site name an administrator set at run time (site settings), when there is one. */
  currentSiteName?: () => Promise<string>;
  media: MediaUrls;
  /** How many published books a search finds (the catalogue's search): a search page without any is not indexed. */
  countSearchResults?: (q: string) => Promise<number>;
  /** The content ratings a page head may name (issue 61: the general audience's openable ones). */
  publicRatings: () => Promise<readonly string[]>;
}) {
  const { db, publicUrl, media } = deps;
  const { publicRatings } = deps;
  // Read again before each page is described: an administrator may rename the site at run time.
  // Pages already cached keep the old name until their entry expires (CACHE_TTL_MS).
  let siteName = deps.siteName;
  // Heads are cheap to build, but a shared link can bring many requests for one page at once.
  const cache = new LRUCache<string, PageHead>({ max: 2000, ttl: CACHE_TTL_MS });
  const defaultImage = `${publicUrl}/icons/icon-512.png`;
  const imageOf = (coverKey: string | null) => (coverKey ? absoluteMediaUrl(media.publicUrl(coverKey), publicUrl) : defaultImage);
  const homeTitle = (language: Language) => `${siteName} – ${SEO_COPY[language].tagline}`;
  const homeDescription = (language: Language) => SEO_COPY[language].homeDescription.replace('{site}', siteName);

  /** Canonical URL of a path: with `?lang=` when the request chose its language that way. */
  function pageUrl(path: string, language: Language, isExplicit: boolean): NonNullable<PageMeta['url']> {
    const bare = `${publicUrl}${path}`;
    const canonical = isExplicit ? `${bare}?lang=${language}` : bare;
    return { canonical, alternates: languageAlternates(bare) };
  }

  const notFound = (language: Language): PageMeta => ({
    status: 404,
    language,
    title: `${SEO_COPY[language].notFound} – ${siteName}`,
    description: homeDescription(language),
    isIndexable: false,
  });

  async function homeMeta(language: Language, isExplicit: boolean): Promise<PageMeta> {
    const title = homeTitle(language);
    return {
      status: 200,
      language,
      title,
      description: homeDescription(language),
      isIndexable: true,
      url: pageUrl(PAGE_PATTERNS.home, language, isExplicit),
      share: { type: 'website', title, image: imageOf(await repo.findFirstRecommendedCover(db, await publicRatings())) },
    };
  }

  async function bookMeta(bookUuid: string, language: Language, isExplicit: boolean): Promise<PageMeta> {
    const book = await repo.findPublishedBookMeta(db, bookUuid, await publicRatings());
    if (!book) return notFound(language);
    const text = pickTranslation(await repo.findBookTexts(db, book.id), language, book.original_language);
    const bookTitle = toPlainLine(text?.title ?? '') || siteName;
    return {
      status: 200,
      language,
      title: `${bookTitle} – ${siteName}`,
      description: toDescription(text?.introduction ?? '') || homeDescription(language),
      isIndexable: true,
      url: pageUrl(pagePath.book(book.uuid), language, isExplicit),
      share: { type: 'book', title: bookTitle, image: imageOf(book.cover_key) },
      // No cover preload: on a phone the largest paint is the introduction text, and the cover
      // fetched early only competes with the entry script on a slow link (docs/SEO.md).
    };
  }

  /**
   * Reads the first page of a free comic chapter only (to preload it); the pages of a paid
   * chapter are never read, so its head cannot leak them.
   */
  async function chapterMeta(
    bookUuid: string,
    chapterUuid: string,
    language: Language,
    isExplicit: boolean,
    lighterImages: boolean,
  ): Promise<DescribedPage> {
    const chapter = await repo.findPublishedChapterMeta(db, bookUuid, chapterUuid, await publicRatings());
    if (!chapter) return notFound(language);
    const isFree = isOpenToEveryone(chapterTermsOf(chapter));
    const isFreeComic = chapter.book_type === 'comic' && isFree;
    const [chapterTitles, bookTexts, firstPages] = await Promise.all([
      repo.findChapterTitles(db, chapter.chapter_id),
      repo.findBookTexts(db, chapter.book_id),
      isFreeComic ? repo.findFirstPages(db, chapter.chapter_id) : Promise.resolve([]),
    ]);
    const bookText = pickTranslation(bookTexts, language, chapter.original_language);
    const bookTitle = toPlainLine(bookText?.title ?? '') || siteName;
    const chapterTitle =
      toPlainLine(pickTranslation(chapterTitles, language, chapter.original_language)?.title ?? '') ||
      SEO_COPY[language].chapter(chapter.number);
    const title = `${chapterTitle} – ${bookTitle}`;
    return {
      status: 200,
      language,
      title,
      description: toDescription(bookText?.introduction ?? '') || homeDescription(language),
      isIndexable: true,
      url: pageUrl(pagePath.reading(chapter.book_uuid, chapter.chapter_uuid, chapter.number), language, isExplicit),
      share: { type: 'article', title, image: imageOf(chapter.cover_key) },
      ...(isFreeComic ? firstPageImage(firstPages, language, isExplicit, chapter.original_language, lighterImages) : {}),
      isPublic: isFree,
    };
  }

  /**
   * The reader's first page as its `<picture>` (PagePicture) asks for it: the first variant source
   * (AVIF, else WebP) with its type, else the fallback. Only when the edition the reader's API call
   * will pick is certain: the chapter has one edition, or `?lang=` fixed the app's language (the
   * API picks the asked language's edition, else the original's, else any, as reading.service does).
   * With the data saver, its lighter variant when it has one (the one source the API then gives).
   */
  function firstPageImage(
    pages: Awaited<ReturnType<typeof repo.findFirstPages>>,
    language: Language,
    isExplicit: boolean,
    original: string,
    lighterImages: boolean,
  ): { lcpImage?: PreloadImage } {
    if (pages.length === 0 || (pages.length > 1 && !isExplicit)) return {};
    const page = pages.find((p) => p.language === language) ?? pages.find((p) => p.language === original) ?? pages[0]!;
    if (lighterImages && page.lite_key) return { lcpImage: { href: media.publicUrl(page.lite_key), type: 'image/webp' } };
    if (page.avif_key) return { lcpImage: { href: media.publicUrl(page.avif_key), type: 'image/avif' } };
    if (page.webp_key) return { lcpImage: { href: media.publicUrl(page.webp_key), type: 'image/webp' } };
    return { lcpImage: { href: media.publicUrl(page.media_key) } };
  }

  /**
   * A search's results page (`/search?q=`): its own URL with the query alone as canonical (filters,
   * sort and page are views of the same results), indexed only when the search finds books.
   */
  async function searchMeta(q: string, language: Language, isExplicit: boolean): Promise<PageMeta> {
    const count = q === '' ? 0 : ((await deps.countSearchResults?.(q)) ?? 0);
    const title = q === '' ? `${SEO_COPY[language].searchEmpty} – ${siteName}` : `${SEO_COPY[language].search(q)} – ${siteName}`;
    const bare = `${publicUrl}${pagePath.search(q)}`;
    const canonical = isExplicit ? `${bare}&lang=${language}` : bare;
    return {
      status: 200,
      language,
      title,
      description: homeDescription(language),
      isIndexable: count > 0,
      ...(count > 0 ? { url: { canonical, alternates: languageAlternates(bare) } } : {}),
      share: { type: 'website', title, image: defaultImage },
    };
  }

  /**
   * A credited person's page (issue 46): their name as the newest of their published books credits
   * it; a slug no published book credits is no page (404, not indexed).
   */
  async function authorMeta(slug: string, language: Language, isExplicit: boolean): Promise<PageMeta> {
    const author = await repo.findCreditedPerson(db, slug, await publicRatings());
    if (!author) return notFound(language);
    const name = toPlainLine(author.name) || slug;
    const title = `${name} – ${siteName}`;
    return {
      status: 200,
      language,
      title,
      description: SEO_COPY[language].authorDescription(name, author.books),
      isIndexable: true,
      url: pageUrl(pagePath.author(slug), language, isExplicit),
      share: { type: 'website', title, image: imageOf(author.cover_key) },
    };
  }

  /** The calendar and the rankings: one canonical address each (their query only chooses a view of the same page). */
  function discoveryMeta(page: 'schedule' | 'rankings', language: Language, isExplicit: boolean): PageMeta {
    const copy = SEO_COPY[language][page];
    const title = `${copy.title} – ${siteName}`;
    const url = pageUrl(PAGE_PATTERNS[page], language, isExplicit);
    return {
      status: 200,
      language,
      title,
      description: copy.description,
      isIndexable: true,
      url,
      share: { type: 'website', title, image: defaultImage },
    };
  }

  function describePage(
    route: PageRoute,
    language: Language,
    isExplicit: boolean,
    q = '',
    lighterImages = false,
  ): Promise<DescribedPage> | DescribedPage {
    switch (route.kind) {
      case 'search':
        return searchMeta(q, language, isExplicit);
      case 'home':
        return homeMeta(language, isExplicit);
      case 'schedule':
      case 'rankings':
        return discoveryMeta(route.kind, language, isExplicit);
      case 'author':
        return authorMeta(route.slug, language, isExplicit);
      case 'book':
        return bookMeta(route.bookUuid, language, isExplicit);
      case 'chapter':
        return chapterMeta(route.bookUuid, route.chapterUuid, language, isExplicit, lighterImages);
      case 'contact': {
        const title = `${SEO_COPY[language].contactUs} – ${siteName}`;
        const url = pageUrl(PAGE_PATTERNS.contact, language, isExplicit);
        const share = { type: 'website' as const, title, image: defaultImage };
        return { status: 200, language, title, description: homeDescription(language), isIndexable: true, url, share };
      }
      case 'legal': {
        // The privacy policy and the terms (issue 43): indexed, in the page's language.
        const title = `${SEO_COPY[language][route.legal]} – ${siteName}`;
        const url = pageUrl(PAGE_PATTERNS[route.legal], language, isExplicit);
        const share = { type: 'website' as const, title, image: defaultImage };
        return { status: 200, language, title, description: homeDescription(language), isIndexable: true, url, share };
      }
      case 'private': {
        // Not for search results, but invitation links (/register?invite_code=…) are shared.
        const title = homeTitle(language);
        const share = { type: 'website' as const, title, image: defaultImage };
        return { status: 200, language, title, description: homeDescription(language), isIndexable: false, share };
      }
      case 'unknown':
        return notFound(language);
    }
  }

  /** The head for a browser request to the web app: language from `?lang=` or Accept-Language. */
  async function pageHead(request: PageRequest): Promise<PageHead> {
    const url = pageUrlOf(request.url);
    const { language, isExplicit } = choosePageLanguage(url.searchParams.get('lang'), request.acceptLanguage, request.cookie);
    const route = matchPageRoute(url.pathname);
    // A search page's head depends on its query (its title, whether it is indexed), nothing else of the address.
    const q = route.kind === 'search' ? searchQueryOf(url) : '';
    const lighterImages = request.lighterImages === true && route.kind === 'chapter';
    const key = `${language}${isExplicit ? '!' : ''}${lighterImages ? '~' : ''} ${url.pathname}${route.kind === 'search' ? `?q=${q}` : ''}`;
    const cached = cache.get(key);
    if (cached) return cached;
    if (deps.currentSiteName) siteName = await deps.currentSiteName();
    const meta = await describePage(route, language, isExplicit, q, lighterImages);
    const screenHints = hintsOf(route, language);
    const head: PageHead = {
      status: meta.status,
      head: renderHead(meta, siteName),
      lang: htmlLang(language),
      dir: isRightToLeft(language) ? 'rtl' : 'ltr',
      hints: meta.lcpImage ? { ...screenHints, image: meta.lcpImage } : screenHints,
      language,
      isPublic: meta.status === 200 && (meta.isPublic ?? PUBLIC_ROUTES.has(route.kind)),
      ...(route.kind === 'legal' ? {} : { shows: CATALOGUE_PAGE }),
    };
    // Only pages that exist are kept, so made-up URLs cannot push real pages out of the cache.
    if (head.status === 200) cache.set(key, head);
    return head;
  }

  /**
   * The site's generic, non-indexable head, built without the database: served while the database
   * is unavailable so the web app still loads (and shows its own retry state).
   */
  function fallbackHead(request: PageRequest): PageHead {
    const url = pageUrlOf(request.url);
    const { language } = choosePageLanguage(url.searchParams.get('lang'), request.acceptLanguage, request.cookie);
    const meta = describePage({ kind: 'private' }, language, false) as PageMeta;
    return {
      status: 200,
      head: renderHead(meta, siteName),
      lang: htmlLang(language),
      dir: isRightToLeft(language) ? 'rtl' : 'ltr',
      hints: hintsOf(matchPageRoute(url.pathname), language),
      language,
      // Without the database nothing can be rendered: the browser renders and retries.
      isPublic: false,
    };
  }

  return { pageHead, fallbackHead };
}

export type SeoService = ReturnType<typeof createSeoService>;
