import type { Kysely } from 'kysely';

// Frozen history: the operator's console shows each order's provider events (docs/ADMIN.md).
// payment_events kept only (provider, event_id, received_at) for idempotency; it now also names
// the order it concerns, the event type and a short readable summary. Older rows keep nulls.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment_events').addColumn('order_id', 'varchar(64)').execute();
  await db.schema.alterTable('payment_events').addColumn('event_type', 'varchar(64)').execute();
  await db.schema.alterTable('payment_events').addColumn('summary', 'varchar(300)').execute();
  await db.schema.createIndex('payment_events_order_idx').on('payment_events').columns(['order_id', 'received_at']).execute();
}
