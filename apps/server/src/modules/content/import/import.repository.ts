import type { DbExecutor } from '../../../db/database.js';
import { insertChapterPages, markSearchChanged, type NewPageInput } from '../../catalogue/catalogue-write.repository.js';

/** The importer's reads and the writes catalogue-write.repository does not cover (translations of a chapter, bookkeeping). */

export const findBookByUuid = (db: DbExecutor, uuid: string) =>
  db.selectFrom('books').select(['id', 'uuid', 'book_type', 'original_language']).where('uuid', '=', uuid).executeTakeFirst();

/**
 * Publishes a book whose creating import has now finished (a no-op for any other book), in the
 * caller's transaction: the search revision moves with the publication it reports.
 */
export async function publishImportedBook(trx: DbExecutor, bookId: number): Promise<boolean> {
  const result = await trx
    .updateTable('books')
    .set({ is_published: 1, import_pending: 0 })
    .where('id', '=', bookId)
    .where('import_pending', '=', 1)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await markSearchChanged(trx, [bookId]);
  return true;
}

export const findBookById = (db: DbExecutor, id: number) =>
  db.selectFrom('books').select(['id', 'uuid', 'book_type', 'original_language']).where('id', '=', id).executeTakeFirstOrThrow();

export const findChapterByUuid = (db: DbExecutor, uuid: string) =>
  db
    .selectFrom('chapters')
    .innerJoin('books', 'books.id', 'chapters.book_id')
    .select(['chapters.id', 'chapters.uuid', 'chapters.number', 'books.id as book_id', 'books.uuid as book_uuid', 'books.book_type'])
    .where('chapters.uuid', '=', uuid)
    .executeTakeFirst();

/** Chapters already imported from content with these hashes in this language (in one book, or any). */
export async function findImportedChapters(db: DbExecutor, hashes: readonly string[], language: string, bookId: number | null) {
  if (hashes.length === 0) return [];
  let query = db
    .selectFrom('import_sources')
    .innerJoin('chapters', 'chapters.id', 'import_sources.chapter_id')
    .select(['import_sources.content_hash', 'import_sources.book_id', 'chapters.uuid as chapter_uuid', 'chapters.number'])
    .where('import_sources.content_hash', 'in', [...new Set(hashes)])
    .where('import_sources.language', '=', language);
  if (bookId !== null) query = query.where('import_sources.book_id', '=', bookId);
  return query.execute();
}

export async function findMaxChapterNumber(db: DbExecutor, bookId: number): Promise<number> {
  const row = await db
    .selectFrom('chapters')
    .select((eb) => eb.fn.max('number').as('top'))
    .where('book_id', '=', bookId)
    .executeTakeFirst();
  return Number(row?.top ?? 0);
}

export const isChapterNumberTaken = async (db: DbExecutor, bookId: number, number: number) =>
  (await db.selectFrom('chapters').select('id').where('book_id', '=', bookId).where('number', '=', number).executeTakeFirst()) !==
  undefined;

/** Does the chapter already have pages or text in this language? */
export async function hasChapterLanguage(db: DbExecutor, chapterId: number, language: string): Promise<boolean> {
  const [page, text] = await Promise.all([
    db
      .selectFrom('chapter_pages')
      .select('id')
      .where('chapter_id', '=', chapterId)
      .where('language', '=', language)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('chapter_texts')
      .select('chapter_id')
      .where('chapter_id', '=', chapterId)
      .where('language', '=', language)
      .executeTakeFirst(),
  ]);
  return page !== undefined || text !== undefined;
}

/** Adds another language to an existing chapter: its title (unless it has one), pages and text. */
export async function insertChapterLanguage(
  db: DbExecutor,
  input: {
    chapterId: number;
    language: string;
    title: string | null;
    pages: NewPageInput[];
    text: { html: string; word_count: number } | null;
  },
): Promise<void> {
  if (input.title) {
    await db
      .insertInto('chapter_translations')
      .values({ chapter_id: input.chapterId, language: input.language, title: input.title })
      .onConflict((oc) => oc.columns(['chapter_id', 'language']).doNothing())
      .execute();
  }
  await insertChapterPages(
    db,
    input.chapterId,
    input.pages.map((page) => ({ ...page, language: input.language })),
  );
  if (input.text)
    await db
      .insertInto('chapter_texts')
      .values({ chapter_id: input.chapterId, language: input.language, ...input.text })
      .execute();
}

export async function insertImportSource(
  db: DbExecutor,
  row: { content_hash: string; book_id: number; chapter_id: number; language: string; source_name: string; imported_at: number },
): Promise<void> {
  await db
    .insertInto('import_sources')
    .values({ ...row, source_name: row.source_name.slice(0, 255) })
    .execute();
}

/** The book's title in a language, else in its original language. */
export async function findBookTitle(db: DbExecutor, bookId: number, language: string): Promise<string> {
  const rows = await db
    .selectFrom('book_translations')
    .innerJoin('books', 'books.id', 'book_translations.book_id')
    .select(['book_translations.language', 'book_translations.title', 'books.original_language'])
    .where('book_translations.book_id', '=', bookId)
    .execute();
  return (rows.find((r) => r.language === language) ?? rows.find((r) => r.language === r.original_language) ?? rows[0])?.title ?? '';
}
