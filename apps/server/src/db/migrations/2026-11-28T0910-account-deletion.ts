import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen history: "Delete my account" (issue 43, docs/ACCOUNTS.md "Deleting your account").
// - account_deletions: one row per request, by the reader or an operator. A request is pending
//   while cancelled_at and erased_at are both null; at erase_at the `account_erase` job (or the
//   housekeeping pass, if the job was lost) erases the account and sets erased_at. At most one
//   pending request per reader (a partial unique index). `comments`: what the reader chose for
//   their comments ('remove': deleted like any deleted comment; 'keep': shown as a deleted reader).
//   `requested_by`: null for the reader, else the operator's user id; `reason`: the operator's
//   reason (null for the reader's own request).
// - users.erased_at: set by the erasure; the row stays (the order ledger names it) with only its
//   uuid, a pseudonym for a name, and no secret that anything could match.
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('users').addColumn('erased_at', 'bigint').execute();
  await db.schema
    .createTable('account_deletions')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('erase_at', 'bigint', (c) => c.notNull())
    .addColumn('comments', 'text', (c) => c.notNull().check(sql`comments in ('remove', 'keep')`))
    .addColumn('requested_by', 'integer')
    .addColumn('reason', 'text')
    .addColumn('cancelled_at', 'bigint')
    .addColumn('cancelled_by', 'integer')
    .addColumn('erased_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('account_deletions_pending_key')
    .on('account_deletions')
    .column('user_id')
    .unique()
    .where(sql.ref('cancelled_at'), 'is', null)
    .where(sql.ref('erased_at'), 'is', null)
    .execute();
  // The housekeeping pass looks for due pending requests; the console lists pending ones by date.
  await db.schema.createIndex('account_deletions_erase_at_idx').on('account_deletions').column('erase_at').execute();
  await db.schema.createIndex('account_deletions_user_idx').on('account_deletions').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_deletions').execute();
  await db.schema.alterTable('users').dropColumn('erased_at').execute();
}
