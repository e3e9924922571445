import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen history: issue 60, every way to sign in (password, passkey, an OpenID provider, WeChat)
// records one row here, shown on the reader's security page ("signed in with WeChat on …") and
// in the data export; deleted with the account. No address or device is kept: the method, the
// provider (an OpenID provider's id, `wechat`) and the time say what a reader needs to spot a
// sign-in that was not theirs. Rows older than 180 days go as each new one is written.
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('sign_in_events')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_events_user_idx').on('sign_in_events').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_events').execute();
}
