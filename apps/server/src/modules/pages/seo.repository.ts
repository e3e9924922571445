import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import { CHAPTER_TERMS } from '../access/chapter-access.sql.js';

/**
 * Reads for page heads and sitemaps: each one is a primary-key, unique-key or index range lookup.
 * `ratings`: the content ratings search engines may meet (the general audience's openable ones,
 * access/content-rating.ts): a book outside them has no head, no sitemap line, no credit.
 */
type Ratings = readonly string[];

export const findPublishedBookMeta = (db: DbExecutor, uuid: string, ratings: Ratings) =>
  db
    .selectFrom('books')
    .select(['id', 'uuid', 'original_language', 'cover_key'])
    .where('uuid', '=', uuid)
    .where('is_published', '=', 1)
    .where('content_rating', 'in', ratings)
    .executeTakeFirst();

export const findBookTexts = (db: DbExecutor, bookId: number) =>
  db.selectFrom('book_translations').select(['language', 'title', 'introduction']).where('book_id', '=', bookId).execute();

/** A published chapter of a published book, by the two public ids of the reader URL. */
export const findPublishedChapterMeta = (db: DbExecutor, bookUuid: string, chapterUuid: string, ratings: Ratings) =>
  db
    .selectFrom('chapters')
    .innerJoin('books', 'books.id', 'chapters.book_id')
    .select([
      'chapters.id as chapter_id',
      'chapters.uuid as chapter_uuid',
      'books.id as book_id',
      'books.uuid as book_uuid',
      'books.original_language',
      'books.cover_key',
      'books.book_type',
      // Whether the page may preload the chapter's first page: the access rule's terms.
      ...CHAPTER_TERMS,
    ])
    .where('chapters.uuid', '=', chapterUuid)
    .where('books.uuid', '=', bookUuid)
    .where('chapters.is_published', '=', 1)
    .where('books.is_published', '=', 1)
    .where('books.content_rating', 'in', ratings)
    .executeTakeFirst();

/**
 * The first page of a chapter in each edition (language) it has, with its smaller variants. Only
 * ever asked for free chapters (the reader's head preloads the page the reader will paint first).
 */
export const findFirstPages = (db: DbExecutor, chapterId: number) =>
  db
    .selectFrom('chapter_pages')
    .select(['language', 'media_key', 'avif_key', 'webp_key', 'lite_key'])
    .where('chapter_id', '=', chapterId)
    .where('position', '=', 0)
    .execute();

export const findChapterTitles = (db: DbExecutor, chapterId: number) =>
  db.selectFrom('chapter_translations').select(['language', 'title']).where('chapter_id', '=', chapterId).execute();

/** The cover of the first recommended book that has one (the home page's sharing image). */
export const findFirstRecommendedCover = async (db: DbExecutor, ratings: Ratings) =>
  (
    await db
      .selectFrom('books')
      .select('cover_key')
      .where('recommendation_rank', 'is not', null)
      .where('is_published', '=', 1)
      .where('content_rating', 'in', ratings)
      .where('cover_key', 'is not', null)
      .orderBy('recommendation_rank')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst()
  )?.cover_key ?? null;

/**
 * A credited person (book_creators, issue 46) by slug: the name the newest of their published books
 * gives, that book's cover, and how many published books credit them. Index range on (slug, book_id).
 */
export async function findCreditedPerson(db: DbExecutor, slug: string, ratings: Ratings) {
  const rows = await db
    .selectFrom('book_creators')
    .innerJoin('books', 'books.id', 'book_creators.book_id')
    .select(['book_creators.name', 'books.id as book_id', 'books.cover_key'])
    .where('book_creators.slug', '=', slug)
    .where('books.is_published', '=', 1)
    .where('books.content_rating', 'in', ratings)
    .orderBy('books.id', 'desc')
    .execute();
  if (rows.length === 0) return null;
  return { name: rows[0]!.name, cover_key: rows[0]!.cover_key, books: new Set(rows.map((row) => row.book_id)).size };
}

/** How many people published books credit (the author sitemaps' count). */
export async function countCreditedPeople(db: DbExecutor, ratings: Ratings): Promise<number> {
  const row = await db
    .selectFrom('book_creators')
    .innerJoin('books', 'books.id', 'book_creators.book_id')
    .select((eb) => eb.fn.count<number>('book_creators.slug').distinct().as('people'))
    .where('books.is_published', '=', 1)
    .where('books.content_rating', 'in', ratings)
    .executeTakeFirst();
  return Number(row?.people ?? 0);
}

/**
 * Where the people at `position` (0-based, slug order) start: `before` is the slug just ahead of
 * them ('' at the start), for the keyset reads that follow; null past the last person.
 */
export async function findCreditedSlugAt(db: DbExecutor, position: number, ratings: Ratings): Promise<{ before: string } | null> {
  const rows = await db
    .selectFrom('book_creators')
    .innerJoin('books', 'books.id', 'book_creators.book_id')
    .select('book_creators.slug')
    .distinct()
    .where('books.is_published', '=', 1)
    .where('books.content_rating', 'in', ratings)
    .orderBy('book_creators.slug')
    .limit(2)
    .offset(Math.max(0, position - 1))
    .execute();
  if (position === 0) return rows.length > 0 ? { before: '' } : null;
  return rows.length === 2 ? { before: rows[0]!.slug } : null;
}

/** The slugs of the people published books credit after `afterSlug`, in slug order (a keyset page). */
export const findCreditedSlugs = (db: DbExecutor, afterSlug: string, limit: number, ratings: Ratings) =>
  db
    .selectFrom('book_creators')
    .innerJoin('books', 'books.id', 'book_creators.book_id')
    .select(['book_creators.slug', (eb) => eb.fn.max('books.updated_at').as('last_modified')])
    .where('books.is_published', '=', 1)
    .where('books.content_rating', 'in', ratings)
    .where('book_creators.slug', '>', afterSlug)
    .groupBy('book_creators.slug')
    .orderBy('book_creators.slug')
    .limit(limit)
    .execute();

export interface SitemapBucket {
  bucket: number;
  books: number;
  lastModified: number;
}

/**
 * Published books grouped by id range (`(id - 1) / size`, integer division on both dialects):
 * one index-only pass, so the sitemap index knows which book sitemaps exist and their lastmod.
 */
export async function countPublishedBooksByBucket(db: DbExecutor, size: number, ratings: Ratings): Promise<SitemapBucket[]> {
  const bucket = sql<number>`(${sql.ref('id')} - 1) / ${sql.lit(size)}`;
  const rows = await db
    .selectFrom('books')
    .select([bucket.as('bucket'), (eb) => eb.fn.countAll().as('books'), (eb) => eb.fn.max('updated_at').as('last_modified')])
    .where('is_published', '=', 1)
    .where('content_rating', 'in', ratings)
    .groupBy(bucket)
    .orderBy(bucket)
    .execute();
  return rows.map((row) => ({ bucket: Number(row.bucket), books: Number(row.books), lastModified: Number(row.last_modified) }));
}

/** The next published books with ids in (afterId, toId], in id order (a keyset page). */
export const findPublishedBooksInRange = (db: DbExecutor, afterId: number, toId: number, limit: number, ratings: Ratings) =>
  db
    .selectFrom('books')
    .select(['id', 'uuid', 'updated_at'])
    .where('is_published', '=', 1)
    .where('content_rating', 'in', ratings)
    .where('id', '>', afterId)
    .where('id', '<=', toId)
    .orderBy('id')
    .limit(limit)
    .execute();

export const findLastCatalogueUpdate = async (db: DbExecutor) => {
  const row = await db
    .selectFrom('books')
    .select((eb) => eb.fn.max('updated_at').as('last_modified'))
    .where('is_published', '=', 1)
    .executeTakeFirst();
  return row?.last_modified == null ? null : Number(row.last_modified);
};
