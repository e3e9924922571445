import type { Kysely } from 'kysely';

// Frozen history: image variants, cover sizes, novel text and import bookkeeping.
export async function up(db: Kysely<unknown>): Promise<void> {
  // `media_key` stays the fallback every browser shows (the source's own format, cleaned);
  // the smaller modern variants are optional, since a variant bigger than the source is not kept.
  await db.schema.alterTable('chapter_pages').addColumn('avif_key', 'varchar(255)').execute();
  await db.schema.alterTable('chapter_pages').addColumn('webp_key', 'varchar(255)').execute();
  // Cover sizes for srcset, as JSON: [{"width":300,"key":"covers/…-300.webp"}, …].
  await db.schema.alterTable('books').addColumn('cover_variants', 'text').execute();

  // A novel chapter's text per language: sanitised HTML paragraphs (illustrations stay pages).
  await db.schema
    .createTable('chapter_texts')
    .addColumn('chapter_id', 'integer', (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('word_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('chapter_texts_pk', ['chapter_id', 'language'])
    .execute();

  // What was imported, by content hash: importing the same chapter again changes nothing.
  await db.schema
    .createTable('import_sources')
    .addColumn('content_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('chapter_id', 'integer', (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .addColumn('source_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('imported_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_sources_pk', ['content_hash', 'book_id', 'language'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_sources').execute();
  await db.schema.dropTable('chapter_texts').execute();
  await db.schema.alterTable('books').dropColumn('cover_variants').execute();
  await db.schema.alterTable('chapter_pages').dropColumn('webp_key').execute();
  await db.schema.alterTable('chapter_pages').dropColumn('avif_key').execute();
}
