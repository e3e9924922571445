import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen history: the outbox (issue 28). Every e-mail is first a row here, written in the same
// transaction as the change that causes it, then sent by the job runner (modules/mail/).
// recipient_key is the lower-cased address: the per-recipient hourly cap counts by it.
// The account's side: an optional address (email_key, lower-cased, unique), the moment it was
// confirmed, the reader's language for messages, and the two lists a reader can leave or join:
// membership reminders (on unless left) and the new-chapter digest (off unless joined).

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('users').addColumn('email', 'text').execute();
  await db.schema.alterTable('users').addColumn('email_key', 'text').execute();
  await db.schema.alterTable('users').addColumn('email_confirmed_at', 'bigint').execute();
  await db.schema
    .alterTable('users')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en-us'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('mail_reminders', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('mail_digest', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('users_email_key_idx').on('users').column('email_key').unique().execute();
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('recipient_key', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('list', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('secret_fields', 'text')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_outbox_recipient_idx').on('mail_outbox').columns(['recipient_key', 'created_at']).execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['state', 'next_attempt_at']).execute();
  await db.schema.createIndex('mail_outbox_user_idx').on('mail_outbox').column('user_id').execute();
  await db.schema.createIndex('mail_outbox_list_idx').on('mail_outbox').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.dropIndex('users_email_key_idx').execute();
  for (const column of ['mail_digest', 'mail_reminders', 'language', 'email_confirmed_at', 'email_key', 'email'])
    await db.schema.alterTable('users').dropColumn(column).execute();
}
