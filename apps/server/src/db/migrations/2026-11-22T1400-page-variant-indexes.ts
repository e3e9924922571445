import type { Kysely } from 'kysely';

// Frozen history: the media route asks, for an unsigned page request, whether the key belongs to a
// free chapter. It looks a key up by media_key (indexed since the first migration) and now also by
// the AVIF and WebP variant keys, which without these indexes would scan every page on each request.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('chapter_pages_avif_key_idx').on('chapter_pages').column('avif_key').execute();
  await db.schema.createIndex('chapter_pages_webp_key_idx').on('chapter_pages').column('webp_key').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('chapter_pages_webp_key_idx').execute();
  await db.schema.dropIndex('chapter_pages_avif_key_idx').execute();
}
