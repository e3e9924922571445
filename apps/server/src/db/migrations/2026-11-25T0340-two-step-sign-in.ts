import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen history: two-step sign-in (issue 28). On the account: the TOTP secret once enabled and the
// one being set up (both AES-256-GCM ciphertext, never the secret in clear: users/totp-crypto.ts),
// when it was enabled, and the last accepted 30-second time step (a code is never accepted twice).
// Beside it: the single-use recovery codes, stored as SHA-256 hashes; used_at marks a used one.

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_pending_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_enabled_at', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'bigint').execute();
  await db.schema
    .createTable('user_recovery_codes')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_recovery_codes_user_idx').on('user_recovery_codes').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_recovery_codes').execute();
  for (const column of ['totp_last_step', 'totp_enabled_at', 'totp_pending_secret', 'totp_secret'])
    await db.schema.alterTable('users').dropColumn(column).execute();
}
