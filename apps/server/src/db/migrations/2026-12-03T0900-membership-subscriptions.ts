import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen history: memberships that renew themselves (issue 59, docs/PAYMENTS.md "Renewals").
//
// `membership_subscriptions`: one row per provider subscription (a Stripe `sub_…`, a sandbox
// subscription). Time is never kept here: every paid period is an order completed through the
// ledger (membership_grants), so this row only says what will happen next (renews, cancels at the
// period end, past due until `grace_until`). `user_id` is null while Stripe has told us of the
// subscription's invoice but not yet of the checkout session that names its reader (events arrive
// in any order). `last_event_at` is the Stripe event time of the newest subscription state applied:
// an older `customer.subscription.updated` arriving late changes nothing.
//
// `payment_orders.subscription_id`: the subscription whose invoice an order is (null: a one-time
// purchase), so the console and the dashboard tell renewals from first payments.
//
// `subscription_invoices`: every invoice of a subscription we were told of, once (provider, ref):
// paid invoices name their order; an invoice paid before we knew its reader waits here as
// `parked` and is applied when the checkout session arrives; failed ones start a grace period.
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', isPostgres ? 'serial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()));
  await id('membership_subscriptions')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('current_period_end', 'bigint')
    .addColumn('customer_ref', 'text')
    .addColumn('grace_ref', 'text')
    .addColumn('grace_until', 'bigint')
    .addColumn('cancel_reason', 'text')
    .addColumn('canceled_at', 'bigint')
    .addColumn('last_event_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('membership_subscriptions_ref_key')
    .on('membership_subscriptions')
    .columns(['provider', 'provider_ref'])
    .unique()
    .execute();
  await db.schema
    .createIndex('membership_subscriptions_user_idx')
    .on('membership_subscriptions')
    .columns(['user_id', 'updated_at'])
    .execute();

  await id('subscription_invoices')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('invoice_ref', 'text', (c) => c.notNull())
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('membership_subscriptions.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('payment_ref', 'text')
    .addColumn('order_id', 'text')
    .addColumn('billing_reason', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscription_invoices_ref_key')
    .on('subscription_invoices')
    .columns(['provider', 'invoice_ref'])
    .unique()
    .execute();
  await db.schema
    .createIndex('subscription_invoices_subscription_idx')
    .on('subscription_invoices')
    .columns(['subscription_id', 'status'])
    .execute();
  await db.schema.alterTable('payment_orders').addColumn('subscription_id', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment_orders').dropColumn('subscription_id').execute();
  await db.schema.dropTable('subscription_invoices').execute();
  await db.schema.dropTable('membership_subscriptions').execute();
}
