import type { DbExecutor } from '../../db/database.js';

export const follows = (db: DbExecutor, userId: number, bookId: number) =>
  db
    .selectFrom('book_follows')
    .select('book_id')
    .where('user_id', '=', userId)
    .where('book_id', '=', bookId)
    .executeTakeFirst()
    .then((row) => row !== undefined);

export const findBook = (db: DbExecutor, bookId: number) =>
  db
    .selectFrom('books')
    .select(['uuid', 'original_language', 'coin_price', 'wait_free_hours'])
    .where('id', '=', bookId)
    .where('is_published', '=', 1)
    .executeTakeFirst();

export const findBookTitles = (db: DbExecutor, bookId: number) =>
  db.selectFrom('book_translations').select(['language', 'title']).where('book_id', '=', bookId).execute();
