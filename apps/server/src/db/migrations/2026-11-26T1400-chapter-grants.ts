import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen history: per-chapter grants (issue 41, docs/ARCHITECTURE.md "Who may read what"): a reader
// may read one paid chapter because of something other than a membership (a coin unlock, a gift, a
// wait-for-free unlock: issue 42 adds those kinds). The access module (modules/access) is the only
// reader of this table; a grant counts while revoked_at is null. `source_ref` is unique per kind, so
// the grant behind one purchase or one gift is written once however often it is retried. Indexes:
// (user_id, chapter_id) for the reader's question "may I read this chapter", (kind, source_ref) for
// the once-only rule; the foreign keys cascade so an account's or a chapter's deletion takes them.
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('chapter_grants')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('chapter_id', 'integer', (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source_ref', 'text', (c) => c.notNull())
    .addColumn('granted_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('chapter_grants_reader_idx').on('chapter_grants').columns(['user_id', 'chapter_id']).execute();
  await db.schema.createIndex('chapter_grants_source_key').on('chapter_grants').columns(['kind', 'source_ref']).unique().execute();
  await db.schema.createIndex('chapter_grants_chapter_idx').on('chapter_grants').column('chapter_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chapter_grants').execute();
}
