import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';

/** A published chapter of a published book, with what the entitlement check needs. */
export const findReadableChapter = (db: DbExecutor, chapterUuid: string) =>
  db
    .selectFrom('chapters')
    .innerJoin('books', 'books.id', 'chapters.book_id')
    .select([
      'chapters.id as chapter_id',
      'chapters.uuid as chapter_uuid',
      'chapters.number',
      'chapters.total_likes',
      'books.id as book_id',
      'books.uuid as book_uuid',
      'books.book_type',
      'books.original_language',
      'books.public_free_chapters',
    ])
    .where('chapters.uuid', '=', chapterUuid)
    .where('chapters.is_published', '=', 1)
    .where('books.is_published', '=', 1)
    .executeTakeFirst();

export const findChapterTitles = (db: DbExecutor, chapterId: number) =>
  db.selectFrom('chapter_translations').select(['language', 'title']).where('chapter_id', '=', chapterId).execute();

export const findBookTitles = (db: DbExecutor, bookId: number) =>
  db.selectFrom('book_translations').select(['language', 'title']).where('book_id', '=', bookId).execute();

/** Pages in one language, in reading order. */
export const findPages = (db: DbExecutor, chapterId: number, language: string) =>
  db
    .selectFrom('chapter_pages')
    .select(['media_key', 'avif_key', 'webp_key', 'width', 'height'])
    .where('chapter_id', '=', chapterId)
    .where('language', '=', language)
    .orderBy('position')
    .execute();

export const findPageLanguages = async (db: DbExecutor, chapterId: number) =>
  (await db.selectFrom('chapter_pages').select('language').distinct().where('chapter_id', '=', chapterId).execute()).map((r) => r.language);

/**
 * A novel chapter's text in the asked language, else the original language, else any (the same
 * fallback as titles), chosen in the database so only one chapter's HTML is read.
 */
export const findChapterText = (db: DbExecutor, chapterId: number, language: string, original: string) =>
  db
    .selectFrom('chapter_texts')
    .select(['language', 'html'])
    .where('chapter_id', '=', chapterId)
    .orderBy(sql`case when language = ${language} then 0 when language = ${original} then 1 else 2 end`)
    .orderBy('language')
    .limit(1)
    .executeTakeFirst();

/** The nearest published chapter before (`<`) or after (`>`) a number. */
export const findNeighbourUuid = async (db: DbExecutor, bookId: number, number: number, side: 'prev' | 'next') =>
  (
    await db
      .selectFrom('chapters')
      .select('uuid')
      .where('book_id', '=', bookId)
      .where('is_published', '=', 1)
      .where('number', side === 'prev' ? '<' : '>', number)
      .orderBy('number', side === 'prev' ? 'desc' : 'asc')
      .limit(1)
      .executeTakeFirst()
  )?.uuid ?? null;

export const hasLiked = async (db: DbExecutor, userId: number, chapterId: number) =>
  (await db
    .selectFrom('chapter_likes')
    .select('chapter_id')
    .where('user_id', '=', userId)
    .where('chapter_id', '=', chapterId)
    .executeTakeFirst()) !== undefined;

export const findChapterOfBook = (db: DbExecutor, bookUuid: string, chapterUuid: string) =>
  db
    .selectFrom('chapters')
    .innerJoin('books', 'books.id', 'chapters.book_id')
    .select(['chapters.id as chapter_id', 'books.id as book_id'])
    .where('chapters.uuid', '=', chapterUuid)
    .where('books.uuid', '=', bookUuid)
    .where('chapters.is_published', '=', 1)
    .where('books.is_published', '=', 1)
    .executeTakeFirst();

/** Records a like once; returns whether it was new. */
export async function insertLikeOnce(db: DbExecutor, userId: number, chapterId: number, now: number): Promise<boolean> {
  const row = await db
    .insertInto('chapter_likes')
    .values({ user_id: userId, chapter_id: chapterId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'chapter_id']).doNothing())
    .returning('chapter_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function incrementLikeCounters(db: DbExecutor, bookId: number, chapterId: number): Promise<void> {
  await db
    .updateTable('chapters')
    .set({ total_likes: sql`total_likes + 1` })
    .where('id', '=', chapterId)
    .execute();
  await db
    .updateTable('books')
    .set({ total_likes: sql`total_likes + 1` })
    .where('id', '=', bookId)
    .execute();
}

export const chapterLikes = async (db: DbExecutor, chapterId: number) =>
  (await db.selectFrom('chapters').select('total_likes').where('id', '=', chapterId).executeTakeFirstOrThrow()).total_likes;

/**
 * Is this media key a page of some chapter that is currently free to everyone? A page is stored
 * as a fallback (`media_key`) and optional AVIF/WebP variants; each of the three keys is indexed.
 */
export async function isPublicPage(db: DbExecutor, mediaKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('chapter_pages')
    .innerJoin('chapters', 'chapters.id', 'chapter_pages.chapter_id')
    .innerJoin('books', 'books.id', 'chapters.book_id')
    .select('chapter_pages.id')
    .where((eb) =>
      eb.or([
        eb('chapter_pages.media_key', '=', mediaKey),
        eb('chapter_pages.avif_key', '=', mediaKey),
        eb('chapter_pages.webp_key', '=', mediaKey),
      ]),
    )
    .where('chapters.is_published', '=', 1)
    .where('books.is_published', '=', 1)
    .whereRef('chapters.number', '<=', 'books.public_free_chapters')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
