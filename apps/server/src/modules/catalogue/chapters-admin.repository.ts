import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';

/** Chapter writes of the console (chapters-admin.service.ts); new chapters come from insertChapter in catalogue-write.repository.ts. */

export async function upsertChapterTitles(db: DbExecutor, chapterId: number, titles: readonly { language: string; title: string }[]) {
  for (const { language, title } of titles) {
    const result = await db
      .updateTable('chapter_translations')
      .set({ title })
      .where('chapter_id', '=', chapterId)
      .where('language', '=', language)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0)
      await db.insertInto('chapter_translations').values({ chapter_id: chapterId, language, title }).execute();
  }
}

/**
 * Numbers a book's chapters 1..n in the given order. Numbers are unique per book, and PostgreSQL
 * checks that row by row: every chapter first takes a negative number no other chapter holds.
 */
export async function renumberChapters(db: DbExecutor, bookId: number, chapterIdsInOrder: readonly number[]): Promise<void> {
  for (const [index, id] of chapterIdsInOrder.entries()) {
    await db
      .updateTable('chapters')
      .set({ number: -(index + 1) })
      .where('id', '=', id)
      .where('book_id', '=', bookId)
      .execute();
  }
  await db
    .updateTable('chapters')
    .set({ number: sql`-number` })
    .where('book_id', '=', bookId)
    .where('number', '<', 0)
    .execute();
}

export async function setChapterRelease(
  db: DbExecutor,
  chapterId: number,
  values: { is_published?: boolean; created_at?: number; publish_at?: number | null },
): Promise<void> {
  const { is_published, ...rest } = values;
  await db
    .updateTable('chapters')
    .set({ ...rest, ...(is_published !== undefined ? { is_published: is_published ? 1 : 0 } : {}) })
    .where('id', '=', chapterId)
    .execute();
}

/**
 * Publishes a scheduled chapter only if it is still unpublished and still scheduled for exactly
 * `publishAt` (compare-and-swap): a rescheduled, cancelled or already published chapter is left alone.
 */
export async function publishScheduledChapter(db: DbExecutor, chapterId: number, publishAt: number, at: number): Promise<boolean> {
  const result = await db
    .updateTable('chapters')
    .set({ is_published: 1, publish_at: null, created_at: at })
    .where('id', '=', chapterId)
    .where('is_published', '=', 0)
    .where('publish_at', '=', publishAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
