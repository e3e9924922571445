import type { DbExecutor } from '../../db/database.js';

/**
 * Reads of what the book search indexes: by ranges of book ids (the base index is built a range
 * at a time) or by a list of ids (the books changed since, search-delta.ts).
 */

/** Books with ids in (from, to], or the books of a list of ids (at most SEARCH_IDS_PER_READ). */
export type BookSelection = { from: number; to: number } | { ids: readonly number[] };

/** Ids per read by list: well under SQLite's and PostgreSQL's limits on bound parameters. */
export const SEARCH_IDS_PER_READ = 500;

/** Every book, published or not (the console searches drafts; the public search leaves them out). */
export const findSearchableBooks = (db: DbExecutor, selection: BookSelection) => {
  const query = db.selectFrom('books').select(['id', 'author', 'popularity', 'is_published', 'search_revision']);
  return (
    'ids' in selection ? query.where('id', 'in', selection.ids) : query.where('id', '>', selection.from).where('id', '<=', selection.to)
  )
    .orderBy('id')
    .execute();
};

export const findTexts = (db: DbExecutor, selection: BookSelection) => {
  const query = db.selectFrom('book_translations').select(['book_id', 'title', 'introduction']);
  return (
    'ids' in selection
      ? query.where('book_id', 'in', selection.ids)
      : query.where('book_id', '>', selection.from).where('book_id', '<=', selection.to)
  ).execute();
};

export const findTagNames = (db: DbExecutor, selection: BookSelection) => {
  const query = db.selectFrom('book_tags').innerJoin('tags', 'tags.id', 'book_tags.tag_id').select(['book_tags.book_id', 'tags.name']);
  return (
    'ids' in selection
      ? query.where('book_tags.book_id', 'in', selection.ids)
      : query.where('book_tags.book_id', '>', selection.from).where('book_tags.book_id', '<=', selection.to)
  ).execute();
};

/** The highest book id (0 for no book): the base index is read in ranges of ids up to it. */
export async function findLastBookId(db: DbExecutor): Promise<number> {
  const row = await db
    .selectFrom('books')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The highest search revision given so far (0 when no book was ever marked). */
export async function findLastSearchRevision(db: DbExecutor): Promise<number> {
  const row = await db
    .selectFrom('books')
    .select((eb) => eb.fn.max('search_revision').as('revision'))
    .executeTakeFirst();
  return Number(row?.revision ?? 0);
}

/** Ids and revisions of the books changed after `revision` (an index range read), oldest change first. */
export const findBooksChangedSince = (db: DbExecutor, revision: number) =>
  db.selectFrom('books').select(['id', 'search_revision']).where('search_revision', '>', revision).orderBy('search_revision').execute();

/** Other names of the books (the console's and the importer's alternate titles): searched as titles. */
export const findAlternateTitles = (db: DbExecutor, selection: BookSelection) => {
  const query = db.selectFrom('book_alternate_titles').select(['book_id', 'title']);
  return (
    'ids' in selection
      ? query.where('book_id', 'in', selection.ids)
      : query.where('book_id', '>', selection.from).where('book_id', '<=', selection.to)
  ).execute();
};
