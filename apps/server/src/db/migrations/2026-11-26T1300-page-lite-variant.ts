import type { Kysely } from 'kysely';

// Frozen history: the data saver's lighter variant of each page (narrower, more compressed WebP).
// Null until the page has one: pages imported before it get theirs from a background job, and are
// served in full meanwhile. Indexed like the other variant keys: the media route looks a key up by it
// to decide whether an unsigned request is for a free page.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chapter_pages').addColumn('lite_key', 'varchar(255)').execute();
  await db.schema.createIndex('chapter_pages_lite_key_idx').on('chapter_pages').column('lite_key').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('chapter_pages_lite_key_idx').execute();
  await db.schema.alterTable('chapter_pages').dropColumn('lite_key').execute();
}
