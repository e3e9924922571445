import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen history: payment orders and the provider events already processed.
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('payment_orders')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('order_id', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('plan', 'varchar(16)', (c) => c.notNull())
    .addColumn('months', 'integer', (c) => c.notNull())
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider_txn_id', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('payment_orders_provider_txn_uq', ['provider', 'provider_txn_id'])
    .execute();
  await db.schema.createIndex('payment_orders_user_idx').on('payment_orders').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('payment_orders_status_idx').on('payment_orders').columns(['status', 'created_at']).execute();
  await db.schema
    .createTable('payment_events')
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_events').execute();
  await db.schema.dropTable('payment_orders').execute();
}
