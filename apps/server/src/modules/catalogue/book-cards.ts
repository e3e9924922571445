import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/database.js';
import { toIso } from '../../lib/time.js';
import type { CatalogueVersion } from './catalogue-version.js';
import * as repo from './catalogue.repository.js';

export type BookCardRow = Awaited<ReturnType<typeof repo.findBooksByIds>>[number];
export type BookTitleRow = Awaited<ReturnType<typeof repo.findBookTitles>>[number];

/** What a book card of a list, a search or a suggestion is made of. */
export interface BookCardParts {
  book: BookCardRow;
  /** The book's title in each language it has. */
  titles: BookTitleRow[];
  /** When its first published chapter came out, if it has one (ISO 8601, as the API writes it). */
  firstChapterAt: string | null;
  /** The row's updated_at as the API writes it (made once per card, not per answer). */
  updatedAt: string;
}

export interface BookCardsOptions {
  /**
   * How long a card is kept while the catalogue version stays: likes and ratings change a book's
   * row without moving the version, so they are at most this far behind in a list.
   */
  ttlMs?: number;
  maxEntries?: number;
}

/**
 * 30 s, the time the public cache keeps a book list's answer (cache-rules.ts bookLists): a likes
 * badge or a rating at most that far behind for a signed-in reader, twice that for a visitor,
 * within the minute the ranking snapshot's popularity and rating orders already lag.
 */
const CARD_TTL_MS = 30_000;
/** A card is about 1 KB (a row and five titles): 20 MB at most. */
const MAX_CARDS = 20_000;

/**
 * Book cards kept in memory by book id, so a page of a list or a search reads from the database
 * only the books no recent page showed (a search's results are mostly the catalogue's popular
 * books, asked again and again). Everything on a card but its likes and rating figures moves the
 * catalogue version when it changes; the cards are dropped with the version (at once for a change
 * made on this node, within a second for another node's: catalogue-version.ts), and kept no
 * longer than `ttlMs` otherwise. A read that a version change overtook is answered but not kept.
 *
 * A card past its time is never answered, but LRUCache only drops it when it is asked for again or
 * pushed out by MAX_CARDS: under steady traffic over a large catalogue the cache would fill to
 * MAX_CARDS with cards nobody can use (the soak, issue 33: 12 MB at minute two, 21 MB at minute
 * ten, most of it expired). So the expired cards are swept out once per `ttlMs`, on a read, and the
 * cache holds about what was shown within the last two `ttlMs` (a sweep walks the cache once: a
 * few milliseconds at MAX_CARDS, once per `ttlMs`).
 */
export function createBookCards(db: Db, versions: Pick<CatalogueVersion, 'get' | 'peek' | 'subscribe'>, options: BookCardsOptions = {}) {
  const ttlMs = options.ttlMs ?? CARD_TTL_MS;
  const cards = new LRUCache<number, BookCardParts>({ max: options.maxEntries ?? MAX_CARDS, ttl: ttlMs });
  const unsubscribe = versions.subscribe(() => cards.clear());
  let nextSweep = performance.now() + ttlMs;

  async function readCards(ids: number[]): Promise<BookCardParts[]> {
    const [rows, titles, firstChapters] = await Promise.all([
      repo.findBooksByIds(db, ids),
      repo.findBookTitles(db, ids),
      repo.findFirstChapterTimes(db, ids),
    ]);
    const titlesOf = new Map<number, BookTitleRow[]>();
    for (const title of titles) {
      const list = titlesOf.get(title.book_id);
      if (list) list.push(title);
      else titlesOf.set(title.book_id, [title]);
    }
    return rows.map((book) => {
      const firstChapterAt = firstChapters.get(book.id);
      return {
        book,
        titles: titlesOf.get(book.id) ?? [],
        firstChapterAt: firstChapterAt === undefined ? null : toIso(firstChapterAt),
        updatedAt: toIso(book.updated_at),
      };
    });
  }

  return {
    /** The cards of these books, by id; a book that no longer exists is missing. */
    async get(ids: ArrayLike<number>): Promise<Map<number, BookCardParts>> {
      const now = performance.now();
      if (now >= nextSweep) {
        nextSweep = now + ttlMs;
        cards.purgeStale();
      }
      const found = new Map<number, BookCardParts>();
      const missing: number[] = [];
      for (let i = 0; i < ids.length; i += 1) {
        const id = ids[i]!;
        const card = cards.get(id);
        if (card) found.set(id, card);
        else missing.push(id);
      }
      if (missing.length === 0) return found;
      const version = await versions.get();
      const read = await readCards(missing);
      const keep = versions.peek() === version;
      for (const card of read) {
        found.set(card.book.id, card);
        if (keep) cards.set(card.book.id, card);
      }
      return found;
    },
    /** How many cards are kept (expired ones included until the next sweep). */
    size: () => cards.size,
    stop: unsubscribe,
  };
}

export type BookCards = ReturnType<typeof createBookCards>;
