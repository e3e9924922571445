import type { DbExecutor } from '../../../db/database.js';
import { foldText } from '../../search/search-text.js';
import type { ImportEntry } from './entries.js';
import { findPublishedTitles } from './status-import.repository.js';

/**
 * Issue 61: which published book an imported entry names. Titles are compared after the search's
 * folding (foldText: case, full-width forms, accents, punctuation, Traditional/Simplified Chinese),
 * against every title of the book (each language's title and the alternate titles). Exact folded
 * match only, no fuzzy guess: a wrong match would file a book the reader never read. When the
 * entry's titles name more than one book, the entry is ambiguous and the reader is shown the candidates.
 */
export interface CatalogueBook {
  id: number;
  uuid: string;
  title: string;
}

export interface Catalogue {
  byKey: Map<string, Set<number>>;
  books: Map<number, CatalogueBook>;
}

/** The books a reader's file can match: published, of the ratings the reader may open (issue 61). */
export async function loadCatalogue(db: DbExecutor, ratings: readonly string[]): Promise<Catalogue> {
  const { translations, alternates } = await findPublishedTitles(db, ratings);
  const byKey = new Map<string, Set<number>>();
  const books = new Map<number, CatalogueBook>();
  const add = (title: string, bookId: number) => {
    const key = foldText(title);
    if (key === '') return;
    const ids = byKey.get(key) ?? new Set<number>();
    ids.add(bookId);
    byKey.set(key, ids);
  };
  for (const row of translations) {
    // The book's name in the report: its title in its original language, else the first seen.
    const known = books.get(row.id);
    if (!known || row.language === row.original_language) books.set(row.id, { id: row.id, uuid: row.uuid, title: row.title });
    add(row.title, row.id);
  }
  for (const row of alternates) add(row.title, row.book_id);
  return { byKey, books };
}

/** The books the entry's titles name (every title of the entry counts: a second name may name another book). */
export function candidatesFor(catalogue: Catalogue, entry: ImportEntry): CatalogueBook[] {
  const ids = new Set<number>();
  for (const title of entry.titles) for (const id of catalogue.byKey.get(foldText(title)) ?? []) ids.add(id);
  return [...ids].flatMap((id) => {
    const book = catalogue.books.get(id);
    return book ? [book] : [];
  });
}
