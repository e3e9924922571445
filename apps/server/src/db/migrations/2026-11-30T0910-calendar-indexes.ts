import type { Kysely } from 'kysely';

// Frozen history: the release calendar's reads (issue 46, docs/DISCOVERY.md "Calendar").
// - chapters_published_created_idx: the chapters that came out in a week (a chapter's created_at is
//   the moment it was published), a range of this index instead of a scan of every chapter.
// - books_publishing_days_idx: the books with regular publishing days (publishing_days > 0), read
//   when the calendar's index is rebuilt after a catalogue change, without reading every book.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('chapters_published_created_idx').on('chapters').columns(['is_published', 'created_at']).execute();
  await db.schema.createIndex('books_publishing_days_idx').on('books').column('publishing_days').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('books_publishing_days_idx').execute();
  await db.schema.dropIndex('chapters_published_created_idx').execute();
}
