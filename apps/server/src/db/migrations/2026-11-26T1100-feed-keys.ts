import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen history: per-reader feed keys (issue 32, docs/OPDS.md "Feed keys"), the credentials of the
// OPDS feeds that reading apps use instead of the site's token. Only the SHA-256 hash of a key is
// stored (key_hash, unique): a key is 32 random bytes, so no one can guess it from its hash and a
// slow password hash would buy nothing but CPU on every feed request. `revoked_at` ends a key at
// once (the row stays so the console shows what was revoked); `last_used_at` is written at most
// once a minute per key. Indexes: key_hash (every feed request), user_id (the profile's list and
// the account's cascade).

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('feed_keys')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('feed_keys_key_hash_key').on('feed_keys').column('key_hash').unique().execute();
  await db.schema.createIndex('feed_keys_user_idx').on('feed_keys').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feed_keys').execute();
}
