import type { Insertable } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import type { AuditLogTable } from '../../db/schema.js';

export const insertAuditEntry = (db: DbExecutor, entry: Insertable<AuditLogTable>) => db.insertInto('audit_log').values(entry).execute();

export interface AuditFilter {
  actor?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

function filtered(db: DbExecutor, filter: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.actor) query = query.where('actor_name', '=', filter.actor);
  // `book` matches book.create, book.update…; `book.update` matches itself only.
  if (filter.action) query = query.where((eb) => eb.or([eb('action', '=', filter.action!), eb('action', 'like', `${filter.action}.%`)]));
  if (filter.targetType) query = query.where('target_type', '=', filter.targetType);
  if (filter.targetId) query = query.where('target_id', '=', filter.targetId);
  if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('created_at', '<', filter.to);
  return query;
}

export async function listAuditEntries(db: DbExecutor, filter: AuditFilter, page: number, pageSize: number) {
  const [rows, total] = await Promise.all([
    filtered(db, filter)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset(page * pageSize)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The books, chapters (with their book) and users these uuids name, for the log's readable names. */
export async function findNamedByUuids(db: DbExecutor, uuids: readonly string[]) {
  if (uuids.length === 0) return { books: [], chapters: [], users: [] };
  const [books, chapters, users] = await Promise.all([
    db.selectFrom('books').select(['id', 'uuid', 'original_language']).where('uuid', 'in', uuids).execute(),
    db
      .selectFrom('chapters')
      .innerJoin('books', 'books.id', 'chapters.book_id')
      .select(['chapters.uuid', 'chapters.number', 'books.id as book_id', 'books.original_language'])
      .where('chapters.uuid', 'in', uuids)
      .execute(),
    db.selectFrom('users').select(['uuid', 'username']).where('uuid', 'in', uuids).execute(),
  ]);
  return { books, chapters, users };
}
