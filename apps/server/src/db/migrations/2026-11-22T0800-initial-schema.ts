import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// Frozen history: never edit a migration that has shipped; add a new one instead.
// Runs on SQLite and PostgreSQL alike. Timestamps are epoch-millisecond BIGINTs, flags are 0/1.

type Builder = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const idType = isPostgres ? 'serial' : 'integer';
  const id: Builder = (col) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement());
  const notNull: Builder = (col) => col.notNull();

  await db.schema
    .createTable('users')
    .addColumn('id', idType, id)
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('username', 'varchar(64)', notNull)
    .addColumn('username_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', notNull)
    .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('user'))
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('invite_code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_type', 'varchar(32)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('users_invited_by_idx').on('users').column('invited_by').execute();

  await db.schema
    .createTable('books')
    .addColumn('id', idType, id)
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('book_type', 'varchar(16)', notNull)
    .addColumn('original_language', 'varchar(8)', notNull)
    .addColumn('cover_key', 'varchar(255)')
    .addColumn('public_free_chapters', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('recommendation_rank', 'integer')
    .addColumn('is_published', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('chapter_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('popularity', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  // The ranking snapshot reads these two orders in full; the recommendation list reads by rank.
  await db.schema.createIndex('books_published_updated_idx').on('books').columns(['is_published', 'updated_at', 'id']).execute();
  await db.schema.createIndex('books_published_popularity_idx').on('books').columns(['is_published', 'popularity', 'id']).execute();
  await db.schema.createIndex('books_recommendation_idx').on('books').column('recommendation_rank').execute();

  await db.schema
    .createTable('book_translations')
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('language', 'varchar(8)', notNull)
    .addColumn('title', 'varchar(255)', notNull)
    .addColumn('introduction', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('book_translations_pk', ['book_id', 'language'])
    .execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', idType, id)
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable('book_tags')
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('position', 'integer', notNull)
    .addPrimaryKeyConstraint('book_tags_pk', ['book_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('book_tags_tag_idx').on('book_tags').columns(['tag_id', 'book_id']).execute();

  await db.schema
    .createTable('chapters')
    .addColumn('id', idType, id)
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('number', 'integer', notNull)
    .addColumn('is_published', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('cover_key', 'varchar(255)')
    .addColumn('total_likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', notNull)
    .addUniqueConstraint('chapters_book_number_uq', ['book_id', 'number'])
    .execute();
  // Chapter list pages and previous/next lookups walk this index.
  await db.schema.createIndex('chapters_book_published_number_idx').on('chapters').columns(['book_id', 'is_published', 'number']).execute();

  await db.schema
    .createTable('chapter_translations')
    .addColumn('chapter_id', 'integer', (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('language', 'varchar(8)', notNull)
    .addColumn('title', 'varchar(255)', notNull)
    .addPrimaryKeyConstraint('chapter_translations_pk', ['chapter_id', 'language'])
    .execute();

  await db.schema
    .createTable('chapter_pages')
    .addColumn('id', idType, id)
    .addColumn('chapter_id', 'integer', (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('language', 'varchar(8)', notNull)
    .addColumn('position', 'integer', notNull)
    .addColumn('media_key', 'varchar(255)', notNull)
    .addColumn('width', 'integer', notNull)
    .addColumn('height', 'integer', notNull)
    .addUniqueConstraint('chapter_pages_order_uq', ['chapter_id', 'language', 'position'])
    .execute();
  // The media route finds which chapter a requested page belongs to.
  await db.schema.createIndex('chapter_pages_media_key_idx').on('chapter_pages').column('media_key').execute();

  await db.schema
    .createTable('chapter_likes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('chapter_id', 'integer', (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('chapter_likes_pk', ['user_id', 'chapter_id'])
    .execute();
  await db.schema.createIndex('chapter_likes_chapter_idx').on('chapter_likes').column('chapter_id').execute();

  await db.schema
    .createTable('membership_grants')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'varchar(16)', notNull)
    .addColumn('source_ref', 'varchar(128)', notNull)
    .addColumn('starts_at', 'bigint', notNull)
    .addColumn('ends_at', 'bigint', notNull)
    .addColumn('revoked_at', 'bigint')
    .addColumn('note', 'varchar(255)')
    .addColumn('created_at', 'bigint', notNull)
    .addUniqueConstraint('membership_grants_source_uq', ['source', 'source_ref'])
    .execute();
  await db.schema.createIndex('membership_grants_user_idx').on('membership_grants').columns(['user_id', 'ends_at']).execute();

  await db.schema
    .createTable('reading_events')
    .addColumn('id', idType, id)
    .addColumn('event_type', 'varchar(16)', notNull)
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('chapter_id', 'integer', (c) => c.references('chapters.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('visitor_id', 'varchar(8)')
    .addColumn('occurred_at', 'bigint', notNull)
    .addColumn('received_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('reading_events_book_idx').on('reading_events').columns(['book_id', 'occurred_at']).execute();

  await db.schema
    .createTable('auth_throttle')
    .addColumn('throttle_key', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', notNull)
    .addColumn('failures', 'integer', notNull)
    .execute();

  await db.schema
    .createTable('app_state')
    .addColumn('state_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'app_state',
    'auth_throttle',
    'reading_events',
    'membership_grants',
    'chapter_likes',
    'chapter_pages',
    'chapter_translations',
    'chapters',
    'book_tags',
    'tags',
    'book_translations',
    'books',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
