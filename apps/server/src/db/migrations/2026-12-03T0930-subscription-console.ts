import type { Kysely } from 'kysely';

// Frozen history: the console's subscription figures (issue 59, docs/PAYMENTS.md "Renewals").
// The dashboard counts, for a range, subscriptions ended (canceled_at), invoices failed (status,
// created_at) and renewals paid (invoices by status and the time they became paid, updated_at);
// now, the subscriptions running (status). Each is an index range, whatever the number of readers.
// The orders are never read for it (revenue by day comes from revenue_days).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('membership_subscriptions_canceled_idx').on('membership_subscriptions').columns(['canceled_at']).execute();
  await db.schema.createIndex('membership_subscriptions_status_idx').on('membership_subscriptions').columns(['status', 'plan']).execute();
  await db.schema.createIndex('subscription_invoices_status_idx').on('subscription_invoices').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('subscription_invoices_order_idx').on('subscription_invoices').columns(['order_id']).execute();
  await db.schema.createIndex('subscription_invoices_settled_idx').on('subscription_invoices').columns(['status', 'updated_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('subscription_invoices_settled_idx').execute();
  await db.schema.dropIndex('subscription_invoices_order_idx').execute();
  await db.schema.dropIndex('subscription_invoices_status_idx').execute();
  await db.schema.dropIndex('membership_subscriptions_status_idx').execute();
  await db.schema.dropIndex('membership_subscriptions_canceled_idx').execute();
}
