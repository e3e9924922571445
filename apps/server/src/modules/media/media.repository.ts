import type { DbExecutor } from '../../db/database.js';

/** Every page's stored file keys: the fallback and its AVIF and WebP variants. */
export const findPageMediaKeys = (db: DbExecutor) =>
  db.selectFrom('chapter_pages').select(['media_key', 'avif_key', 'webp_key', 'lite_key']).execute();

/** Every book cover's key and its variants (a JSON list of { key }). */
export const findCoverMediaKeys = (db: DbExecutor) =>
  db.selectFrom('books').select(['cover_key', 'cover_variants']).where('cover_key', 'is not', null).execute();
