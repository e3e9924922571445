import { sql, type Kysely } from 'kysely';

// Frozen history: the console's subscription figures (issue 59, docs/PAYMENTS.md "Renewals").
// The dashboard counts, for a range, subscriptions ended (canceled_at), invoices failed (status,
// created_at) and renewals paid (an order's invoice by order_id); now, the subscriptions running
// (status). Each is an index range, whatever the number of readers. The renewals read the window's
// subscription orders by paid_at from a partial index (payment_orders' (status, paid_at) index went
// with revenue_days, 2026-11-25T0240).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('membership_subscriptions_canceled_idx').on('membership_subscriptions').columns(['canceled_at']).execute();
  await db.schema.createIndex('membership_subscriptions_status_idx').on('membership_subscriptions').columns(['status', 'plan']).execute();
  await db.schema.createIndex('subscription_invoices_status_idx').on('subscription_invoices').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('subscription_invoices_order_idx').on('subscription_invoices').columns(['order_id']).execute();
  await db.schema
    .createIndex('payment_orders_subscription_paid_idx')
    .on('payment_orders')
    .column('paid_at')
    .where(sql.ref('subscription_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payment_orders_subscription_paid_idx').execute();
  await db.schema.dropIndex('subscription_invoices_order_idx').execute();
  await db.schema.dropIndex('subscription_invoices_status_idx').execute();
  await db.schema.dropIndex('membership_subscriptions_status_idx').execute();
  await db.schema.dropIndex('membership_subscriptions_canceled_idx').execute();
}
