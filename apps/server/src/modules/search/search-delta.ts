import type { DbExecutor } from '../../db/database.js';
import { letOthersRun } from '../../lib/concurrency.js';
import { analyseBook, type AnalysedBook } from './book-terms.js';
import { BOOKS_PER_TURN, buildSearchLayer, type SearchLayer } from './search-layers.js';
import { readSearchableBooksByIds } from './searchable-books.js';
import { findBooksChangedSince } from './search.repository.js';

/**
 * The books changed since the base index was built, re-read from the database: each write that
 * changes what is searched of a book (a title, an introduction, the author, the tags, published
 * or not) gives it a new books.search_revision in the same transaction
 * (catalogue-write.repository.ts, markSearchChanged), so the books past the last revision read are
 * exactly the ones to read again. Their layer is rebuilt from them at each change: each book is
 * kept analysed (its terms folded and in pinyin, the costly part), so a change costs reading and
 * analysing the books it changed and re-indexing the delta's terms; the base hides its copy of
 * every one of them.
 */

/** A changed book as last read: its terms, whether it is published, and the revision it was read at. */
interface DeltaBook {
  analysed: AnalysedBook;
  isPublished: boolean;
  revision: number;
}
/** What searches read of the delta: swapped whole once built, so a search never sees half a change. */
export interface DeltaView {
  layer: SearchLayer | null;
  /** The ids the delta holds: the base's copies of these books are out of date. */
  ids: ReadonlySet<number>;
}

export class SearchDelta {
  /** Each changed book as last read, with the revision it was read at; a book gone from the database has no texts. */
  private readonly books = new Map<number, DeltaBook>();

  /** `revision`: the last revision the index has read (the base read everything up to it). */
  constructor(public revision: number) {}

  get size(): number {
    return this.books.size;
  }

  /** Reads the books changed after the last revision read, and the view with them; null when none changed. */
  async catchUp(db: DbExecutor): Promise<DeltaView | null> {
    const changes = await findBooksChangedSince(db, this.revision);
    if (changes.length === 0) return null;
    const read = await readSearchableBooksByIds(
      db,
      changes.map((change) => change.id),
    );
    const found = new Map(read.map((book) => [book.id, book]));
    let analysed = 0;
    for (const change of changes) {
      const revision = Number(change.search_revision);
      const book = found.get(change.id);
      // What was read is at least as new as the revision that listed it. A book gone from the
      // database is found by nothing, and still hides the base's copy.
      this.books.set(change.id, {
        analysed: analyseBook(book ?? { id: change.id, titles: [], author: null, tags: [], introductions: [], popularity: 0 }),
        isPublished: book?.isPublished ?? false,
        revision: Math.max(book?.revision ?? 0, revision),
      });
      this.revision = Math.max(this.revision, revision);
      if (++analysed % BOOKS_PER_TURN === 0) await letOthersRun();
    }
    return this.view();
  }

  /** A new base read everything up to `revision`: the books changed no later leave the delta. The view to search with it. */
  async rebase(revision: number): Promise<DeltaView> {
    for (const [id, book] of this.books) if (book.revision <= revision) this.books.delete(id);
    this.revision = Math.max(this.revision, revision);
    return this.view();
  }

  private async view(): Promise<DeltaView> {
    const ids = new Set(this.books.keys());
    return { layer: ids.size === 0 ? null : await buildSearchLayer(this.books.values()), ids };
  }
}
