import type { ReadingStatus } from '@inkstream/contracts';
import type { DbExecutor } from '../../../db/database.js';

/** Issue 61: the statements of the statuses import (import.service.ts, match.ts). */

/**
 * Every title of every published book of `ratings` (issue 61: those the reader may open):
 * each language's title and the alternate titles.
 */
export async function findPublishedTitles(db: DbExecutor, ratings: readonly string[]) {
  const [translations, alternates] = await Promise.all([
    db
      .selectFrom('book_translations as t')
      .innerJoin('books as b', 'b.id', 't.book_id')
      .select(['b.id', 'b.uuid', 'b.original_language', 't.language', 't.title'])
      .where('b.is_published', '=', 1)
      .where('b.content_rating', 'in', ratings)
      .execute(),
    db
      .selectFrom('book_alternate_titles as a')
      .innerJoin('books as b', 'b.id', 'a.book_id')
      .select(['a.book_id', 'a.title'])
      .where('b.is_published', '=', 1)
      .where('b.content_rating', 'in', ratings)
      .execute(),
  ]);
  return { translations, alternates };
}

// Bound parameters per statement kept well under SQLite's and PostgreSQL's limits.
const CHUNK = 500;

/** The reader's statuses of these books: whether each was chosen by the reader. */
export async function findChosenFlags(db: DbExecutor, userId: number, bookIds: readonly number[]) {
  const found = new Map<number, { chosen: boolean }>();
  for (let i = 0; i < bookIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('reading_statuses')
      .select(['book_id', 'chosen'])
      .where('user_id', '=', userId)
      .where('book_id', 'in', bookIds.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) found.set(row.book_id, { chosen: row.chosen === 1 });
  }
  return found;
}

/** Files the books under their imported statuses, as the reader's own choices. */
export async function upsertChosenStatuses(db: DbExecutor, userId: number, statuses: ReadonlyMap<number, ReadingStatus>, at: number) {
  const rows = [...statuses].map(([bookId, status]) => ({
    user_id: userId,
    book_id: bookId,
    status,
    chosen: 1,
    created_at: at,
    updated_at: at,
  }));
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto('reading_statuses')
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc.columns(['user_id', 'book_id']).doUpdateSet((eb) => ({ status: eb.ref('excluded.status'), chosen: 1, updated_at: at })),
      )
      .execute();
  }
}
