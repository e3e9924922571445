import { sql, type Insertable } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import type { AuditLogTable } from '../../db/schema.js';
import { COUNT_LIMIT } from '../../lib/list-cursor.js';

export const insertAuditEntry = (db: DbExecutor, entry: Insertable<AuditLogTable>) => db.insertInto('audit_log').values(entry).execute();

export interface AuditFilter {
  actor?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

/** The sort key of the log (newest first); `id` breaks ties between entries of one millisecond. */
export interface AuditKey {
  createdAt: number;
  id: number;
}

function filtered(db: DbExecutor, filter: AuditFilter, after: AuditKey | null) {
  let query = db.selectFrom('audit_log');
  if (filter.actor) query = query.where('actor_name', '=', filter.actor);
  // `book` matches book.create, book.update…; `book.update` matches itself only.
  if (filter.action) query = query.where((eb) => eb.or([eb('action', '=', filter.action!), eb('action', 'like', `${filter.action}.%`)]));
  if (filter.targetType) query = query.where('target_type', '=', filter.targetType);
  if (filter.targetId) query = query.where('target_id', '=', filter.targetId);
  if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('created_at', '<', filter.to);
  // One range on audit_log_created_id_idx (created_at, id) on both databases.
  if (after) query = query.where(sql<boolean>`(created_at, id) < (${after.createdAt}, ${after.id})`);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc');
}

/**
 * One page of the log after `start.after` (keyset) or at `start.offset` (bounded by the caller),
 * and how many entries there are from the page's start, counted up to COUNT_LIMIT only. The log
 * grows with the operators' work, not with the readers, but years of it should not make each page
 * count all of it.
 */
export async function listAuditEntries(
  db: DbExecutor,
  filter: AuditFilter,
  start: { after: AuditKey } | { offset: number },
  pageSize: number,
) {
  const after = 'after' in start ? start.after : null;
  const offset = 'offset' in start ? start.offset : 0;
  const [rows, counted] = await Promise.all([
    filtered(db, filter, after).selectAll().limit(pageSize).offset(offset).execute(),
    db
      .selectFrom(filtered(db, filter, after).select('id').limit(COUNT_LIMIT).offset(offset).as('counted'))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, countedFromStart: Number(counted.n) };
}

/**
 * The books, chapters (with their book), users and comments (with their chapter) these uuids name,
 * for the log's readable names.
 */
export async function findNamedByUuids(db: DbExecutor, uuids: readonly string[]) {
  if (uuids.length === 0) return { books: [], chapters: [], users: [], comments: [] };
  const [books, chapters, users, comments] = await Promise.all([
    db.selectFrom('books').select(['id', 'uuid', 'original_language']).where('uuid', 'in', uuids).execute(),
    db
      .selectFrom('chapters')
      .innerJoin('books', 'books.id', 'chapters.book_id')
      .select(['chapters.uuid', 'chapters.number', 'books.id as book_id', 'books.original_language'])
      .where('chapters.uuid', 'in', uuids)
      .execute(),
    db.selectFrom('users').select(['uuid', 'username']).where('uuid', 'in', uuids).execute(),
    db
      .selectFrom('comments')
      .innerJoin('chapters', 'chapters.id', 'comments.chapter_id')
      .innerJoin('books', 'books.id', 'chapters.book_id')
      .select(['comments.uuid', 'chapters.number', 'books.id as book_id', 'books.original_language'])
      .where('comments.uuid', 'in', uuids)
      .execute(),
  ]);
  return { books, chapters, users, comments };
}

/**
 * Retention (issue 43): deletes entries made before `before`, oldest first, a batch of `limit` at
 * a time (a range of audit_log_created_id_idx). Returns how many went.
 */
export async function deleteAuditEntriesBefore(db: DbExecutor, before: number, limit: number): Promise<number> {
  const batch = db.selectFrom('audit_log').select('id').where('created_at', '<', before).orderBy('created_at').orderBy('id').limit(limit);
  const result = await db.deleteFrom('audit_log').where('id', 'in', batch).executeTakeFirst();
  return Number(result.numDeletedRows);
}
