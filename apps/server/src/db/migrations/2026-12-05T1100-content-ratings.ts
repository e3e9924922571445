import type { Kysely } from 'kysely';

// Frozen history: issue 61, content ratings. Every book gets a rating (all_ages until someone sets
// one: every book made before ratings existed was shown to everyone) and its descriptors as a
// comma-separated list of the contracts' fixed words (filters read them from the ranking snapshot,
// never by SQL, so no table of their own). A reader's age confirmation is a moment on the account.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('books')
    .addColumn('content_rating', 'varchar(16)', (c) => c.notNull().defaultTo('all_ages'))
    .execute();
  await db.schema
    .alterTable('books')
    .addColumn('content_descriptors', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('users').addColumn('age_confirmed_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('age_confirmed_at').execute();
  await db.schema.alterTable('books').dropColumn('content_descriptors').execute();
  await db.schema.alterTable('books').dropColumn('content_rating').execute();
}
