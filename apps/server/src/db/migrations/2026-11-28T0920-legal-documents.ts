import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen history: the privacy and terms pages (issue 43, docs/ACCOUNTS.md "Privacy and terms pages").
// - legal_documents: every text an operator published, never changed afterwards: a new text is a
//   new row with the next version of its kind and language (unique), so what a reader accepted can
//   always be read again. Version 0 is the built-in default text (modules/legal/default-texts/),
//   never stored. `created_by` is the operator (null once that account is gone).
// - users: which version of each page the registration form showed, in which language, and when
//   the account accepted them; null for accounts made before these pages existed.
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('legal_documents')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('markdown', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // The current version is the last entry of this index; publishing takes the next number.
  await db.schema
    .createIndex('legal_documents_version_key')
    .on('legal_documents')
    .columns(['kind', 'language', 'version'])
    .unique()
    .execute();
  await db.schema.createIndex('legal_documents_created_by_idx').on('legal_documents').column('created_by').execute();

  await db.schema.alterTable('users').addColumn('terms_version', 'integer').execute();
  await db.schema.alterTable('users').addColumn('terms_language', 'varchar(8)').execute();
  await db.schema.alterTable('users').addColumn('privacy_version', 'integer').execute();
  await db.schema.alterTable('users').addColumn('privacy_language', 'varchar(8)').execute();
  await db.schema.alterTable('users').addColumn('legal_accepted_at', 'bigint').execute();

  // Visitor retention (housekeeping): the events that still name a visitor, oldest first. Partial,
  // so it holds only those rows; the query repeats the predicate literally (both databases need that).
  await sql`create index reading_events_visitor_idx on reading_events (received_at) where visitor_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('reading_events_visitor_idx').execute();
  for (const column of ['legal_accepted_at', 'privacy_language', 'privacy_version', 'terms_language', 'terms_version']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
  await db.schema.dropTable('legal_documents').execute();
}
