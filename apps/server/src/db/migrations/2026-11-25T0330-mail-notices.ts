import type { Kysely } from 'kysely';

// Frozen history: what the site sends on its own (issue 28, modules/notices/).
// - users.reminded_until: the membership end (member_until) the last reminder was sent for; a
//   reminder is due when member_until is within three days and differs from it (an extension gives
//   a new end, so a new reminder later). Set in the same transaction as the outbox row.
// - users.digest_due_at: when housekeeping next looks at the reader's digest (0: at the next run);
//   indexed with mail_digest, so the digest step reads only readers who joined it and are due.
// - users.digest_through: new chapters are those published after this instant (set when the
//   reader joins the digest and moved forward by every digest).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('reminded_until', 'bigint').execute();
  await db.schema
    .alterTable('users')
    .addColumn('digest_due_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('digest_through', 'bigint').execute();
  await db.schema.createIndex('users_digest_due_idx').on('users').columns(['mail_digest', 'digest_due_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_digest_due_idx').execute();
  for (const column of ['digest_through', 'digest_due_at', 'reminded_until'])
    await db.schema.alterTable('users').dropColumn(column).execute();
}
