import { randomUUID } from 'node:crypto';
import { DEFAULT_CONTENT_RATING, type ContentDescriptorValue, type ContentRatingValue } from '@inkstream/contracts';
import { storedDescriptors } from '../access/content-rating.js';
import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import { replaceBookCreators } from './creators.repository.js';

/** Writes to the catalogue, shared by the demo generator, the admin CLI, importers and test factories. */

export interface NewBookInput {
  uuid?: string;
  book_type: 'comic' | 'novel';
  original_language: string;
  cover_key?: string | null;
  cover_variants?: { width: number; key: string }[] | null;
  public_free_chapters?: number;
  recommendation_rank?: number | null;
  is_published?: boolean;
  /** Created by an import that has not finished: published when it does. */
  import_pending?: boolean;
  total_likes?: number;
  popularity?: number;
  created_at: number;
  updated_at?: number;
  translations: { language: string; title: string; introduction?: string }[];
  tags?: string[];
  /** Other names of the book, already checked (alternate-titles.ts). */
  alternate_titles?: readonly { title: string; language: string | null }[];
  author?: string | null;
  /** Issue 46: who drew the book (a credit line like author's), kept in book_creators only. */
  artist?: string | null;
  status?: 'ongoing' | 'completed';
  /** Issue 45: ltr and strip when not given (an import sets them from the source). */
  reading_direction?: 'ltr' | 'rtl';
  reading_mode?: 'strip' | 'single' | 'double';
  /** Issue 61: all_ages when not given (contracts CONTENT_RATINGS). */
  content_rating?: ContentRatingValue;
  content_descriptors?: readonly ContentDescriptorValue[];
}

export interface NewChapterInput {
  uuid?: string;
  book_id: number;
  number: number;
  is_published?: boolean;
  /** A scheduled release of an unpublished chapter (the caller queues its publish job). */
  publish_at?: number | null;
  cover_key?: string | null;
  total_likes?: number;
  created_at: number;
  translations: { language: string; title: string }[];
  pages: NewPageInput[];
  /** Novel chapters: sanitised HTML per language. */
  texts?: { language: string; html: string; word_count: number }[];
}

export interface NewPageInput {
  language: string;
  media_key: string;
  avif_key?: string | null;
  webp_key?: string | null;
  lite_key?: string | null;
  width: number;
  height: number;
}

export async function ensureTags(db: DbExecutor, names: readonly string[]): Promise<Map<string, number>> {
  const unique = [...new Set(names)];
  const ids = new Map<string, number>();
  if (unique.length === 0) return ids;
  await db
    .insertInto('tags')
    .values(unique.map((name) => ({ name })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const rows = await db.selectFrom('tags').select(['id', 'name']).where('name', 'in', unique).execute();
  for (const row of rows) ids.set(row.name, row.id);
  return ids;
}

export async function insertBook(db: DbExecutor, input: NewBookInput): Promise<{ id: number; uuid: string }> {
  const uuid = input.uuid ?? randomUUID();
  const { id } = await db
    .insertInto('books')
    .values({
      uuid,
      book_type: input.book_type,
      original_language: input.original_language,
      cover_key: input.cover_key ?? null,
      cover_variants: input.cover_variants ? JSON.stringify(input.cover_variants) : null,
      public_free_chapters: input.public_free_chapters ?? 3,
      recommendation_rank: input.recommendation_rank ?? null,
      is_published: input.is_published === false ? 0 : 1,
      import_pending: input.import_pending ? 1 : 0,
      total_likes: input.total_likes ?? 0,
      popularity: input.popularity ?? 0,
      created_at: input.created_at,
      updated_at: input.updated_at ?? input.created_at,
      author: input.author ?? null,
      status: input.status ?? 'ongoing',
      reading_direction: input.reading_direction ?? 'ltr',
      reading_mode: input.reading_mode ?? 'strip',
      content_rating: input.content_rating ?? DEFAULT_CONTENT_RATING,
      content_descriptors: storedDescriptors(input.content_descriptors ?? []),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('book_translations')
    .values(input.translations.map((t) => ({ book_id: id, language: t.language, title: t.title, introduction: t.introduction ?? '' })))
    .execute();
  const tags = input.tags ?? [];
  if (tags.length > 0) {
    const tagIds = await ensureTags(db, tags);
    await db
      .insertInto('book_tags')
      .values(tags.map((name, position) => ({ book_id: id, tag_id: tagIds.get(name)!, position })))
      .execute();
  }
  if (input.alternate_titles && input.alternate_titles.length > 0) await replaceAlternateTitles(db, id, input.alternate_titles);
  // Issue 46: the people of the credit lines, for author pages and the book page's links.
  await replaceBookCreators(db, id, 'author', input.author ?? null);
  if (input.artist) await replaceBookCreators(db, id, 'artist', input.artist);
  await markSearchChanged(db, [id]);
  return { id, uuid };
}

/**
 * Adds a chapter's pages, numbered from 0 per language in the given order (a translation added
 * later starts its own numbering). Chunked so a long chapter stays under SQLite's bound-parameter limit.
 */
export async function insertChapterPages(db: DbExecutor, chapterId: number, pages: readonly NewPageInput[]): Promise<void> {
  const positions = new Map<string, number>();
  const rows = pages.map((page) => {
    const position = positions.get(page.language) ?? 0;
    positions.set(page.language, position + 1);
    return {
      chapter_id: chapterId,
      language: page.language,
      position,
      media_key: page.media_key,
      avif_key: page.avif_key ?? null,
      webp_key: page.webp_key ?? null,
      lite_key: page.lite_key ?? null,
      width: page.width,
      height: page.height,
    };
  });
  for (let i = 0; i < rows.length; i += 100) {
    await db
      .insertInto('chapter_pages')
      .values(rows.slice(i, i + 100))
      .execute();
  }
}

/** Adds a chapter with its titles and pages, and keeps the book's counters and update time in step. */
export async function insertChapter(db: DbExecutor, input: NewChapterInput): Promise<{ id: number; uuid: string }> {
  const uuid = input.uuid ?? randomUUID();
  const isPublished = input.is_published !== false;
  const { id } = await db
    .insertInto('chapters')
    .values({
      uuid,
      book_id: input.book_id,
      number: input.number,
      is_published: isPublished ? 1 : 0,
      publish_at: isPublished ? null : (input.publish_at ?? null),
      cover_key: input.cover_key ?? null,
      total_likes: input.total_likes ?? 0,
      created_at: input.created_at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.translations.length > 0) {
    await db
      .insertInto('chapter_translations')
      .values(input.translations.map((t) => ({ chapter_id: id, language: t.language, title: t.title })))
      .execute();
  }
  await insertChapterPages(db, id, input.pages);
  if (input.texts && input.texts.length > 0) {
    await db
      .insertInto('chapter_texts')
      .values(input.texts.map((text) => ({ chapter_id: id, ...text })))
      .execute();
  }
  if (isPublished) {
    await db
      .updateTable('books')
      .set({
        chapter_count: sql`chapter_count + 1`,
        updated_at: sql`CASE WHEN updated_at < ${input.created_at} THEN ${input.created_at} ELSE updated_at END`,
      })
      .where('id', '=', input.book_id)
      .execute();
  }
  return { id, uuid };
}

const SEARCH_REVISION_KEY = 'search_revision';

/**
 * Marks books whose searchable text or visibility (titles, introductions, author, tags, published)
 * this write changed, so every node's search index re-reads them (search/search-delta.ts). Call it
 * in the same transaction as the write. The revision comes from one counter in app_state: on
 * PostgreSQL its row stays locked until the transaction ends (as a version's row does when it
 * moves, catalogue-version.repository.ts), so revisions become visible in the order they were given and an index that has
 * read up to revision n has missed none below it. Popularity is not marked: the ranking snapshot
 * sorts by it, and the index's ties use what it read last.
 */
export async function markSearchChanged(db: DbExecutor, bookIds: readonly number[]): Promise<void> {
  if (bookIds.length === 0) return;
  const { value } = await db
    .insertInto('app_state')
    .values({ state_key: SEARCH_REVISION_KEY, value: '1' })
    .onConflict((oc) => oc.column('state_key').doUpdateSet({ value: sql`CAST(CAST(app_state.value AS INTEGER) + 1 AS TEXT)` }))
    .returning('value')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('books')
    .set({ search_revision: Number(value) })
    .where('id', 'in', bookIds)
    .execute();
}

/** Book fields the console may change (catalogue-admin.service.ts); undefined fields stay as they are. */
export interface BookChanges {
  original_language?: string;
  book_type?: 'comic' | 'novel';
  author?: string | null;
  /** Issue 46: who drew the book; kept in book_creators (books has no column for it). */
  artist?: string | null;
  status?: 'ongoing' | 'completed';
  public_free_chapters?: number;
  cover_key?: string | null;
  cover_variants?: { width: number; key: string }[] | null;
  is_published?: boolean;
  /** Issue 45: the book's reading direction and default mode. */
  reading_direction?: 'ltr' | 'rtl';
  reading_mode?: 'strip' | 'single' | 'double';
  /** Issue 46: regular publishing days (bit mask, bit 0 Monday), time (minutes after midnight) and zone. */
  publishing_days?: number;
  publishing_time?: number | null;
  publishing_time_zone?: string;
  ranking_excluded?: number;
  /** Issue 61: the content rating and descriptors (stored as content-rating.ts storedDescriptors writes them). */
  content_rating?: ContentRatingValue;
  content_descriptors?: string;
}

export async function updateBook(db: DbExecutor, bookId: number, changes: BookChanges): Promise<void> {
  const { cover_variants, is_published, artist, ...plain } = changes;
  // book_creators follows the credit lines it is made from (issue 46).
  if (changes.author !== undefined) await replaceBookCreators(db, bookId, 'author', changes.author);
  if (artist !== undefined) await replaceBookCreators(db, bookId, 'artist', artist);
  const values = {
    ...plain,
    ...(cover_variants !== undefined ? { cover_variants: cover_variants ? JSON.stringify(cover_variants) : null } : {}),
    ...(is_published !== undefined ? { is_published: is_published ? 1 : 0, import_pending: 0 } : {}),
  };
  if (Object.keys(values).length === 0) return;
  await db.updateTable('books').set(values).where('id', '=', bookId).execute();
  if (changes.author !== undefined || is_published !== undefined) await markSearchChanged(db, [bookId]);
}

/** Sets the title and/or introduction of each given language, adding the languages the book lacks. */
export async function upsertBookTranslations(
  db: DbExecutor,
  bookId: number,
  rows: readonly { language: string; title?: string; introduction?: string }[],
): Promise<void> {
  for (const row of rows) {
    const set = {
      ...(row.title !== undefined ? { title: row.title } : {}),
      ...(row.introduction !== undefined ? { introduction: row.introduction } : {}),
    };
    const result = await db
      .updateTable('book_translations')
      .set(set)
      .where('book_id', '=', bookId)
      .where('language', '=', row.language)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0 && row.title !== undefined) {
      await db
        .insertInto('book_translations')
        .values({ book_id: bookId, language: row.language, title: row.title, introduction: row.introduction ?? '' })
        .execute();
    }
  }
  if (rows.length > 0) await markSearchChanged(db, [bookId]);
}

export async function replaceBookTags(db: DbExecutor, bookId: number, tags: readonly string[]): Promise<void> {
  await db.deleteFrom('book_tags').where('book_id', '=', bookId).execute();
  await markSearchChanged(db, [bookId]);
  if (tags.length === 0) return;
  const tagIds = await ensureTags(db, tags);
  await db
    .insertInto('book_tags')
    .values(tags.map((name, position) => ({ book_id: bookId, tag_id: tagIds.get(name)!, position })))
    .execute();
}

/** Sets the book's alternate titles to exactly this list, in this order (the caller raises `book-changed` in the same transaction). */
export async function replaceAlternateTitles(
  db: DbExecutor,
  bookId: number,
  titles: readonly { title: string; language: string | null }[],
): Promise<void> {
  await db.deleteFrom('book_alternate_titles').where('book_id', '=', bookId).execute();
  if (titles.length > 0) {
    await db
      .insertInto('book_alternate_titles')
      .values(titles.map((t, position) => ({ book_id: bookId, position, title: t.title, language: t.language })))
      .execute();
  }
  // Alternate titles are searched as titles: the search reads this book again (search-delta.ts).
  await markSearchChanged(db, [bookId]);
}

/** The recommendation carousel: ranks 1..n in the given order, every other book out of it. */
export async function setRecommendations(db: DbExecutor, bookIdsInOrder: readonly number[]): Promise<void> {
  await db.updateTable('books').set({ recommendation_rank: null }).where('recommendation_rank', 'is not', null).execute();
  for (const [index, id] of bookIdsInOrder.entries()) {
    await db
      .updateTable('books')
      .set({ recommendation_rank: index + 1 })
      .where('id', '=', id)
      .execute();
  }
}

/** Recounts a book's published chapters; `touchedAt` moves its update time forward (a new chapter came out). */
export async function refreshBookChapters(db: DbExecutor, bookId: number, touchedAt?: number): Promise<void> {
  await db
    .updateTable('books')
    .set({
      chapter_count: sql`(SELECT COUNT(*) FROM chapters WHERE chapters.book_id = ${bookId} AND chapters.is_published = 1)`,
      ...(touchedAt !== undefined ? { updated_at: sql`CASE WHEN updated_at < ${touchedAt} THEN ${touchedAt} ELSE updated_at END` } : {}),
    })
    .where('id', '=', bookId)
    .execute();
}
