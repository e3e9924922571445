import { GENRE_TAG_NAMES, type GenreTag } from '@inkstream/contracts';
import type { DbExecutor } from '../../db/database.js';
import type { SearchableBook } from './book-terms.js';
import {
  findAlternateTitles,
  findSearchableBooks,
  findTagNames,
  findTexts,
  SEARCH_IDS_PER_READ,
  type BookSelection,
} from './search.repository.js';

/** A book as the index holds it, with what the public search and the delta need besides its texts. */
export interface IndexedBook extends SearchableBook {
  /** Drafts are indexed for the console; the public search leaves them out. */
  isPublished: boolean;
  /** books.search_revision when the book was read. */
  revision: number;
}

/**
 * Reads the searchable texts of a selection of books (a range for the base index, a list of ids
 * for the books changed since), in increasing id order, the order the index takes them in.
 */
export async function readSearchableBooks(db: DbExecutor, selection: BookSelection): Promise<IndexedBook[]> {
  const [rows, texts, tags, alternates] = await Promise.all([
    findSearchableBooks(db, selection),
    findTexts(db, selection),
    findTagNames(db, selection),
    findAlternateTitles(db, selection),
  ]);
  const byId = new Map<number, IndexedBook>();
  for (const row of rows) {
    byId.set(row.id, {
      id: row.id,
      titles: [],
      author: row.author,
      tags: [],
      tagSlugs: [],
      introductions: [],
      popularity: row.popularity,
      isPublished: row.is_published === 1,
      revision: Number(row.search_revision),
    });
  }
  for (const text of texts) {
    const book = byId.get(text.book_id);
    book?.titles.push(text.title);
    book?.introductions.push(text.introduction);
  }
  // Alternate titles are titles to the search (found and ranked as titles are).
  for (const alternate of alternates) byId.get(alternate.book_id)?.titles.push(alternate.title);
  for (const tag of tags) {
    const book = byId.get(tag.book_id);
    book?.tags.push(tag.name, ...(GENRE_TAG_NAMES[tag.name as GenreTag] ?? []));
    (book?.tagSlugs as string[] | undefined)?.push(tag.name);
  }
  return [...byId.values()];
}

/** The books of a list of ids, read SEARCH_IDS_PER_READ at a time; ids no book has any more are left out. */
export async function readSearchableBooksByIds(db: DbExecutor, ids: readonly number[]): Promise<IndexedBook[]> {
  const books: IndexedBook[] = [];
  for (let i = 0; i < ids.length; i += SEARCH_IDS_PER_READ) {
    books.push(...(await readSearchableBooks(db, { ids: ids.slice(i, i + SEARCH_IDS_PER_READ) })));
  }
  return books;
}
