import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen history: the community (issue 31): chapter comments with one level of replies, their
// likes, readers' reports, moderators' bans and word filter, reply alerts, and book ratings with
// an optional review.
//
// Counts shown on every page are kept as columns, changed by increments in the writing
// transaction (`likes = likes + 1`), so they stay exact under concurrent writes on PostgreSQL
// (an increment is evaluated on the row's newest version) and cost nothing to read:
// comments.likes, comments.replies_count, comments.open_reports, chapters.comments_count,
// books.rating_count and books.rating_sum (the Bayesian figure is computed from them).
//
// comments.state: 'visible'; 'held' (the word filter held it for review: only its author and the
// moderators see it); 'hidden' (a moderator hid it: same); 'deleted' (its author or a moderator
// deleted it: the body is emptied; kept only as long as it has replies, shown as a tombstone).

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const serial = (table: ReturnType<Kysely<unknown>['schema']['createTable']>) =>
    table.addColumn('id', isPostgres ? 'serial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()));

  await db.schema
    .alterTable('books')
    .addColumn('comments_closed', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
  await db.schema
    .alterTable('books')
    .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
  await db.schema
    .alterTable('books')
    .addColumn('rating_sum', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
  // 1 (the default): replies to the reader's comments are also sent by Web Push and listed in the
  // e-mail digest, where the reader turned those on; 0: only the library's alerts list them.
  await db.schema
    .alterTable('users')
    .addColumn('notify_replies', 'integer', (c) => c.notNull().defaultTo(sql`1`))
    .execute();
  await db.schema
    .alterTable('chapters')
    .addColumn('comments_count', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();

  await serial(db.schema.createTable('comments'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('chapter_id', 'integer', (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('spoiler', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('visible'))
    .addColumn('body_hash', 'text', (c) => c.notNull())
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .addColumn('replies_count', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .addColumn('open_reports', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('edited_at', 'bigint')
    .addColumn('moderated_at', 'bigint')
    .addColumn('moderated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // A chapter's top-level comments (parent_id null) or a comment's replies, newest first or by
  // likes, paged: each page is one index range.
  await db.schema
    .createIndex('comments_thread_newest_idx')
    .on('comments')
    .columns(['chapter_id', 'parent_id', 'state', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('comments_thread_top_idx')
    .on('comments')
    .columns(['chapter_id', 'parent_id', 'state', 'likes', 'id'])
    .execute();
  await db.schema.createIndex('comments_parent_idx').on('comments').columns(['parent_id', 'created_at', 'id']).execute();
  // Flood and repeat checks read a reader's recent comments.
  await db.schema.createIndex('comments_user_idx').on('comments').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('comments_reported_idx').on('comments').columns(['open_reports', 'id']).execute();

  await db.schema
    .createTable('comment_likes')
    .addColumn('comment_id', 'integer', (c) => c.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_likes_pk', ['comment_id', 'user_id'])
    .execute();
  await db.schema.createIndex('comment_likes_user_idx').on('comment_likes').columns(['user_id', 'comment_id']).execute();

  // One report per reader and comment; resolution: null while open, else 'dismissed', 'hidden', 'deleted'.
  await serial(db.schema.createTable('comment_reports'))
    .addColumn('comment_id', 'integer', (c) => c.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('reporter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('resolved_at', 'bigint')
    .addColumn('resolution', 'text')
    .addColumn('resolved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('comment_reports_once_idx').on('comment_reports').columns(['comment_id', 'reporter_id']).unique().execute();
  await db.schema.createIndex('comment_reports_open_idx').on('comment_reports').columns(['resolved_at', 'comment_id']).execute();

  // At most one ban per reader (a new one replaces it); until null: for good.
  await db.schema
    .createTable('comment_bans')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();

  // The word filter: a word or phrase (folded as the search folds text) and what a match does:
  // 'mask' (replaced by asterisks) or 'hold' (the comment waits for a moderator).
  await serial(db.schema.createTable('comment_word_filters'))
    .addColumn('pattern', 'text', (c) => c.notNull().unique())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // A reply to a reader's comment, for the library's alerts (read_at null: unread).
  await serial(db.schema.createTable('comment_alerts'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('comment_id', 'integer', (c) => c.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  await db.schema.createIndex('comment_alerts_user_idx').on('comment_alerts').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('comment_alerts_comment_idx').on('comment_alerts').column('comment_id').execute();

  // One rating per reader and book, 1 to 10, with an optional short review; review_state as
  // comments.state ('visible', 'held', 'hidden').
  await db.schema
    .createTable('book_ratings')
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('review', 'text')
    .addColumn('review_state', 'text', (c) => c.notNull().defaultTo('visible'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('book_ratings_pk', ['book_id', 'user_id'])
    .execute();
  await db.schema.createIndex('book_ratings_score_idx').on('book_ratings').columns(['book_id', 'score']).execute();
  await db.schema.createIndex('book_ratings_recent_idx').on('book_ratings').columns(['book_id', 'updated_at']).execute();
  await db.schema.createIndex('book_ratings_user_idx').on('book_ratings').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'book_ratings',
    'comment_alerts',
    'comment_word_filters',
    'comment_bans',
    'comment_reports',
    'comment_likes',
    'comments',
  ])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable('chapters').dropColumn('comments_count').execute();
  await db.schema.alterTable('users').dropColumn('notify_replies').execute();
  for (const column of ['rating_sum', 'rating_count', 'comments_closed']) await db.schema.alterTable('books').dropColumn(column).execute();
}
