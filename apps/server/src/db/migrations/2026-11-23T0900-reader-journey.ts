import { sql, type Kysely } from 'kysely';

// Frozen history: what the site remembers of each reader (docs/READER-JOURNEY.md).
// A reader is `u:<user id>` when logged in, `v:<visitor id>` before; a visitor's rows move to the
// account when they log in. Positions: page index and how far down that page (0–1) for comics (a webtoon page
// can be many screens tall), text fraction (0–1) for novels.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per reader and book: where they are in it (the "Continue" target).
  await db.schema
    .createTable('reading_progress')
    .addColumn('reader_key', 'varchar(24)', (c) => c.notNull())
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('chapter_id', 'integer', (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('page_index', 'integer')
    .addColumn('page_offset', 'double precision')
    .addColumn('text_fraction', 'double precision')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_progress_pk', ['reader_key', 'book_id'])
    .execute();
  await db.schema.createIndex('reading_progress_recent_idx').on('reading_progress').columns(['reader_key', 'updated_at']).execute();

  // One row per reader and chapter opened: the history, and the read markers (finished_at).
  await db.schema
    .createTable('chapter_reads')
    .addColumn('reader_key', 'varchar(24)', (c) => c.notNull())
    .addColumn('chapter_id', 'integer', (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addPrimaryKeyConstraint('chapter_reads_pk', ['reader_key', 'chapter_id'])
    .execute();
  await db.schema.createIndex('chapter_reads_recent_idx').on('chapter_reads').columns(['reader_key', 'read_at']).execute();
  await db.schema.createIndex('chapter_reads_book_idx').on('chapter_reads').columns(['reader_key', 'book_id']).execute();

  // Followed books (accounts only).
  await db.schema
    .createTable('book_follows')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('book_follows_pk', ['user_id', 'book_id'])
    .execute();
  await db.schema.createIndex('book_follows_book_idx').on('book_follows').column('book_id').execute();
  // Unread counts look up a book's chapters published after a moment.
  await db.schema.createIndex('chapters_book_created_idx').on('chapters').columns(['book_id', 'created_at']).execute();

  // Book details shown on the book page.
  await db.schema.alterTable('books').addColumn('author', 'varchar(200)').execute();
  await db.schema
    .alterTable('books')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo(sql`'ongoing'`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('books').dropColumn('status').execute();
  await db.schema.alterTable('books').dropColumn('author').execute();
  await db.schema.dropIndex('chapters_book_created_idx').execute();
  await db.schema.dropTable('book_follows').execute();
  await db.schema.dropTable('chapter_reads').execute();
  await db.schema.dropTable('reading_progress').execute();
}
