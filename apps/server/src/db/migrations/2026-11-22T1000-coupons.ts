import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen history: coupons that add membership time, and who redeemed them.
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('coupons')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('grant_days', 'integer')
    .addColumn('grant_months', 'integer')
    .addColumn('max_redemptions', 'integer')
    .addColumn('redemption_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint')
    .addColumn('disabled_at', 'bigint')
    .addColumn('note', 'varchar(255)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('coupon_redemptions')
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('coupon_redemptions_pk', ['coupon_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('coupon_redemptions').execute();
  await db.schema.dropTable('coupons').execute();
}
