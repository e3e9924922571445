import type { DbExecutor } from '../../db/database.js';

export interface PageWithoutLite {
  id: number;
  media_key: string;
  avif_key: string | null;
  webp_key: string | null;
}

/**
 * Pages that have not had their data saver variant looked at (lite_key null), by id after `afterId`:
 * a walk along the primary key, so each batch costs its own rows whatever the table's size.
 */
export async function findPagesWithoutLite(db: DbExecutor, afterId: number, limit: number): Promise<PageWithoutLite[]> {
  const rows = await db
    .selectFrom('chapter_pages')
    .select(['id', 'media_key', 'avif_key', 'webp_key'])
    .where('id', '>', afterId)
    .where('lite_key', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
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
