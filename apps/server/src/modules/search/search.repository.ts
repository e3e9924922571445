import type { DbExecutor } from '../../db/database.js';

/** Reads of what the book search indexes, by ranges of book ids (the index is built a range at a time). */

export const findPublishedBooksInRange = (db: DbExecutor, fromId: number, toId: number) =>
  db
    .selectFrom('books')
    .select(['id', 'author', 'popularity'])
    .where('id', '>', fromId)
    .where('id', '<=', toId)
    .where('is_published', '=', 1)
    .orderBy('id')
    .execute();

export const findTextsInRange = (db: DbExecutor, fromId: number, toId: number) =>
  db
    .selectFrom('book_translations')
    .select(['book_id', 'title', 'introduction'])
    .where('book_id', '>', fromId)
    .where('book_id', '<=', toId)
    .execute();

export const findTagNamesInRange = (db: DbExecutor, fromId: number, toId: number) =>
  db
    .selectFrom('book_tags')
    .innerJoin('tags', 'tags.id', 'book_tags.tag_id')
    .select(['book_tags.book_id', 'tags.name'])
    .where('book_tags.book_id', '>', fromId)
    .where('book_tags.book_id', '<=', toId)
    .execute();

/** Other names of the books (the console's and the importer's alternate titles): searched as titles. */
export const findAlternateTitlesInRange = (db: DbExecutor, fromId: number, toId: number) =>
  db.selectFrom('book_alternate_titles').select(['book_id', 'title']).where('book_id', '>', fromId).where('book_id', '<=', toId).execute();
