import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen history: issue 60, passkeys (WebAuthn). `passkeys` holds each reader's registered
// credentials: the public key only (COSE, base64url), the signature counter (a clone is refused
// when it goes backwards), the transports the browser reported, whether the passkey is synced
// (backed up), the reader's name for it and when it was added and last used. Deleted with the
// account. `webauthn_challenges` holds the random challenges the server hands out, each for one
// ceremony: consumed (deleted) by the first answer that names it, refused after 5 minutes.
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = isPostgres ? 'serial' : 'integer';
  await db.schema
    .createTable('passkeys')
    .addColumn('id', id, (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'varchar(1400)', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('sign_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'varchar(256)', (c) => c.notNull().defaultTo('[]'))
    .addColumn('backed_up', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema.createIndex('passkeys_user_idx').on('passkeys').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('id', id, (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('challenge', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webauthn_challenges_user_idx').on('webauthn_challenges').column('user_id').execute();
  await db.schema.createIndex('webauthn_challenges_expiry_idx').on('webauthn_challenges').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webauthn_challenges').execute();
  await db.schema.dropTable('passkeys').execute();
}
