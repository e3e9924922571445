import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen history: coins the way Kakao and Tapas readers use them (issue 59 item 5, docs/PAYMENTS.md
// "Rentals, auto-unlock and unlock all").
// - chapter_grants.expires_at: a grant with an end (a rental); null: for good. The access rule
//   treats a grant whose end has passed as absent, at the request's instant.
// - books.rental_price / rental_days: the operator's rental offer per book (null price: no rentals).
// - auto_unlocks: a reader's opt-in per book to unlock the next chapter with coins on reaching the
//   end of one, with the cap they set and what it has spent under this opt-in (a new opt-in starts
//   at 0). Coin entries gain the kinds rental, auto_unlock, bulk_unlock and undo_refund (text column).
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const serial = isPostgres ? 'serial' : 'integer';
  await db.schema.alterTable('chapter_grants').addColumn('expires_at', 'bigint').execute();
  await db.schema.alterTable('books').addColumn('rental_price', 'integer').execute();
  await db.schema.alterTable('books').addColumn('rental_days', 'integer').execute();
  await db.schema
    .createTable('auto_unlocks')
    .addColumn('id', serial, (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('cap', 'bigint', (c) => c.notNull().check(sql`cap >= 0`))
    .addColumn('spent', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`spent >= 0`),
    )
    .addColumn('enabled_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auto_unlocks_user_book_key').on('auto_unlocks').columns(['user_id', 'book_id']).unique().execute();
  // A book's deletion cascades to its opt-ins: found by this index, never by a scan.
  await db.schema.createIndex('auto_unlocks_book_idx').on('auto_unlocks').column('book_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auto_unlocks').execute();
  await db.schema.alterTable('books').dropColumn('rental_days').execute();
  await db.schema.alterTable('books').dropColumn('rental_price').execute();
  await db.schema.alterTable('chapter_grants').dropColumn('expires_at').execute();
}
