import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen history: indexes that let the console's lists read a page and a capped count from an
// index at any number of readers (docs/SCALING.md).
//
// Orders are listed newest first (created_at DESC, id DESC), alone or filtered by status, by
// provider, or by both: one index per combination, each ending in (created_at, id), so the page
// and its keyset range are one index range. The (status, created_at) index they replace was a
// prefix of the new one (the pending-order expiry reads it the same way).
//
// The audit log is listed the same way (newest first, by keyset): (created_at, id) replaces its
// (created_at) index.
//
// Readers are searched by name prefix as a range on username_key. SQLite's unique index on the
// column compares bytes already; PostgreSQL's compares in the database's collation, where a range
// need not match a byte prefix, so it gets an index in the "C" collation the search asks for.
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.createIndex('payment_orders_created_idx').on('payment_orders').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('payment_orders_status_created_idx').on('payment_orders').columns(['status', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('payment_orders_provider_created_idx')
    .on('payment_orders')
    .columns(['provider', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('payment_orders_provider_status_idx')
    .on('payment_orders')
    .columns(['provider', 'status', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('payment_orders_status_idx').execute();
  // The audit log pages the same way: (created_at, id) replaces (created_at).
  await db.schema.createIndex('audit_log_created_id_idx').on('audit_log').columns(['created_at', 'id']).execute();
  await db.schema.dropIndex('audit_log_created_idx').execute();
  if (isPostgres) {
    await db.schema
      .createIndex('users_username_key_c_idx')
      .on('users')
      .expression(sql`username_key COLLATE "C"`)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) await db.schema.dropIndex('users_username_key_c_idx').execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').column('created_at').execute();
  await db.schema.dropIndex('audit_log_created_id_idx').execute();
  await db.schema.createIndex('payment_orders_status_idx').on('payment_orders').columns(['status', 'created_at']).execute();
  await db.schema.dropIndex('payment_orders_provider_status_idx').execute();
  await db.schema.dropIndex('payment_orders_provider_created_idx').execute();
  await db.schema.dropIndex('payment_orders_status_created_idx').execute();
  await db.schema.dropIndex('payment_orders_created_idx').execute();
}
