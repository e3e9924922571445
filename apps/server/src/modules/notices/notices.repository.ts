import type { DbExecutor } from '../../db/database.js';

/**
 * The notices' own columns of users (mail_reminders, reminded_until, mail_digest, digest_due_at,
 * digest_through) and the reads the digest makes of what a reader follows.
 */

/** Memberships ending within (now, until] whose reader wants a reminder and has not had one for that end, soonest first. */
export const listDueReminders = (db: DbExecutor, now: number, until: number, limit: number) =>
  db
    .selectFrom('users')
    .select(['id', 'member_until'])
    .where('member_until', '>', now)
    .where('member_until', '<=', until)
    .where('mail_reminders', '=', 1)
    .where('email_confirmed_at', 'is not', null)
    .where('disabled_at', 'is', null)
    .where((eb) => eb.or([eb('reminded_until', 'is', null), eb('reminded_until', '<>', eb.ref('member_until'))]))
    .orderBy('member_until')
    .limit(limit)
    .execute();

/** Marks a membership's end as reminded, if it still stands and was not yet; true when this call marked it. */
export async function markReminded(db: DbExecutor, userId: number, end: number): Promise<boolean> {
  const mark = await db
    .updateTable('users')
    .set({ reminded_until: end })
    .where('id', '=', userId)
    .where('member_until', '=', end)
    .where('mail_reminders', '=', 1)
    .where((eb) => eb.or([eb('reminded_until', 'is', null), eb('reminded_until', '<>', end)]))
    .executeTakeFirst();
  return Number(mark.numUpdatedRows) === 1;
}

/** Readers whose digest is due, earliest first. */
export const listDueDigests = (db: DbExecutor, now: number, limit: number) =>
  db
    .selectFrom('users')
    .select(['id', 'digest_due_at', 'digest_through'])
    .where('mail_digest', '=', 1)
    .where('digest_due_at', '<=', now)
    .orderBy('digest_due_at')
    .limit(limit)
    .execute();

/** Moves a due digest to `next` (and what it covered to `covered`) if it is still the one read; true when it was. */
export async function moveDigest(db: DbExecutor, userId: number, dueAt: number, next: number, covered: number | null): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ digest_due_at: next, ...(covered !== null ? { digest_through: covered } : {}) })
    .where('id', '=', userId)
    .where('mail_digest', '=', 1)
    .where('digest_due_at', '=', dueAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Chapters published in (since, through] of the published books a reader follows, by book then number. */
export const listFollowedNewChapters = (db: DbExecutor, userId: number, since: number, through: number, limit: number) =>
  db
    .selectFrom('book_follows as f')
    .innerJoin('books as b', 'b.id', 'f.book_id')
    .innerJoin('chapters as c', 'c.book_id', 'f.book_id')
    .select(['b.id as book_id', 'b.uuid as book_uuid', 'b.original_language', 'c.id as chapter_id', 'c.number'])
    .where('f.user_id', '=', userId)
    .where('b.is_published', '=', 1)
    .where('c.is_published', '=', 1)
    .where('c.created_at', '>', since)
    .where('c.created_at', '<=', through)
    .orderBy('f.book_id')
    .orderBy('c.number')
    .limit(limit)
    .execute();

export const listBookTitles = (db: DbExecutor, bookIds: number[]) =>
  db.selectFrom('book_translations').select(['book_id', 'language', 'title']).where('book_id', 'in', bookIds).execute();

export const listChapterTitles = (db: DbExecutor, chapterIds: number[]) =>
  db.selectFrom('chapter_translations').select(['chapter_id', 'language', 'title']).where('chapter_id', 'in', chapterIds).execute();

export const findMailPreferences = (db: DbExecutor, userUuid: string) =>
  db.selectFrom('users').select(['mail_reminders', 'mail_digest', 'notify_replies']).where('uuid', '=', userUuid).executeTakeFirstOrThrow();

/** Replies to the reader's comments by Web Push and in the digest (issue 31). */
export const setNotifyReplies = (db: DbExecutor, userUuid: string, on: boolean) =>
  db
    .updateTable('users')
    .set({ notify_replies: on ? 1 : 0 })
    .where('uuid', '=', userUuid)
    .execute();

export const setMailReminders = (db: DbExecutor, userUuid: string, on: boolean) =>
  db
    .updateTable('users')
    .set({ mail_reminders: on ? 1 : 0 })
    .where('uuid', '=', userUuid)
    .execute();

/** Joins the digest, counting from `at`; a reader already in is left as is (no digest is reset). */
export const joinDigest = (db: DbExecutor, userUuid: string, at: number) =>
  db
    .updateTable('users')
    .set({ mail_digest: 1, digest_through: at, digest_due_at: at })
    .where('uuid', '=', userUuid)
    .where('mail_digest', '=', 0)
    .execute();

export const leaveDigest = (db: DbExecutor, userUuid: string) =>
  db.updateTable('users').set({ mail_digest: 0 }).where('uuid', '=', userUuid).execute();
