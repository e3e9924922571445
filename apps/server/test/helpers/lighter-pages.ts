import type { TestBook } from './factories.js';
import type { TestContext } from './test-context.js';

/** The key of a page's lighter variant (the data saver's WebP), beside the page's own key. */
export const liteOf = (key: string) => key.replace(/\.webp$/, '-lite.webp');

/**
 * Gives the first page of each chapter of `book` a lighter variant, stored and recorded as the
 * lite backfill does; the other pages have none, so a test sees both kinds.
 */
export async function addLighterFirstPages(ctx: TestContext, book: TestBook): Promise<void> {
  for (const chapter of book.chapters) {
    const first = chapter.pageKeys[0]!;
    await ctx.storage.put(liteOf(first), Buffer.from('lighter page'), 'image/webp');
    await ctx.db
      .updateTable('chapter_pages')
      .set({ lite_key: liteOf(first) })
      .where('media_key', '=', first)
      .execute();
  }
}
