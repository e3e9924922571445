import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** One round trip that needs nothing but a working connection (readiness). */
export const pingDatabase = (db: Db) => sql`SELECT 1`.execute(db);

/**
 * A write that needs new room on the disk (readiness while the storage was full): a 16 KiB row
 * committed, which takes pages a small update could find free inside existing ones, then deleted.
 */
export async function probeWrite(db: Db): Promise<void> {
  await db
    .insertInto('app_state')
    .values({ state_key: WRITE_PROBE_KEY, value: WRITE_PROBE_VALUE })
    .onConflict((oc) => oc.column('state_key').doUpdateSet({ value: WRITE_PROBE_VALUE }))
    .execute();
  await db.deleteFrom('app_state').where('state_key', '=', WRITE_PROBE_KEY).execute();
}

const WRITE_PROBE_KEY = 'readyz:write-probe';
const WRITE_PROBE_VALUE = '0'.repeat(16 * 1024);
