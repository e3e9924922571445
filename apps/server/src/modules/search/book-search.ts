import { GENRE_TAG_NAMES, type GenreTag } from '@inkstream/contracts';
import type { Db } from '../../db/database.js';
import type { CatalogueVersion } from '../catalogue/catalogue-version.js';
import { findMaxBookId } from '../catalogue/catalogue.repository.js';
import { startBookSearchIndex, type BookSearchIndex, type RankedMatch, type SearchableBook } from './book-search-index.js';
import { findPublishedBooksInRange, findTagNamesInRange, findTextsInRange } from './search.repository.js';
import { letOthersRun } from '../../lib/concurrency.js';

/**
 * The site's book search: what any search engine standing behind it (this in-process index
 * today; Meilisearch or PostgreSQL pg_trgm for a catalogue past one machine's memory) answers.
 */
export interface BookSearch {
  /** Published books matching the query, best first, at most QUERY_LIMITS.candidates. */
  search(query: string): Promise<RankedMatch[]>;
  /** Builds the index ahead of the first search (called when the server is ready). */
  warm(): Promise<void>;
}

/** Rows per read, with a turn of the event loop between reads (SQLite reads run on the main thread). */
const CHUNK = 2_000;
/**
 * Books indexed between two turns of the event loop: reading a book's terms (folding, pinyin)
 * takes about 0.15 ms, so a request waits at most a few tens of milliseconds behind a rebuild
 * (`npm run bench:search` reports the longest wait).
 */
const BOOKS_PER_TURN = 200;

/** Builds the index from the database, a range of books at a time, letting requests run in between. */
async function buildIndex(db: Db): Promise<BookSearchIndex> {
  const index = startBookSearchIndex();
  const maxId = await findMaxBookId(db);
  for (let from = 0; from < maxId; from += CHUNK) {
    const to = from + CHUNK;
    const [rows, texts, tags] = await Promise.all([
      findPublishedBooksInRange(db, from, to),
      findTextsInRange(db, from, to),
      findTagNamesInRange(db, from, to),
    ]);
    const byId = new Map<number, SearchableBook>();
    for (const row of rows) {
      byId.set(row.id, { id: row.id, titles: [], author: row.author, tags: [], introductions: [], popularity: row.popularity });
    }
    for (const text of texts) {
      const book = byId.get(text.book_id);
      book?.titles.push(text.title);
      book?.introductions.push(text.introduction);
    }
    for (const tag of tags) byId.get(tag.book_id)?.tags.push(tag.name, ...(GENRE_TAG_NAMES[tag.name as GenreTag] ?? []));
    let added = 0;
    for (const book of byId.values()) {
      index.add(book);
      if (++added % BOOKS_PER_TURN === 0) await letOthersRun();
    }
    await letOthersRun();
  }
  return index.finishInTurns(letOthersRun);
}

/**
 * Keeps the index in step with the catalogue: rebuilt when the catalogue version moves (a book
 * published, renamed or retagged on any node moves it; catalogue-version.ts learns of it within a
 * second); the first search after a change waits for the new index, as the catalogue list waits
 * for its new snapshot.
 */
export function createBookSearch(db: Db, versions: CatalogueVersion): BookSearch {
  let current: { version: string; index: BookSearchIndex } | undefined;
  let building: Promise<BookSearchIndex> | undefined;

  function rebuild(): Promise<BookSearchIndex> {
    building ??= (async () => {
      const version = await versions.get();
      const index = await buildIndex(db);
      current = { version, index };
      return index;
    })().finally(() => (building = undefined));
    return building;
  }

  async function fresh(): Promise<BookSearchIndex> {
    if (!current) return rebuild();
    // As the catalogue list does (ranking-snapshot.ts): a search right after a change sees it.
    if ((await versions.get()) !== current.version) return rebuild();
    return current.index;
  }

  return {
    async search(query) {
      return (await fresh()).search(query);
    },
    async warm() {
      await fresh();
    },
  };
}
