import type { Kysely } from 'kysely';

// Frozen history: issue 61, reading statuses. One row per reader and book they filed: reading,
// plan_to_read, on_hold, re_reading, completed or dropped (the contracts' READING_STATUSES);
// `chosen` is 1 when the reader set it and 0 when the site did (reading, at the first chapter
// opened). Deleted with the account or the book. The library's tabs read (user_id, status,
// updated_at); the book's side of the key has its own index for the cascade.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reading_statuses')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('chosen', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_statuses_pk', ['user_id', 'book_id'])
    .execute();
  await db.schema.createIndex('reading_statuses_tab_idx').on('reading_statuses').columns(['user_id', 'status', 'updated_at']).execute();
  await db.schema.createIndex('reading_statuses_book_idx').on('reading_statuses').column('book_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reading_statuses').execute();
}
