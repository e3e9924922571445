import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen history: issue 61, reader lists. reader_lists: a reader's named list, private, unlisted
// (by link) or public; hidden_at/hidden_reason set by the moderators, featured_at by the console
// (staff picks). reader_list_books: the books, ordered by `position` (from 1), each with an optional
// note. reader_list_follows: readers following someone's public list. All go with the account
// (cascade); a book's rows go with the book.
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('reader_lists')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('visibility', 'varchar(16)', (c) => c.notNull().defaultTo('private'))
    .addColumn('hidden_at', 'bigint')
    .addColumn('hidden_reason', 'varchar(500)')
    .addColumn('featured_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reader_lists_owner_idx').on('reader_lists').columns(['user_id', 'updated_at']).execute();
  await db.schema.createIndex('reader_lists_featured_idx').on('reader_lists').column('featured_at').execute();
  await db.schema
    .createTable('reader_list_books')
    .addColumn('list_id', 'integer', (c) => c.notNull().references('reader_lists.id').onDelete('cascade'))
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('note', 'varchar(280)')
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('reader_list_books_pk', ['list_id', 'book_id'])
    .execute();
  await db.schema.createIndex('reader_list_books_order_idx').on('reader_list_books').columns(['list_id', 'position']).execute();
  await db.schema.createIndex('reader_list_books_book_idx').on('reader_list_books').column('book_id').execute();
  await db.schema
    .createTable('reader_list_follows')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('list_id', 'integer', (c) => c.notNull().references('reader_lists.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('reader_list_follows_pk', ['user_id', 'list_id'])
    .execute();
  await db.schema.createIndex('reader_list_follows_list_idx').on('reader_list_follows').column('list_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reader_list_follows').execute();
  await db.schema.dropTable('reader_list_books').execute();
  await db.schema.dropTable('reader_lists').execute();
}
