import { sql, type Kysely } from 'kysely';

// Frozen history: the dashboard reads days, not events (stats/reading-rollup.ts, docs/SCALING.md).
// A background roll-up reads reading_events by primary key after a watermark (app_state
// `reading_rollup`) and adds them here in the same transaction as it moves the watermark.
// Nothing is backfilled here: the first roll-up reads the existing events in small batches, and
// until it has the dashboard adds the events after the watermark itself (exact, only slower).
export async function up(db: Kysely<unknown>): Promise<void> {
  // Events per UTC day (days since 1970-01-01) and type: the reading chart.
  await db.schema
    .createTable('reading_day_totals')
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('event_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('events', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_day_totals_pk', ['day', 'event_type'])
    .execute();
  // Chapter starts per book and day: what the window counters below add and take away.
  await db.schema
    .createTable('reading_day_books')
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('starts', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_day_books_pk', ['book_id', 'day'])
    .execute();
  await db.schema.createIndex('reading_day_books_day_idx').on('reading_day_books').columns(['day', 'book_id']).execute();
  // Per book and window (30 or 90 days): the starts on days from `from_day` on. The roll-up moves
  // `from_day` forward (taking away the days that left) a batch of books at a time; the dashboard
  // corrects the rows it finds behind (or ahead of) its own day. Books without starts have no row.
  await db.schema
    .createTable('reading_book_windows')
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('window_days', 'integer', (c) => c.notNull())
    .addColumn('from_day', 'integer', (c) => c.notNull())
    .addColumn('starts', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_book_windows_pk', ['book_id', 'window_days'])
    .execute();
  // The top books of a window: the first rows of this index in order (starts descending, then id).
  await sql`create index reading_book_windows_top_idx on reading_book_windows (window_days, from_day, starts desc, book_id)`.execute(db);

  // The visitor cleanup (housekeeping) reads stale visitors' rows through these partial indexes:
  // its query repeats the predicate word for word, which is how both databases match a partial
  // index (a plain index on reader_key is no use to LIKE: PostgreSQL's collation, SQLite's
  // case-insensitive LIKE). Accounts' rows are not in them at all.
  await sql`create index reading_progress_visitor_idx on reading_progress (updated_at) where reader_key like 'v:%'`.execute(db);
  await sql`create index chapter_reads_visitor_idx on chapter_reads (read_at) where reader_key like 'v:%'`.execute(db);

  // Revenue by day filters orders on their status and the moment they were paid or refunded: led by
  // the status, so each query is one range per status of the window's orders (an index on the
  // moment alone loses to the existing (status, created_at) one on SQLite, which reads every paid order).
  await db.schema.createIndex('payment_orders_paid_idx').on('payment_orders').columns(['status', 'paid_at']).execute();
  await db.schema.createIndex('payment_orders_refunded_idx').on('payment_orders').columns(['status', 'refunded_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payment_orders_refunded_idx').execute();
  await db.schema.dropIndex('payment_orders_paid_idx').execute();
  await db.schema.dropIndex('chapter_reads_visitor_idx').execute();
  await db.schema.dropIndex('reading_progress_visitor_idx').execute();
  await db.schema.dropTable('reading_book_windows').execute();
  await db.schema.dropTable('reading_day_books').execute();
  await db.schema.dropTable('reading_day_totals').execute();
  await sql`delete from app_state where state_key = 'reading_rollup'`.execute(db);
}
