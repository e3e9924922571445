import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen history: issue 60, signing in with an outside provider (an OpenID Connect provider now,
// WeChat website login later: `method` tells them apart, and both use the same tables).
//
// linked_identities: which provider account (provider + its stable subject) signs in to which
// reader. The address and name the provider gave are kept for the reader's profile and the export;
// they never decide a link (docs/ACCOUNTS.md "Ways to sign in").
//
// external_sign_in_flows: one row per sign-in in progress, from the start (the state, looked up by
// its SHA-256 hash; the nonce and the PKCE verifier, which must go to the provider in clear) to the
// one-time result the web page trades for what comes next (also stored as a hash). 10 minutes,
// single use; a row older than a day is deleted when the next flow starts.
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('linked_identities')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider', 'varchar(64)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)')
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('display_name', 'varchar(255)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addUniqueConstraint('linked_identities_provider_subject_key', ['provider', 'subject'])
    .execute();
  await db.schema.createIndex('linked_identities_user_idx').on('linked_identities').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('external_sign_in_flows')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider', 'varchar(64)', (c) => c.notNull())
    .addColumn('state_hash', 'varchar(64)', (c) => c.notNull().unique())
    // SHA-256 of the random value in the browser's cookie: the answer must come back to the browser that started.
    .addColumn('browser_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(128)', (c) => c.notNull())
    .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    // `link`: the signed-in reader who asked; null for `sign_in`.
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('return_to', 'varchar(512)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // Set when the provider's answer came back (the state is then used up).
    .addColumn('finished_at', 'bigint')
    .addColumn('result_hash', 'varchar(64)', (c) => c.unique())
    // What the answer led to: signed_in, totp_required, choose_username, link_with_password, linked.
    .addColumn('outcome', 'varchar(24)')
    // The account the result signs in to (or must be proven, link_with_password).
    .addColumn('target_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    // The provider's identity (JSON: subject, email, email_verified, name, preferred_username).
    .addColumn('identity', 'text')
    .addColumn('result_used_at', 'bigint')
    .execute();
  await db.schema.createIndex('external_sign_in_flows_user_idx').on('external_sign_in_flows').column('user_id').execute();
  await db.schema.createIndex('external_sign_in_flows_target_idx').on('external_sign_in_flows').column('target_user_id').execute();
  await db.schema.createIndex('external_sign_in_flows_created_idx').on('external_sign_in_flows').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('external_sign_in_flows').execute();
  await db.schema.dropTable('linked_identities').execute();
}
