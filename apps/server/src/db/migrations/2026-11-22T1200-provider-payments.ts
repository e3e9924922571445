import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen history: what WeChat Pay, Stripe, refunds and reconciliation need.
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // A grant remembers its length so a refund can re-stack the grants that remain.
  await db.schema.alterTable('membership_grants').addColumn('grant_months', 'integer').execute();
  await db.schema.alterTable('membership_grants').addColumn('grant_days', 'integer').execute();

  // Stripe Checkout session ids run past 64 characters (SQLite does not enforce varchar lengths).
  if (isPostgres) {
    await db.schema
      .alterTable('payment_orders')
      .alterColumn('provider_txn_id', (c) => c.setDataType('varchar(255)'))
      .execute();
  }
  // Stripe's payment intent, which refunds name; WeChat refunds name our order id.
  await db.schema.alterTable('payment_orders').addColumn('provider_payment_id', 'varchar(255)').execute();
  // When the provider confirmed the order's final state (paid, closed, failed): reconciliation stops asking.
  await db.schema.alterTable('payment_orders').addColumn('settled_at', 'bigint').execute();
  await db.schema.alterTable('payment_orders').addColumn('refunded_at', 'bigint').execute();
  await db.schema.createIndex('payment_orders_payment_idx').on('payment_orders').columns(['provider', 'provider_payment_id']).execute();

  await db.schema
    .createTable('payment_incidents')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('reference', 'varchar(255)', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('plan', 'varchar(16)')
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('resolved_at', 'bigint')
    .addColumn('resolution', 'text')
    .addUniqueConstraint('payment_incidents_uq', ['provider', 'reference', 'kind'])
    .execute();
  await db.schema.createIndex('payment_incidents_open_idx').on('payment_incidents').columns(['resolved_at', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_incidents').execute();
  await db.schema.dropIndex('payment_orders_payment_idx').execute();
  await db.schema.alterTable('payment_orders').dropColumn('refunded_at').execute();
  await db.schema.alterTable('payment_orders').dropColumn('settled_at').execute();
  await db.schema.alterTable('payment_orders').dropColumn('provider_payment_id').execute();
  await db.schema.alterTable('membership_grants').dropColumn('grant_days').execute();
  await db.schema.alterTable('membership_grants').dropColumn('grant_months').execute();
}
