import type { Kysely } from 'kysely';

// Frozen history: failed logins slow a source by progressive delays instead of locking it out for
// the whole window (users/login-throttle.ts). A row of auth_throttle now also says when the next
// attempt under its key may be checked; 0 means at once, so existing rows keep working.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('auth_throttle')
    .addColumn('next_allowed_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_throttle').dropColumn('next_allowed_at').execute();
}
