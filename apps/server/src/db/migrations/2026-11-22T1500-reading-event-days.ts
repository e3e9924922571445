import type { Kysely } from 'kysely';

// Frozen history: reading events count towards popularity at most once per reader, event type,
// chapter (or book, for open_book) and UTC day. The primary key makes that race-safe: the insert
// that wins counts, the others do nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reading_event_days')
    .addColumn('reader_key', 'varchar(80)', (c) => c.notNull())
    .addColumn('event_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_event_days_pk', ['reader_key', 'event_type', 'target_id', 'day'])
    .execute();
  await db.schema.createIndex('reading_event_days_day_idx').on('reading_event_days').column('day').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reading_event_days').execute();
}
