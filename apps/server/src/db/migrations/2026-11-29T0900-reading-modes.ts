import type { Kysely } from 'kysely';

// Frozen history: reading modes (issue 45, docs/READER-JOURNEY.md "Reading modes").
// - books.reading_direction / reading_mode: the operator's settings for the book (console, CLI,
//   set from the import when it creates the book). Existing books keep what they were read as:
//   left to right, one long strip.
// - reader_settings: a reader's own defaults (one row per account): the comic mode, direction, fit
//   and "cover alone" of double pages, and the novel reader's font, spacing, margins and theme.
//   Every column is nullable: null is "not set", the book's or the site's choice applies.
//   line_spacing_tenths holds the line spacing in tenths (1.5 is 15): integers on both databases.
// - book_reading_overrides: a reader's choice for one book (null fields follow the book), at most
//   500 per reader (the least recently updated go first, reading-preferences.service.ts). The
//   primary key (user_id, book_id) serves the user's foreign key and a reader's list (at most a few
//   hundred rows, sorted in memory); book_id has its own index for the book's foreign key.
// Both are personal data: exported (reading-preferences.json) and deleted at erasure.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('books')
    .addColumn('reading_direction', 'varchar(3)', (c) => c.notNull().defaultTo('ltr'))
    .execute();
  await db.schema
    .alterTable('books')
    .addColumn('reading_mode', 'varchar(6)', (c) => c.notNull().defaultTo('strip'))
    .execute();

  await db.schema
    .createTable('reader_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('mode', 'varchar(6)')
    .addColumn('direction', 'varchar(3)')
    .addColumn('fit', 'varchar(8)')
    .addColumn('cover_alone', 'integer')
    .addColumn('font_size', 'integer')
    .addColumn('font_family', 'varchar(5)')
    .addColumn('line_spacing_tenths', 'integer')
    .addColumn('margins', 'integer')
    .addColumn('theme', 'varchar(6)')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('book_reading_overrides')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('mode', 'varchar(6)')
    .addColumn('direction', 'varchar(3)')
    .addColumn('fit', 'varchar(8)')
    .addColumn('cover_alone', 'integer')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('book_reading_overrides_pk', ['user_id', 'book_id'])
    .execute();
  await db.schema.createIndex('book_reading_overrides_book_idx').on('book_reading_overrides').column('book_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('book_reading_overrides').execute();
  await db.schema.dropTable('reader_settings').execute();
  await db.schema.alterTable('books').dropColumn('reading_mode').execute();
  await db.schema.alterTable('books').dropColumn('reading_direction').execute();
}
