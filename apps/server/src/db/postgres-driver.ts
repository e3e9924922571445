import type * as PgModule from 'pg';
import { loadOnFirstUse } from '../lib/load-on-first-use.js';

const requirePg = loadOnFirstUse<typeof PgModule>('pg');
let configured = false;

/** node-postgres, loaded when the first PostgreSQL connection is made (SQLite installations never load it). */
export function postgresDriver(): typeof PgModule {
  const pg = requirePg();
  if (!configured) {
    // BIGINT (int8) columns hold epoch milliseconds, which fit a JS number exactly.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
    configured = true;
  }
  return pg;
}
