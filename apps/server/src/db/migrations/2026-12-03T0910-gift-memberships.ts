import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen history: gift memberships (issue 59, docs/PAYMENTS.md "Gifts").
// - payment_orders.gift: 1 for an order bought for someone else. Paying it grants the buyer nothing;
//   it makes the order's gift code instead. Not null with a constant default: existing orders are 0.
// - gift_codes: one per paid gift order. Only the SHA-256 of the code is stored (code_hash, unique:
//   the redemption looks it up); the code itself is derived from the order id under a server secret
//   and never written anywhere but the buyer's mail. redeemed_by/redeemed_at are set once, by a
//   conditional UPDATE (one of any number of concurrent redemptions wins); cancelled_at when the
//   order is refunded. revealed_at: when an answer first carried the code (it is shown for a short
//   window after the payment, then never again).
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('payment_orders')
    .addColumn('gift', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('gift_codes')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('order_id', 'varchar(32)', (c) => c.notNull().unique().references('payment_orders.order_id').onDelete('cascade'))
    .addColumn('buyer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('months', 'integer', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revealed_at', 'bigint')
    .addColumn('redeemed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('redeemed_at', 'bigint')
    .addColumn('cancelled_at', 'bigint')
    .execute();
  await db.schema.createIndex('gift_codes_buyer_idx').on('gift_codes').columns(['buyer_id', 'created_at']).execute();
  await db.schema.createIndex('gift_codes_redeemed_by_idx').on('gift_codes').column('redeemed_by').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('gift_codes').execute();
  await db.schema.alterTable('payment_orders').dropColumn('gift').execute();
}
