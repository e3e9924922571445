import type { DbExecutor } from '../../db/database.js';

const BOOK_OFFER = [
  'books.id',
  'books.uuid',
  'books.coin_price',
  'books.wait_free_hours',
  'books.rental_price',
  'books.rental_days',
] as const;

/** A published book's way of selling chapters. */
export const findBookOffer = (db: DbExecutor, bookUuid: string) =>
  db
    .selectFrom('books')
    .select(BOOK_OFFER)
    .where('books.uuid', '=', bookUuid)
    .where('books.is_published', '=', 1)
    .executeTakeFirst()
    .then((row) => row && { ...row, id: Number(row.id) });

/** A published chapter of a published book, with its own price and its book's offer. */
export async function findChapterOffer(db: DbExecutor, chapterUuid: string) {
  const row = await db
    .selectFrom('chapters')
    .innerJoin('books', 'books.id', 'chapters.book_id')
    .select(['chapters.id as chapter_id', 'chapters.coin_price as chapter_price', ...BOOK_OFFER])
    .where('chapters.uuid', '=', chapterUuid)
    .where('chapters.is_published', '=', 1)
    .where('books.is_published', '=', 1)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: Number(row.chapter_id),
    coin_price: row.chapter_price,
    book: {
      id: Number(row.id),
      uuid: row.uuid,
      coin_price: row.coin_price,
      wait_free_hours: row.wait_free_hours,
      rental_price: row.rental_price,
      rental_days: row.rental_days,
    },
  };
}

/** Chapters' own prices (those without one are absent: the book's price applies). */
export async function chapterPrices(db: DbExecutor, chapterIds: readonly number[]): Promise<Map<number, number>> {
  if (chapterIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('chapters')
    .select(['id', 'coin_price'])
    .where('id', 'in', chapterIds)
    .where('coin_price', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [Number(row.id), row.coin_price!]));
}

/** The published chapters of a book with a price of their own. */
export const bookChapterPrices = (db: DbExecutor, bookId: number) =>
  db
    .selectFrom('chapters')
    .select(['uuid', 'coin_price'])
    .where('book_id', '=', bookId)
    .where('is_published', '=', 1)
    .where('coin_price', 'is not', null)
    .execute()
    .then((rows) => rows.map((row) => ({ uuid: row.uuid, coin_price: row.coin_price! })));

/** The chapters of a book the reader holds a standing grant of for good, in reading order (rentals: the access rule's answer). */
export const heldChapters = (db: DbExecutor, userId: number, bookId: number) =>
  db
    .selectFrom('chapter_grants')
    .innerJoin('chapters', 'chapters.id', 'chapter_grants.chapter_id')
    .select('chapters.uuid')
    .distinct()
    .select('chapters.number')
    .where('chapter_grants.user_id', '=', userId)
    .where('chapter_grants.revoked_at', 'is', null)
    .where('chapter_grants.expires_at', 'is', null)
    .where('chapters.book_id', '=', bookId)
    .where('chapters.is_published', '=', 1)
    .orderBy('chapters.number')
    .execute()
    .then((rows) => rows.map((row) => row.uuid));

/** Issue 59: the reader's auto-unlock of a book (cap, spent), if on. */
export const findAutoUnlock = (db: DbExecutor, userId: number, bookId: number) =>
  db
    .selectFrom('auto_unlocks')
    .select(['id', 'cap', 'spent', 'enabled_at'])
    .where('user_id', '=', userId)
    .where('book_id', '=', bookId)
    .executeTakeFirst()
    .then((row) => row && { id: Number(row.id), cap: Number(row.cap), spent: Number(row.spent), enabled_at: Number(row.enabled_at) });
