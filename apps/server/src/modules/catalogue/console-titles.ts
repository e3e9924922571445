import type { DbExecutor } from '../../db/database.js';
import { pickTranslation } from '../../lib/language.js';
import { findBookTranslations } from './catalogue.repository.js';

export interface ShownTitle {
  title: string;
  language: string;
}

/**
 * The title the console shows for each book: in the console's language with the public fallback
 * (lib/language.ts: that language, English for all but Chinese, then the original), or in the
 * original language when no language is asked for.
 */
export async function consoleTitles(
  executor: DbExecutor,
  books: readonly { id: number; original_language: string }[],
  language: string | undefined,
): Promise<Map<number, ShownTitle>> {
  const translations = await findBookTranslations(
    executor,
    books.map((book) => book.id),
  );
  const shown = new Map<number, ShownTitle>();
  for (const book of books) {
    const own = translations.filter((t) => t.book_id === book.id);
    const pick = pickTranslation(own, language ?? book.original_language, book.original_language);
    shown.set(book.id, { title: pick?.title ?? '', language: pick?.language ?? book.original_language });
  }
  return shown;
}
