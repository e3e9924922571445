import type { Kysely } from 'kysely';

// Frozen history: WeChat Pay contract deduction (委托代扣 / papay, issue 59, docs/PAYMENTS.md
// "Renewals on WeChat Pay"). A signed contract is a membership_subscriptions row of provider
// `wechat` (provider_ref: our out_contract_code; customer_ref: WeChat's contract_id). WeChat never
// charges by itself: the merchant tells the reader before each deduction (预扣费通知) and then asks
// for it. `notice_for` is the membership end the last notice announced (one notice per period);
// `attempted_at` the last deduction asked for (a retry waits a day). Neither holds time granted:
// that stays in the membership ledger.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('membership_subscriptions').addColumn('notice_for', 'bigint').execute();
  await db.schema.alterTable('membership_subscriptions').addColumn('attempted_at', 'bigint').execute();
  // The deduction job reads the running contracts of one provider; the console's index leads by status.
  await db.schema
    .createIndex('membership_subscriptions_provider_status_idx')
    .on('membership_subscriptions')
    .columns(['provider', 'status'])
    .execute();
  // A contract's deduction waiting for WeChat's answer is found by its subscription (one at a time).
  await db.schema.createIndex('payment_orders_subscription_idx').on('payment_orders').columns(['subscription_id', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payment_orders_subscription_idx').execute();
  await db.schema.dropIndex('membership_subscriptions_provider_status_idx').execute();
  await db.schema.alterTable('membership_subscriptions').dropColumn('attempted_at').execute();
  await db.schema.alterTable('membership_subscriptions').dropColumn('notice_for').execute();
}
