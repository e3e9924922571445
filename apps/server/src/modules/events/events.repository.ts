import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import type { ReadingEventsTable } from '../../db/schema.js';

export const findPublishedBookIds = (db: DbExecutor, uuids: readonly string[]) =>
  db.selectFrom('books').select(['id', 'uuid']).where('uuid', 'in', uuids).where('is_published', '=', 1).execute();

export const findChapterIds = (db: DbExecutor, uuids: readonly string[]) =>
  db.selectFrom('chapters').select(['id', 'uuid', 'book_id']).where('uuid', 'in', uuids).execute();

export async function insertEvents(db: DbExecutor, rows: Omit<ReadingEventsTable, 'id'>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('reading_events').values(rows).execute();
}

export async function addPopularity(db: DbExecutor, bookId: number, points: number): Promise<void> {
  await db
    .updateTable('books')
    .set({ popularity: sql`popularity + ${points}` })
    .where('id', '=', bookId)
    .execute();
}
