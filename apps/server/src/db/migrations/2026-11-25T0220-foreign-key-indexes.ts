import type { Kysely } from 'kysely';

// Frozen history: every foreign key gets an index whose leading columns are its own, so deleting
// the parent row (a user, a book, a chapter) finds the children through the index instead of
// scanning the child table: `reading_events.user_id` is ON DELETE SET NULL, and deleting one account
// used to read every event. test/foreign-key-indexes.test.ts keeps the rule for keys added later.
const INDEXES: ReadonlyArray<{ name: string; table: string; columns: string[] }> = [
  { name: 'reading_events_user_idx', table: 'reading_events', columns: ['user_id'] },
  { name: 'reading_events_chapter_idx', table: 'reading_events', columns: ['chapter_id'] },
  { name: 'reading_progress_book_idx', table: 'reading_progress', columns: ['book_id'] },
  { name: 'reading_progress_chapter_idx', table: 'reading_progress', columns: ['chapter_id'] },
  { name: 'chapter_reads_book_id_idx', table: 'chapter_reads', columns: ['book_id'] },
  { name: 'chapter_reads_chapter_idx', table: 'chapter_reads', columns: ['chapter_id'] },
  { name: 'coupon_redemptions_user_idx', table: 'coupon_redemptions', columns: ['user_id'] },
  { name: 'import_sources_book_idx', table: 'import_sources', columns: ['book_id'] },
  { name: 'import_sources_chapter_idx', table: 'import_sources', columns: ['chapter_id'] },
  { name: 'jobs_created_by_idx', table: 'jobs', columns: ['created_by'] },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) await db.schema.createIndex(index.name).on(index.table).columns(index.columns).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) await db.schema.dropIndex(index.name).execute();
}
