import type { DbExecutor } from '../../db/database.js';

/**
 * Where the catalogue version is kept (`app_state`). Apart from catalogue-write.repository.ts,
 * which bumps it and then tells the in-memory watchers (catalogue-version.ts), so that the watchers
 * can read it without importing the write side back.
 */
export const CATALOGUE_VERSION_KEY = 'catalogue_version';

export async function readCatalogueVersion(db: DbExecutor): Promise<string> {
  const row = await db.selectFrom('app_state').select('value').where('state_key', '=', CATALOGUE_VERSION_KEY).executeTakeFirst();
  return row?.value ?? 'initial';
}
