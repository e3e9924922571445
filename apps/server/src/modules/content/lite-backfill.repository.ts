import type { DbExecutor } from '../../db/database.js';

export interface PageWithoutLite {
  id: number;
  media_key: string;
  avif_key: string | null;
  webp_key: string | null;
  /** The book of the page's chapter: a lighter variant is a change of that book's chapters. */
  book_id: number;
}

/**
 * Pages that have not had their data saver variant looked at (lite_key null), by id after `afterId`:
 * a walk along the primary key, so each batch costs its own rows whatever the table's size.
 */
export async function findPagesWithoutLite(db: DbExecutor, afterId: number, limit: number): Promise<PageWithoutLite[]> {
  const rows = await db
    .selectFrom('chapter_pages')
    .innerJoin('chapters', 'chapters.id', 'chapter_pages.chapter_id')
    .select(['chapter_pages.id', 'chapter_pages.media_key', 'chapter_pages.avif_key', 'chapter_pages.webp_key', 'chapters.book_id'])
    .where('chapter_pages.id', '>', afterId)
    .where('chapter_pages.lite_key', 'is', null)
    .orderBy('chapter_pages.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), book_id: Number(row.book_id) }));
}

/**
 * Records a page's lighter variant ('' when it has none lighter than its other forms), only if
 * no other node did in the meantime. True when this call set it.
 */
export async function setLiteKey(db: DbExecutor, id: number, liteKey: string): Promise<boolean> {
  const result = await db
    .updateTable('chapter_pages')
    .set({ lite_key: liteKey })
    .where('id', '=', id)
    .where('lite_key', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
