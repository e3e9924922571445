import { randomUUID } from 'node:crypto';
import type { DbExecutor } from '../../db/database.js';
import type { CacheTopic } from '../../http/cache-rules.js';

/**
 * Where the versions caches are kept by live (`app_state`): one per thing the site shows to
 * everyone. Written only by catalogue-changes.ts, in the transaction of the change (lint,
 * scripts/check-imports-server.mjs); read by the in-memory watchers (catalogue-version.ts).
 */
export const VERSION_KEYS = {
  catalogue: 'catalogue_version',
  'site-settings': 'site_settings_version',
  'legal-texts': 'legal_texts_version',
} as const satisfies Record<CacheTopic, string>;
export const CATALOGUE_VERSION_KEY = VERSION_KEYS.catalogue;

/** The version of `topic`; 'initial' before anything moved it. */
export async function readVersion(db: DbExecutor, topic: CacheTopic): Promise<string> {
  const row = await db.selectFrom('app_state').select('value').where('state_key', '=', VERSION_KEYS[topic]).executeTakeFirst();
  return row?.value ?? 'initial';
}

/**
 * Gives `topic` a new version, inside the changing transaction, so the change and its version
 * commit together and every process that polls sees both or neither. On PostgreSQL the row stays
 * locked until the transaction ends. Versions are not ordered: a reader only compares them.
 */
export async function moveVersion(trx: DbExecutor, topic: CacheTopic): Promise<void> {
  const value = `${Date.now()}-${randomUUID()}`;
  await trx
    .insertInto('app_state')
    .values({ state_key: VERSION_KEYS[topic], value })
    .onConflict((oc) => oc.column('state_key').doUpdateSet({ value }))
    .execute();
}
