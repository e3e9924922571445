import { sql, type Kysely } from 'kysely';

// Frozen history: the release calendar's reads (issue 46, docs/DISCOVERY.md "Calendar").
// - chapters_release_moment_idx: the chapters that came out in a week, a range of this index instead
//   of a scan of every chapter. Its key is the release moment, is_published * created_at (a
//   chapter's created_at is the moment it was published; 0 while it is not): an expression, so only
//   statements that ask for it use it. A plain (is_published, created_at) index was tempting to the
//   planner for the followers' digest (every chapter out since, then their follows) where each
//   followed book's own chapters are the right read.
// - books_publishing_days_idx: the books with regular publishing days (publishing_days > 0), read
//   when the calendar's index is rebuilt after a catalogue change, without reading every book.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('chapters_release_moment_idx')
    .on('chapters')
    .expression(sql`(is_published * created_at)`)
    .execute();
  await db.schema.createIndex('books_publishing_days_idx').on('books').column('publishing_days').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('books_publishing_days_idx').execute();
  await db.schema.dropIndex('chapters_release_moment_idx').execute();
}
