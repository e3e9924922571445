import { sql, type Kysely } from 'kysely';

// Frozen history: what the book search needs to keep its index current without rebuilding it.
//
// books.search_revision is the revision of the last write that changed what the search indexes
// of a book (a title, an introduction, the author, the tags, published or not). Revisions come
// from one counter in app_state, taken in the writing transaction (catalogue-write.repository.ts,
// markSearchChanged): on PostgreSQL the counter's row stays locked until that transaction ends,
// so revisions become visible in the order they were given and a reader that has seen revision n
// has seen every revision below it. The index reads the books past the revision it has
// (search-delta.ts); the index on the column makes that one range read. Existing books start at 0:
// the index is built from all of them when the server starts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('books')
    .addColumn('search_revision', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
  await db.schema.createIndex('books_search_revision_idx').on('books').column('search_revision').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('books_search_revision_idx').execute();
  await db.schema.alterTable('books').dropColumn('search_revision').execute();
  await db
    .deleteFrom('app_state' as never)
    .where('state_key' as never, '=', 'search_revision' as never)
    .execute();
}
