import { PAGE_PATTERNS, pagePath } from '@inkstream/contracts';
import type { Db } from '../../db/database.js';
import { escapeHtml } from '../../lib/html-escape.js';
import { languageAlternates } from './seo-head.js';
import * as repo from './seo.repository.js';

/**
 * Book sitemaps cover fixed id ranges: `/sitemap-books-<n>.xml` lists the published books with
 * ids in ((n-1)·10,000, n·10,000], so a book stays in the same file for good, no file reaches the
 * 50,000-URL limit, and finding a file's books is a primary-key range scan (no OFFSET).
 */
export const BOOK_IDS_PER_SITEMAP = 10_000;
/** The largest value of the `books.id` column (a 32-bit integer on PostgreSQL). */
const MAX_BOOK_ID = 2_147_483_647;
/** Rows read per query while streaming one book sitemap. */
const CHUNK = 1_000;

/** Author pages per `/sitemap-authors-<n>.xml` (each entry carries its six language alternates). */
export const AUTHORS_PER_SITEMAP = 10_000;

const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** The urlset of entries with language versions (`<xhtml:link rel="alternate" hreflang>`, as the pages' heads give them). */
const URLSET_WITH_ALTERNATES = `<urlset xmlns="${NAMESPACE}" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;

/** W3C datetime in UTC, to the second. */
export const w3cDate = (epochMs: number): string => new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, 'Z');

const urlEntry = (loc: string, lastModified: number | null) =>
  `<url><loc>${escapeHtml(loc)}</loc>${lastModified === null ? '' : `<lastmod>${w3cDate(lastModified)}</lastmod>`}</url>\n`;

/** An entry with its language versions: `?lang=` of each language and the bare address as x-default. */
const urlEntryWithAlternates = (loc: string, lastModified: number | null) =>
  `<url><loc>${escapeHtml(loc)}</loc>${lastModified === null ? '' : `<lastmod>${w3cDate(lastModified)}</lastmod>`}${languageAlternates(loc)
    .map(({ hreflang, href }) => `<xhtml:link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(href)}"/>`)
    .join('')}</url>\n`;

export function createSitemaps(deps: {
  db: Db;
  publicUrl: string;
  /** The content ratings search engines may meet (issue 61: the general audience's openable ones). */
  publicRatings: () => Promise<readonly string[]>;
}) {
  const { db, publicUrl, publicRatings } = deps;

  /** `/sitemap.xml`: always an index, pointing to the page sitemap and each non-empty book sitemap. */
  async function index(): Promise<string> {
    const ratings = await publicRatings();
    const [buckets, people] = await Promise.all([
      repo.countPublishedBooksByBucket(db, BOOK_IDS_PER_SITEMAP, ratings),
      repo.countCreditedPeople(db, ratings),
    ]);
    const lastUpdate = buckets.reduce<number | null>((max, b) => (max === null || b.lastModified > max ? b.lastModified : max), null);
    const entry = (loc: string, lastModified: number | null) =>
      `<sitemap><loc>${escapeHtml(loc)}</loc>${lastModified === null ? '' : `<lastmod>${w3cDate(lastModified)}</lastmod>`}</sitemap>\n`;
    const entries = [
      entry(`${publicUrl}/sitemap-pages.xml`, lastUpdate),
      ...buckets.map((b) => entry(`${publicUrl}/sitemap-books-${b.bucket + 1}.xml`, b.lastModified)),
      ...Array.from({ length: Math.ceil(people / AUTHORS_PER_SITEMAP) }, (_, i) =>
        entry(`${publicUrl}/sitemap-authors-${i + 1}.xml`, lastUpdate),
      ),
    ];
    return `${XML_HEADER}<sitemapindex xmlns="${NAMESPACE}">\n${entries.join('')}</sitemapindex>\n`;
  }

  /**
   * `/sitemap-pages.xml`: the pages that are not books: the home page (it lists the newest books),
   * the release calendar and the rankings (issue 46), each with its language versions.
   */
  async function pages(): Promise<string> {
    const lastUpdate = await repo.findLastCatalogueUpdate(db);
    const entries = [PAGE_PATTERNS.home, PAGE_PATTERNS.schedule, PAGE_PATTERNS.rankings].map((path) =>
      urlEntryWithAlternates(`${publicUrl}${path}`, lastUpdate),
    );
    return `${XML_HEADER}${URLSET_WITH_ALTERNATES}${entries.join('')}</urlset>\n`;
  }

  /**
   * `/sitemap-authors-<n>.xml`: the pages of the people published books credit (issue 46), the
   * n-th 10,000 in slug order, with their language versions; null past the last. The file's first
   * slug is found by position (crawlers fetch these rarely, an hour cached), the rest in keyset chunks.
   */
  async function authors(n: number): Promise<AsyncIterable<string> | null> {
    if (n < 1 || n > 100_000) return null;
    const ratings = await publicRatings();
    const start = await repo.findCreditedSlugAt(db, (n - 1) * AUTHORS_PER_SITEMAP, ratings);
    if (start === null) return null;
    return (async function* () {
      yield `${XML_HEADER}${URLSET_WITH_ALTERNATES}`;
      let left = AUTHORS_PER_SITEMAP;
      let after = start.before;
      while (left > 0) {
        const rows = await repo.findCreditedSlugs(db, after, Math.min(CHUNK, left), ratings);
        yield rows.map((row) => urlEntryWithAlternates(`${publicUrl}${pagePath.author(row.slug)}`, Number(row.last_modified))).join('');
        if (rows.length < Math.min(CHUNK, left)) break;
        left -= rows.length;
        after = rows[rows.length - 1]!.slug;
      }
      yield '</urlset>\n';
    })();
  }

  /**
   * `/sitemap-books-<n>.xml`, produced in chunks of 1,000 rows so neither the whole file nor a
   * long-running query is ever held at once. null when the range holds no published book.
   */
  async function books(n: number): Promise<AsyncIterable<string> | null> {
    const fromId = (n - 1) * BOOK_IDS_PER_SITEMAP;
    // Book ids are 32-bit integers: a range starting past them holds nothing (and must not reach the query).
    if (n < 1 || fromId > MAX_BOOK_ID) return null;
    const toId = Math.min(n * BOOK_IDS_PER_SITEMAP, MAX_BOOK_ID);
    const ratings = await publicRatings();
    const first = await repo.findPublishedBooksInRange(db, fromId, toId, CHUNK, ratings);
    if (first.length === 0) return null;
    return (async function* () {
      yield `${XML_HEADER}<urlset xmlns="${NAMESPACE}">\n`;
      let rows = first;
      while (rows.length > 0) {
        yield rows.map((book) => urlEntry(`${publicUrl}${pagePath.book(book.uuid)}`, book.updated_at)).join('');
        rows = rows.length < CHUNK ? [] : await repo.findPublishedBooksInRange(db, rows[rows.length - 1]!.id, toId, CHUNK, ratings);
      }
      yield '</urlset>\n';
    })();
  }

  return { index, pages, books, authors };
}

export type Sitemaps = ReturnType<typeof createSitemaps>;
