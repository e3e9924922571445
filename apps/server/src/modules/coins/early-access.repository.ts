import type { DbExecutor } from '../../db/database.js';
import { isInEarlyAccessSql } from '../access/chapter-access.sql.js';

export const findBookEarlyAccess = (db: DbExecutor, bookId: number) =>
  db
    .selectFrom('books')
    .select(['early_access_count', 'early_access_hours', 'public_free_chapters', 'coin_price'])
    .where('id', '=', bookId)
    .executeTakeFirst();

export const setEarlyAccessUntil = (db: DbExecutor, chapterId: number, until: number | null) =>
  db.updateTable('chapters').set({ early_access_until: until }).where('id', '=', chapterId).execute();

/** The book's chapters in early access at `at`, newest (highest number) first. */
export const chaptersInEarlyAccess = (db: DbExecutor, bookId: number, at: number) =>
  db
    .selectFrom('chapters')
    .select(['id', 'number', 'early_access_until'])
    .where('book_id', '=', bookId)
    .where('is_published', '=', 1)
    .where(isInEarlyAccessSql(at))
    .orderBy('number', 'desc')
    .execute();

/** Ends one chapter's early access if it still ends at exactly `until` (compare-and-swap): its book when it did, else null. */
export async function endEarlyAccessOnce(db: DbExecutor, chapterUuid: string, until: number): Promise<{ bookId: number } | null> {
  const row = await db
    .updateTable('chapters')
    .set({ early_access_until: null })
    .where('uuid', '=', chapterUuid)
    .where('early_access_until', '=', until)
    .returning('book_id')
    .executeTakeFirst();
  return row ? { bookId: Number(row.book_id) } : null;
}
