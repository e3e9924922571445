import { sql, type Kysely } from 'kysely';

// Frozen history: discovery (issue 46, docs/DISCOVERY.md).
// - books.publishing_days: the operator's regular publishing days as a bit mask of ISO weekdays
//   (bit 0 Monday … bit 6 Sunday; 0: none); publishing_time: minutes after midnight in
//   publishing_time_zone (an IANA name), null without a set time.
// - books.ranking_excluded: 1 keeps the book out of every ranking (audited in the console); the
//   other books keep their computed order.
// - book_creators: who made a book and how (author: story, artist: drawing), one row per person
//   and role, `slug` the person's page (/author/{slug}). Filled here from books.author (the credit
//   line split on &, 、, / and ;), every name credited as author.
// - discovery_book_stats: each book's readers over the last 24 hours, 7 and 30 days and the period
//   before each, written by the background computation (discovery/discovery-refresh.ts) on one
//   node; every node reads them into memory.
// - discovery_also_read: each book's "readers also read" list, in order, written with them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('books')
    .addColumn('publishing_days', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('books').addColumn('publishing_time', 'integer').execute();
  await db.schema
    .alterTable('books')
    .addColumn('publishing_time_zone', 'varchar(64)', (c) => c.notNull().defaultTo('UTC'))
    .execute();
  await db.schema
    .alterTable('books')
    .addColumn('ranking_excluded', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('book_creators')
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('role', 'varchar(6)', (c) => c.notNull())
    .addColumn('slug', 'varchar(200)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('book_creators_pk', ['book_id', 'role', 'slug'])
    .execute();
  await db.schema.createIndex('book_creators_slug_idx').on('book_creators').columns(['slug', 'book_id']).execute();

  await db.schema
    .createTable('discovery_book_stats')
    .addColumn('book_id', 'integer', (c) => c.primaryKey().references('books.id').onDelete('cascade'))
    .addColumn('readers_day', 'integer', (c) => c.notNull())
    .addColumn('readers_day_before', 'integer', (c) => c.notNull())
    .addColumn('readers_week', 'integer', (c) => c.notNull())
    .addColumn('readers_week_before', 'integer', (c) => c.notNull())
    .addColumn('readers_month', 'integer', (c) => c.notNull())
    .addColumn('readers_month_before', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('discovery_also_read')
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('other_book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('score', 'real', (c) => c.notNull())
    .addPrimaryKeyConstraint('discovery_also_read_pk', ['book_id', 'position'])
    .execute();
  await db.schema.createIndex('discovery_also_read_other_idx').on('discovery_also_read').column('other_book_id').execute();

  const books = await sql<{ id: number; author: string }>`select id, author from books where author is not null`.execute(db);
  for (const book of books.rows) {
    const names = splitCredit(book.author);
    for (const [position, name] of names.entries()) {
      await sql`insert into book_creators (book_id, role, slug, name, position)
                values (${book.id}, 'author', ${slug(name)}, ${name}, ${position})
                on conflict do nothing`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('discovery_also_read').execute();
  await db.schema.dropTable('discovery_book_stats').execute();
  await db.schema.dropTable('book_creators').execute();
  for (const column of ['ranking_excluded', 'publishing_time_zone', 'publishing_time', 'publishing_days']) {
    await db.schema.alterTable('books').dropColumn(column).execute();
  }
}

// The rules of lib/person-slug.ts as they were when this migration was written (a migration
// never follows later code).
function slug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/([\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Arabic}])\p{M}+/gu, '$1')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
}

function splitCredit(credit: string): string[] {
  const names = credit
    .split(/\s+&\s+|\s*、\s*|\s+\/\s+|\s*;\s*/u)
    .map((name) => name.replace(/\s+/g, ' ').trim())
    .filter((name) => slug(name) !== '');
  return [...new Set(names)];
}
