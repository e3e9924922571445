import type { DbExecutor } from '../../db/database.js';
import type { BookReadingOverridesTable, ReaderSettingsTable } from '../../db/schema.js';

/** A reader's reading defaults and per-book overrides (issue 45; reading-preferences.service.ts). */

export type SettingsValues = Partial<Omit<ReaderSettingsTable, 'user_id' | 'updated_at'>>;
export type OverrideValues = Partial<Pick<BookReadingOverridesTable, 'mode' | 'direction' | 'fit' | 'cover_alone'>>;

export const findSettings = (db: DbExecutor, userId: number) =>
  db.selectFrom('reader_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();

/** The reader's overrides of published books, most recently changed first. */
export const findOverrides = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('book_reading_overrides')
    .innerJoin('books', 'books.id', 'book_reading_overrides.book_id')
    .select([
      'books.uuid as book_uuid',
      'book_reading_overrides.mode',
      'book_reading_overrides.direction',
      'book_reading_overrides.fit',
      'book_reading_overrides.cover_alone',
      'book_reading_overrides.updated_at',
    ])
    .where('book_reading_overrides.user_id', '=', userId)
    .where('books.is_published', '=', 1)
    .orderBy('book_reading_overrides.updated_at', 'desc')
    .orderBy('book_reading_overrides.book_id', 'desc')
    .execute();

export const findPublishedBooks = (db: DbExecutor, uuids: readonly string[]) =>
  uuids.length === 0
    ? Promise.resolve([])
    : db.selectFrom('books').select(['id', 'uuid']).where('uuid', 'in', uuids).where('is_published', '=', 1).execute();

/**
 * Makes sure the reader's settings row exists and marks it changed. On PostgreSQL the upsert locks
 * that row until the transaction ends, so two writes of one reader's preferences run one after the
 * other (the override count and its trimming stay exact), without locking the users row.
 */
export async function touchSettings(db: DbExecutor, userId: number, at: number): Promise<void> {
  await db
    .insertInto('reader_settings')
    .values({ user_id: userId, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ updated_at: at }))
    .execute();
}

export async function updateSettings(db: DbExecutor, userId: number, values: SettingsValues): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.updateTable('reader_settings').set(values).where('user_id', '=', userId).execute();
}

/** Sets the given fields of one book's override (a new override has the others unset). */
export async function upsertOverride(db: DbExecutor, userId: number, bookId: number, values: OverrideValues, at: number): Promise<void> {
  await db
    .insertInto('book_reading_overrides')
    .values({ mode: null, direction: null, fit: null, cover_alone: null, ...values, user_id: userId, book_id: bookId, updated_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'book_id']).doUpdateSet({ ...values, updated_at: at }))
    .execute();
}

/** Removes one override; with `onlyEmpty`, only when it no longer sets anything (it would change nothing). */
export async function deleteOverride(db: DbExecutor, userId: number, bookId: number, onlyEmpty = false): Promise<void> {
  let query = db.deleteFrom('book_reading_overrides').where('user_id', '=', userId).where('book_id', '=', bookId);
  if (onlyEmpty) {
    query = query.where('mode', 'is', null).where('direction', 'is', null).where('fit', 'is', null).where('cover_alone', 'is', null);
  }
  await query.execute();
}

/** Keeps the reader's `keep` most recently changed overrides and deletes the rest. */
export async function trimOverrides(db: DbExecutor, userId: number, keep: number): Promise<void> {
  await db
    .deleteFrom('book_reading_overrides')
    .where('user_id', '=', userId)
    .where('book_id', 'not in', (eb) =>
      eb
        .selectFrom('book_reading_overrides as kept')
        .select('kept.book_id')
        .where('kept.user_id', '=', userId)
        .orderBy('kept.updated_at', 'desc')
        .orderBy('kept.book_id', 'desc')
        .limit(keep),
    )
    .execute();
}
