import type { DbExecutor } from '../../db/database.js';

// reader_changes: rows the database triggers on users, membership_grants and chapter_likes write
// (migrations), read by the change feed (reader-change-feed.ts) and pruned by it.

/** The highest change id written before `before` (0 when none). */
export async function latestChangeIdBefore(db: DbExecutor, before: number): Promise<number> {
  const row = await db
    .selectFrom('reader_changes')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('changed_at', '<', before)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The highest change id there is (0 when none). */
export async function latestChangeId(db: DbExecutor): Promise<number> {
  const row = await db
    .selectFrom('reader_changes')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Up to `limit` changes after id `afterId`, in id order. */
export const changesAfter = (db: DbExecutor, afterId: number, limit: number) =>
  db.selectFrom('reader_changes').select(['id', 'user_id', 'chapter_id']).where('id', '>', afterId).orderBy('id').limit(limit).execute();

/** Deletes the changes written before `before` (the feed has read them long since). */
export const deleteChangesBefore = (db: DbExecutor, before: number) =>
  db.deleteFrom('reader_changes').where('changed_at', '<', before).execute();

/** Deletes the changes after id `afterId` (a bulk load's own changes, which nobody waits for). */
export const deleteChangesAfter = (db: DbExecutor, afterId: number) => db.deleteFrom('reader_changes').where('id', '>', afterId).execute();
