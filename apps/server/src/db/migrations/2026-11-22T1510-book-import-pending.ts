import { sql, type Kysely } from 'kysely';

// Frozen history: a book created by an import stays unpublished, with import_pending = 1, until
// that import (or a later run of it, after a crash) finishes; then it is published.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('books')
    .addColumn('import_pending', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('books').dropColumn('import_pending').execute();
}
