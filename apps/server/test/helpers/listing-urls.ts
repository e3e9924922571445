import { authHeader, nextClientIp, type TestUser } from './factories.js';
import type { TestContext } from './test-context.js';

/**
 * Every URL that lists books or names one, in one place (issue 61, docs/CONTENT.md "Content
 * ratings"): the API's lists (the book list in each order, by tag, a search by exact title,
 * suggestions, recommendations, rankings, the calendar, an author page, "readers also read",
 * "because you read"), the OPDS 1.2 and 2.0 feeds, the sitemaps and the server-rendered pages.
 * content-rating-walk.test.ts walks them all for every kind of reader; a new listing belongs here.
 */

/** A reader as the walk needs them: their token and feed key (a visitor has neither). */
export interface ListingReader {
  name: string;
  user: (TestUser & { feedKey: string }) | null;
}

/** What the listings are asked about: a title to search, a tag and an author they share, a book to ask "also read" of. */
export interface ListingSubjects {
  title: string;
  tag: string;
  authorSlug: string;
  /** Someone credited on books the walk's subject list must hide, and on no other. */
  hiddenAuthorSlug: string;
  alsoReadOf: string;
  /** A public reader list holding the books (issue 61, lists). */
  publicList: string;
}

export interface ListingUrl {
  name: string;
  /** api: with the reader's token; feed: with their feed key (signed-in readers only); page and sitemap: as anyone, no token. */
  kind: 'api' | 'feed' | 'page' | 'sitemap';
  /** Answered only to signed-in readers. */
  needsAccount?: boolean;
  /** The answer repeats the searched words (a results page's heading): the title searched is no trace there. */
  echoesQuery?: boolean;
  path: (subjects: ListingSubjects) => string;
}

const api = (name: string, path: ListingUrl['path'], needsAccount = false): ListingUrl => ({ name, kind: 'api', path, needsAccount });
const feed = (name: string, path: ListingUrl['path']): ListingUrl => ({ name, kind: 'feed', path, needsAccount: true });
const q = encodeURIComponent;

export const LISTING_URLS: ListingUrl[] = [
  api('book list, newest first', () => '/api/v1/comics/book/search?language=en-us&page=0&page_size=50'),
  api('book list, most popular', () => '/api/v1/comics/book/search?language=en-us&page=0&page_size=50&order_by=popularity'),
  api('book list, by tag', (s) => `/api/v1/comics/book/search?language=en-us&page=0&page_size=50&tag=${q(s.tag)}`),
  api('book list, tags in', (s) => `/api/v1/comics/book/search?language=en-us&page=0&page_size=50&tags=${q(s.tag)}`),
  api('search by exact title', (s) => `/api/v1/comics/book/search?language=en-us&page=0&page_size=50&q=${q(s.title)}`),
  api('suggestions', (s) => `/api/v1/comics/book/suggest?language=en-us&q=${q(s.title)}`),
  api('recommendations', () => '/api/v1/comics/book/recommendation/list?language=en-us'),
  api('rankings, popular today', () => '/api/v1/comics/rankings/popular?language=en-us&period=day'),
  api('rankings, popular this month', () => '/api/v1/comics/rankings/popular?language=en-us&period=month'),
  api('rankings, new', () => '/api/v1/comics/rankings/new?language=en-us'),
  api('rankings, by tag', (s) => `/api/v1/comics/rankings/popular?language=en-us&period=month&tag=${q(s.tag)}`),
  api('release calendar', () => '/api/v1/comics/schedule?language=en-us'),
  api('author page', (s) => `/api/v1/comics/author/${s.authorSlug}?language=en-us`),
  api('author page of hidden books only', (s) => `/api/v1/comics/author/${s.hiddenAuthorSlug}?language=en-us`),
  api('readers also read', (s) => `/api/v1/comics/book/${s.alsoReadOf}/also_read?language=en-us`),
  api('because you read', () => '/api/v1/user/because_you_read?language=en-us', true),
  api('a public reader list', (s) => `/api/v1/lists/${s.publicList}?language=en-us`),
  feed('OPDS 1.2 catalog', () => 'v1.2/catalog'),
  feed('OPDS 1.2 new', () => 'v1.2/new'),
  feed('OPDS 1.2 popular', () => 'v1.2/popular'),
  feed('OPDS 1.2 tag', (s) => `v1.2/tag/${q(s.tag)}`),
  { ...feed('OPDS 1.2 search', (s) => `v1.2/search?q=${q(s.title)}`), echoesQuery: true },
  feed('OPDS 1.2 library', () => 'v1.2/library'),
  feed('OPDS 1.2 continue reading', () => 'v1.2/continue'),
  feed('OPDS 2.0 new', () => 'v2/new'),
  feed('OPDS 2.0 library', () => 'v2/library'),
  feed('OPDS 2.0 continue reading', () => 'v2/continue'),
  feed('OPDS 2.0 popular', () => 'v2/popular'),
  feed('OPDS 2.0 tag', (s) => `v2/tag/${q(s.tag)}`),
  { ...feed('OPDS 2.0 search', (s) => `v2/search?query=${q(s.title)}`), echoesQuery: true },
  { name: 'sitemap index', kind: 'sitemap', path: () => '/sitemap.xml' },
  { name: 'book sitemap', kind: 'sitemap', path: () => '/sitemap-books-1.xml' },
  { name: 'author sitemap', kind: 'sitemap', path: () => '/sitemap-authors-1.xml' },
  { name: 'home page', kind: 'page', path: () => '/' },
  { name: 'rankings page', kind: 'page', path: () => '/rankings' },
  { name: 'calendar page', kind: 'page', path: () => '/schedule' },
  { name: 'author page (rendered)', kind: 'page', path: (s) => `/author/${s.authorSlug}` },
  { name: 'search page (rendered)', kind: 'page', path: (s) => `/search?q=${q(s.title)}`, echoesQuery: true },
];

/** One listing as `reader` asks it: the status and the body (a 404 is an answer too: an author with nothing to show). */
export async function fetchListing(
  ctx: TestContext,
  url: ListingUrl,
  reader: ListingReader,
  subjects: ListingSubjects,
): Promise<{ statusCode: number; body: string } | null> {
  if (url.needsAccount && !reader.user) return null;
  const path = url.path(subjects);
  if (url.kind === 'feed') {
    const response = await ctx.app.inject({ url: `/opds/key/${reader.user!.feedKey}/${path}`, remoteAddress: nextClientIp() });
    return { statusCode: response.statusCode, body: response.body };
  }
  const headers = url.kind === 'api' && reader.user ? authHeader(reader.user) : {};
  const response = await ctx.app.inject({ url: path, headers, remoteAddress: nextClientIp() });
  return { statusCode: response.statusCode, body: response.body };
}
