import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen history: what the operator's console needs (docs/ADMIN.md).
// - users.disabled_at: a disabled account's tokens stop working at once and it cannot log in.
// - chapters.publish_at: a scheduled release; the chapter stays unpublished until then.
// - audit_log: every change an administrator makes, before and after (JSON).
// - site_settings: settings that are safe to change at run time (the rest stays in the environment).
// - jobs: background work any node can run (browser imports, scheduled releases), leased so a
//   crashed node's job is taken over, with its progress readable from the row.
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('users').addColumn('disabled_at', 'bigint').execute();
  await db.schema.alterTable('chapters').addColumn('publish_at', 'bigint').execute();
  await db.schema.createIndex('chapters_publish_at_idx').on('chapters').column('publish_at').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').column('created_at').execute();
  await db.schema.createIndex('audit_log_target_idx').on('audit_log').columns(['target_type', 'target_id']).execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_user_id', 'created_at']).execute();

  await db.schema
    .createTable('site_settings')
    .addColumn('setting_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo(sql`'queued'`))
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('progress', 'text')
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_owner', 'varchar(64)')
    .addColumn('lease_until', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['state', 'run_at']).execute();
  await db.schema.createIndex('jobs_kind_idx').on('jobs').columns(['kind', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
  await db.schema.dropTable('site_settings').execute();
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropIndex('chapters_publish_at_idx').execute();
  await db.schema.alterTable('chapters').dropColumn('publish_at').execute();
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
}
