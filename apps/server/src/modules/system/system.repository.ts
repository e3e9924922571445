import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** One round trip that needs nothing but a working connection (readiness). */
export const pingDatabase = (db: Db) => sql`SELECT 1`.execute(db);
