import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/**
 * The handle types, apart from database.ts (which opens the handles) so that the helpers it
 * registers, such as direct-reads.ts, can name them without importing it back.
 */
export type Db = Kysely<Database>;
/** Repositories accept either the pool or an open transaction. */
export type DbExecutor = Kysely<Database> | Transaction<Database>;
export type Dialect = 'sqlite' | 'postgres';
