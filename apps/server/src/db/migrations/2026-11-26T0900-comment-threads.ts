import { sql, type Kysely } from 'kysely';

// Frozen history: chapter comment pages (issue 31, the comments calls).
//
// A page of a thread lists, in one order, the visible comments, the tombstones of deleted ones
// that still have visible replies, and the caller's own held or hidden comments. The indexes of
// 2026-11-25T1800 put `state` before the order column, so a page mixing states would need a
// merge and a sort, and PostgreSQL does not take `parent_id IS NULL` as an equality that lets an
// index give the order of the columns after it. So: partial indexes for the top-level comments
// (WHERE parent_id IS NULL, the chapter then the order) and indexes by parent for the replies,
// each carrying the columns that decide whether a row is listed (state, user_id, replies_count):
// a page is one walk of one index range that reads no table row until the page's own rows.
//
// chapters.top_comments_count: the visible top-level comments of a chapter, kept beside
// comments_count (which counts replies too) by the same increments (comment-state.ts), so the
// first page's `total` is read, not counted.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('chapters')
    .addColumn('top_comments_count', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
  await sql`update chapters set top_comments_count = (select count(*) from comments where comments.chapter_id = chapters.id and comments.parent_id is null and comments.state = 'visible')`.execute(
    db,
  );
  const listedColumns = ['state', 'user_id', 'replies_count'];
  // parent_id last in the partial indexes: SQLite reads the WHERE's column from the index too, so
  // the walk stays on the index (covering) instead of reading each row it skips.
  await db.schema
    .createIndex('comments_top_newest_idx')
    .on('comments')
    .columns(['chapter_id', 'created_at', 'id', ...listedColumns, 'parent_id'])
    .where(sql.ref('parent_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('comments_top_likes_idx')
    .on('comments')
    .columns(['chapter_id', 'likes', 'id', ...listedColumns, 'parent_id'])
    .where(sql.ref('parent_id'), 'is', null)
    .execute();
  // The listed rows the counters do not count (tombstones, a reader's own held or hidden
  // comments): `total` adds them by counting this small partial index, never the visible rows.
  await db.schema
    .createIndex('comments_unlisted_idx')
    .on('comments')
    .columns(['chapter_id', 'parent_id', 'state', 'user_id', 'replies_count'])
    .where(sql.ref('state'), '!=', sql.lit('visible'))
    .execute();
  await db.schema
    .createIndex('comments_reply_newest_idx')
    .on('comments')
    .columns(['parent_id', 'created_at', 'id', ...listedColumns])
    .execute();
  await db.schema
    .createIndex('comments_reply_likes_idx')
    .on('comments')
    .columns(['parent_id', 'likes', 'id', ...listedColumns])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'comments_reply_likes_idx',
    'comments_reply_newest_idx',
    'comments_unlisted_idx',
    'comments_top_likes_idx',
    'comments_top_newest_idx',
  ])
    await db.schema.dropIndex(index).execute();
  await db.schema.alterTable('chapters').dropColumn('top_comments_count').execute();
}
