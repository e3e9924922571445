import type { DbExecutor } from '../../db/database.js';

/**
 * Reads and marks of comment_alerts (a row per visible reply to a reader's comment, written by the
 * comments service through reply-alert-record.ts). An alert counts only while what it points at
 * can be seen: the reply is visible and its chapter and book are published. A reply hidden,
 * held or deleted later drops out of the list and the unread count without its row being touched,
 * and comes back if a moderator makes it visible again.
 *
 * Every read starts from comment_alerts_user_idx (user_id, created_at, id): one reader's alerts,
 * newest first; the joins are primary-key lookups.
 */

/** Alerts that can still be seen: the reply visible, its chapter and book published (the joins every read shares). */
const visibleAlerts = (db: DbExecutor) =>
  db
    .selectFrom('comment_alerts as a')
    .innerJoin('comments as r', 'r.id', 'a.comment_id')
    .innerJoin('chapters as c', 'c.id', 'r.chapter_id')
    .innerJoin('books as b', 'b.id', 'r.book_id')
    .where('r.state', '=', 'visible')
    .where('c.is_published', '=', 1)
    .where('b.is_published', '=', 1);

/** The alerts of one reader that can still be seen. */
const seenAlerts = (db: DbExecutor, userId: number) => visibleAlerts(db).where('a.user_id', '=', userId);

/** One page of a reader's alerts, newest first, with the reply, the reader's comment, its chapter and book. */
export const listAlerts = (db: DbExecutor, userId: number, offset: number, limit: number) =>
  seenAlerts(db, userId)
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('comments as p', 'p.id', 'r.parent_id')
    .select([
      'a.id',
      'a.created_at',
      'a.read_at',
      'r.uuid as reply_uuid',
      'r.body as reply_body',
      'r.spoiler as reply_spoiler',
      'u.uuid as replier_uuid',
      'u.username as replier_username',
      'p.uuid as parent_uuid',
      'p.body as parent_body',
      'p.state as parent_state',
      'c.id as chapter_id',
      'c.uuid as chapter_uuid',
      'c.number as chapter_number',
      'b.id as book_id',
      'b.uuid as book_uuid',
      'b.original_language',
    ])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();

/** How many of a reader's alerts can be seen, and how many of those are unread. */
export async function countAlerts(db: DbExecutor, userId: number): Promise<{ total: number; unread: number }> {
  const row = await seenAlerts(db, userId)
    .select((eb) => [eb.fn.countAll<number | string>().as('total'), eb.fn.count<number | string>('a.read_at').as('read')])
    .executeTakeFirst();
  const total = Number(row?.total ?? 0);
  return { total, unread: total - Number(row?.read ?? 0) };
}

/** Unread alerts that can be seen (the header's dot). */
export async function countUnread(db: DbExecutor, userId: number): Promise<number> {
  const row = await seenAlerts(db, userId)
    .where('a.read_at', 'is', null)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Marks the given alerts of this reader read (others' ids match nothing); already read ones keep their time. */
export async function markRead(db: DbExecutor, userId: number, alertIds: readonly number[] | 'all', at: number): Promise<void> {
  let update = db.updateTable('comment_alerts').set({ read_at: at }).where('user_id', '=', userId).where('read_at', 'is', null);
  if (alertIds !== 'all') update = update.where('id', 'in', alertIds);
  await update.execute();
}

export const listBookTitles = (db: DbExecutor, bookIds: readonly number[]) =>
  bookIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('book_translations').select(['book_id', 'language', 'title']).where('book_id', 'in', bookIds).execute();

export const listChapterTitles = (db: DbExecutor, chapterIds: readonly number[]) =>
  chapterIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('chapter_translations').select(['chapter_id', 'language', 'title']).where('chapter_id', 'in', chapterIds).execute();

/** The alerts' reader (`reader`) and the replier (`u`), for the notices about them. */
const withReaderAndReplier = (alerts: ReturnType<typeof visibleAlerts>) =>
  alerts.innerJoin('users as reader', 'reader.id', 'a.user_id').innerJoin('users as u', 'u.id', 'r.user_id');

/** What a notice about an alert names (push and e-mail digest alike): who replied, and where. */
const NOTICE_COLUMNS = [
  'u.username as replier_username',
  'c.uuid as chapter_uuid',
  'c.number as chapter_number',
  'b.id as book_id',
  'b.uuid as book_uuid',
  'b.original_language',
] as const;

/**
 * What a push notice about one alert says, and to whom: the alert's reader (with their choice
 * notify_replies), the replier's name, the book and chapter. Undefined when the alert is gone or
 * can no longer be seen (the reply hidden before the notice went out).
 */
export const findAlertForNotice = (db: DbExecutor, alertId: number) =>
  withReaderAndReplier(visibleAlerts(db))
    .select(['a.id', 'a.user_id', 'reader.notify_replies', ...NOTICE_COLUMNS])
    .where('a.id', '=', alertId)
    .executeTakeFirst();

/**
 * Unread alerts created in (since, through] that can be seen, oldest first, for the e-mail
 * digest of a reader who kept notify_replies on; at most `limit`.
 */
export const listDigestAlerts = (db: DbExecutor, userId: number, since: number, through: number, limit: number) =>
  withReaderAndReplier(seenAlerts(db, userId))
    .select(['a.id', 'r.body as reply_body', 'r.spoiler as reply_spoiler', ...NOTICE_COLUMNS])
    .where('reader.notify_replies', '=', 1)
    .where('a.read_at', 'is', null)
    .where('a.created_at', '>', since)
    .where('a.created_at', '<=', through)
    .orderBy('a.created_at')
    .orderBy('a.id')
    .limit(limit)
    .execute();
