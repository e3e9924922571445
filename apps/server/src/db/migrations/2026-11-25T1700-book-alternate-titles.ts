import type { Kysely } from 'kysely';

// Frozen history: alternate titles of a book (issue 30): the names readers also know it by (its
// pinyin, a fan translation's English title, the original-language name), searched as titles.
// Several per book in the operator's order (position from 0); language is a BCP 47 tag or null
// (a romanisation such as "zh-Latn-pinyin" is not one of the site's five languages). Count, length,
// blanks and duplicates are checked by the console API and the importer (catalogue/alternate-titles.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('book_alternate_titles')
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('language', 'varchar(35)')
    .addPrimaryKeyConstraint('book_alternate_titles_pk', ['book_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('book_alternate_titles').execute();
}
