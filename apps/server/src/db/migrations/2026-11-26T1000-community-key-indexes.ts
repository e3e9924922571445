import type { Kysely } from 'kysely';

// Frozen history: an index for each foreign key of the community tables that had none, so that
// deleting a book, a chapter or an account never scans the comments, reports or bans
// (foreign-key-indexes.test.ts holds every table to this). The thread pages' own indexes
// (2026-11-26T0900) are partial, which serve no key; these are plain and narrow.
const INDEXES: [name: string, table: string, column: string][] = [
  ['comments_book_idx', 'comments', 'book_id'],
  ['comments_chapter_idx', 'comments', 'chapter_id'],
  ['comments_moderated_by_idx', 'comments', 'moderated_by'],
  ['comment_reports_reporter_idx', 'comment_reports', 'reporter_id'],
  ['comment_reports_resolved_by_idx', 'comment_reports', 'resolved_by'],
  ['comment_bans_created_by_idx', 'comment_bans', 'created_by'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, column] of INDEXES) await db.schema.createIndex(name).on(table).column(column).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
