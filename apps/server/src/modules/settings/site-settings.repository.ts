import type { DbExecutor } from '../../db/database.js';

export const readSettings = (db: DbExecutor) => db.selectFrom('site_settings').select(['setting_key', 'value']).execute();

/** Writes one setting (a JSON value), replacing what was there. */
export async function upsertSetting(db: DbExecutor, key: string, value: string, now: number): Promise<void> {
  await db
    .insertInto('site_settings')
    .values({ setting_key: key, value, updated_at: now })
    .onConflict((oc) => oc.column('setting_key').doUpdateSet({ value, updated_at: now }))
    .execute();
}
