import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen history: "Download my data" (issue 43, docs/ACCOUNTS.md "Download your data").
// - data_exports: one row per archive a reader (or an operator for them: requested_by) asked for,
//   with its state (queued → building → ready → expired, or failed), its dates and its size. The
//   row stays after the archive is gone: the reader's "one a day" and the archive's own history
//   (exports.json) read it.
// - data_export_archives: the ZIP bytes, beside the row rather than in it so listing a reader's
//   exports never reads a blob. In the database because the site runs on several nodes (a node's
//   own disk is not shared) and media storage may be public (the archive is private). Deleted (the
//   row of data_exports marked expired) once the archive is 7 days old, by the housekeeping pass.
// Indexes: the reader's newest export (user_id, requested_at), the housekeeping's due archives
// (state, expires_at), and the uuid of the download link.

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('data_exports')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('uuid', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reason', 'text')
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('ready_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .addColumn('size_bytes', 'bigint')
    .addColumn('last_download_at', 'bigint')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('data_exports_uuid_key').on('data_exports').column('uuid').unique().execute();
  await db.schema.createIndex('data_exports_user_idx').on('data_exports').columns(['user_id', 'requested_at']).execute();
  await db.schema.createIndex('data_exports_state_idx').on('data_exports').columns(['state', 'expires_at']).execute();
  await db.schema.createIndex('data_exports_requested_by_idx').on('data_exports').column('requested_by').execute();
  await db.schema
    .createTable('data_export_archives')
    .addColumn('export_id', 'integer', (c) => c.primaryKey().references('data_exports.id').onDelete('cascade'))
    .addColumn('bytes', isPostgres ? 'bytea' : 'blob', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('data_export_archives').execute();
  await db.schema.dropTable('data_exports').execute();
}
