import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen history: coins, chapter unlocks and wait-for-free (issue 42, docs/PAYMENTS.md
// "Coins"). The coin ledger beside the membership grants:
// - coin_lots: every credit (a pack's coins, its bonus, an operator's grant) as a lot with what is
//   left of it and, for bonus coins, when it expires. Spending draws lots soonest-expiring first,
//   then oldest first; the balance is the sum of what is left of unexpired, unrevoked lots. A lot is
//   written once per (source, source_ref): a pack's order id, a grant's reference.
// - coin_entries: the wallet history, one row per movement with the balance after it, so every coin
//   a reader sees is explained (and the reports sum them).
// - coin_spends: which lots paid for which unlock, so refunding a pack can take back exactly the
//   unlocks its coins paid for (and give back the other lots' share of them).
// - coin_packs: what the operator sells; payment_orders gains the pack and its coins (plan 'coins').
// - books/chapters: the price per chapter (null on the book: membership only), wait-for-free, and
//   early access: a newly published chapter of a book with early_access_count > 0 is in early
//   access until chapters.early_access_until (coins, and members where early_access_members = 1).
// Every movement takes the reader's membership lock first (membership.repository lockUserMembership),
// so money, coins and time of one reader change one after the other on PostgreSQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const serial = isPostgres ? 'serial' : 'integer';

  await db.schema.alterTable('books').addColumn('coin_price', 'integer').execute();
  await db.schema.alterTable('books').addColumn('wait_free_hours', 'integer').execute();
  await db.schema
    .alterTable('books')
    .addColumn('early_access_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('books')
    .addColumn('early_access_hours', 'integer', (c) => c.notNull().defaultTo(168))
    .execute();
  await db.schema
    .alterTable('books')
    .addColumn('early_access_members', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('chapters').addColumn('coin_price', 'integer').execute();
  await db.schema.alterTable('chapters').addColumn('early_access_until', 'bigint').execute();

  await db.schema
    .createTable('coin_packs')
    .addColumn('id', serial, (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('coins', 'integer', (c) => c.notNull())
    .addColumn('bonus_coins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price_fen', 'integer', (c) => c.notNull())
    .addColumn('bonus_expiry_days', 'integer')
    .addColumn('stripe_payment_link', 'text')
    .addColumn('stripe_buy_button', 'text')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('coin_packs_payment_link_key').on('coin_packs').column('stripe_payment_link').unique().execute();

  await db.schema.alterTable('payment_orders').addColumn('coin_pack_id', 'integer').execute();
  await db.schema
    .alterTable('payment_orders')
    .addColumn('coins', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('payment_orders')
    .addColumn('bonus_coins', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('payment_orders').addColumn('bonus_expiry_days', 'integer').execute();
  // The console's packs list counts each pack's paid orders.
  await db.schema.createIndex('payment_orders_coin_pack_idx').on('payment_orders').column('coin_pack_id').execute();

  await db.schema
    .createTable('coin_lots')
    .addColumn('id', serial, (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_ref', 'text', (c) => c.notNull())
    .addColumn('coins', 'integer', (c) => c.notNull())
    .addColumn('remaining', 'integer', (c) => c.notNull().check(sql`remaining >= 0`))
    .addColumn('expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('coin_lots_source_key').on('coin_lots').columns(['source', 'source_ref']).unique().execute();
  await db.schema.createIndex('coin_lots_user_idx').on('coin_lots').columns(['user_id', 'expires_at']).execute();

  await db.schema
    .createTable('coin_entries')
    .addColumn('id', serial, (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('coins', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull().check(sql`balance_after >= 0`))
    .addColumn('order_id', 'text')
    .addColumn('chapter_id', 'integer', (c) => c.references('chapters.id').onDelete('set null'))
    .addColumn('book_id', 'integer', (c) => c.references('books.id').onDelete('set null'))
    .addColumn('lot_id', 'integer', (c) => c.references('coin_lots.id').onDelete('set null'))
    .addColumn('reason', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('coin_entries_user_idx').on('coin_entries').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('coin_entries_created_idx').on('coin_entries').columns(['created_at', 'kind']).execute();
  await db.schema.createIndex('coin_entries_chapter_idx').on('coin_entries').column('chapter_id').execute();
  await db.schema.createIndex('coin_entries_book_idx').on('coin_entries').column('book_id').execute();
  await db.schema.createIndex('coin_entries_lot_idx').on('coin_entries').column('lot_id').execute();

  await db.schema
    .createTable('coin_spends')
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('coin_entries.id').onDelete('cascade'))
    .addColumn('lot_id', 'integer', (c) => c.notNull().references('coin_lots.id').onDelete('cascade'))
    .addColumn('grant_id', 'integer', (c) => c.notNull().references('chapter_grants.id').onDelete('cascade'))
    .addColumn('coins', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('coin_spends_pkey', ['entry_id', 'lot_id'])
    .execute();
  await db.schema.createIndex('coin_spends_lot_idx').on('coin_spends').column('lot_id').execute();
  await db.schema.createIndex('coin_spends_grant_idx').on('coin_spends').column('grant_id').execute();
  // Wait-for-free: the reader's latest free unlock of a book (chapter_grants kind 'wait_free').
  await db.schema.createIndex('chapter_grants_kind_user_idx').on('chapter_grants').columns(['user_id', 'kind', 'granted_at']).execute();
  // The coin report: unlocks and free unlocks in a period.
  await db.schema.createIndex('chapter_grants_kind_time_idx').on('chapter_grants').columns(['kind', 'granted_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('chapter_grants_kind_time_idx').execute();
  await db.schema.dropIndex('chapter_grants_kind_user_idx').execute();
  await db.schema.dropIndex('payment_orders_coin_pack_idx').execute();
  for (const table of ['coin_spends', 'coin_entries', 'coin_lots', 'coin_packs']) await db.schema.dropTable(table).execute();
  for (const column of ['coin_pack_id', 'coins', 'bonus_coins', 'bonus_expiry_days']) {
    await db.schema.alterTable('payment_orders').dropColumn(column).execute();
  }
  for (const column of ['coin_price', 'early_access_until']) await db.schema.alterTable('chapters').dropColumn(column).execute();
  for (const column of ['coin_price', 'wait_free_hours', 'early_access_count', 'early_access_hours', 'early_access_members']) {
    await db.schema.alterTable('books').dropColumn(column).execute();
  }
}
