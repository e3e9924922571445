import { pagePath } from '@inkstream/contracts';
import type { Db } from '../../db/database.js';
import { escapeHtml } from '../../lib/html-escape.js';
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

const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** W3C datetime in UTC, to the second. */
export const w3cDate = (epochMs: number): string => new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, 'Z');

const urlEntry = (loc: string, lastModified: number | null) =>
  `<url><loc>${escapeHtml(loc)}</loc>${lastModified === null ? '' : `<lastmod>${w3cDate(lastModified)}</lastmod>`}</url>\n`;

export function createSitemaps(deps: { db: Db; publicUrl: string }) {
  const { db, publicUrl } = deps;

  /** `/sitemap.xml`: always an index, pointing to the page sitemap and each non-empty book sitemap. */
  async function index(): Promise<string> {
    const buckets = await repo.countPublishedBooksByBucket(db, BOOK_IDS_PER_SITEMAP);
    const lastUpdate = buckets.reduce<number | null>((max, b) => (max === null || b.lastModified > max ? b.lastModified : max), null);
    const entry = (loc: string, lastModified: number | null) =>
      `<sitemap><loc>${escapeHtml(loc)}</loc>${lastModified === null ? '' : `<lastmod>${w3cDate(lastModified)}</lastmod>`}</sitemap>\n`;
    const entries = [
      entry(`${publicUrl}/sitemap-pages.xml`, lastUpdate),
      ...buckets.map((b) => entry(`${publicUrl}/sitemap-books-${b.bucket + 1}.xml`, b.lastModified)),
    ];
    return `${XML_HEADER}<sitemapindex xmlns="${NAMESPACE}">\n${entries.join('')}</sitemapindex>\n`;
  }

  /** `/sitemap-pages.xml`: the pages that are not books (the home page lists the newest books). */
  async function pages(): Promise<string> {
    const lastUpdate = await repo.findLastCatalogueUpdate(db);
    return `${XML_HEADER}<urlset xmlns="${NAMESPACE}">\n${urlEntry(`${publicUrl}/`, lastUpdate)}</urlset>\n`;
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
    const first = await repo.findPublishedBooksInRange(db, fromId, toId, CHUNK);
    if (first.length === 0) return null;
    return (async function* () {
      yield `${XML_HEADER}<urlset xmlns="${NAMESPACE}">\n`;
      let rows = first;
      while (rows.length > 0) {
        yield rows.map((book) => urlEntry(`${publicUrl}${pagePath.book(book.uuid)}`, book.updated_at)).join('');
        rows = rows.length < CHUNK ? [] : await repo.findPublishedBooksInRange(db, rows[rows.length - 1]!.id, toId, CHUNK);
      }
      yield '</urlset>\n';
    })();
  }

  return { index, pages, books };
}

export type Sitemaps = ReturnType<typeof createSitemaps>;
