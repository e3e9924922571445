import type { Insertable } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import type { CoinEntriesTable, CoinLotsTable } from '../../db/schema.js';

/** Lots that can still be spent at `now`, in the order spending draws them: soonest expiry first, then oldest. */
export const spendableLots = (db: DbExecutor, userId: number, now: number) =>
  db
    .selectFrom('coin_lots')
    .select(['id', 'remaining', 'expires_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('remaining', '>', 0)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy((eb) => eb.case().when('expires_at', 'is', null).then(1).else(0).end())
    .orderBy('expires_at')
    .orderBy('id')
    .execute();

/** Lots past their expiry with coins left: the expiry pass empties them (coin-ledger.ts expireDueWithin). */
export const dueLots = (db: DbExecutor, userId: number, now: number) =>
  db
    .selectFrom('coin_lots')
    .select(['id', 'remaining'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('remaining', '>', 0)
    .where('expires_at', '<=', now)
    .orderBy('id')
    .execute();

/** The users with coins past their expiry (housekeeping empties them; reading never counts them). */
export const usersWithDueLots = (db: DbExecutor, now: number, limit: number) =>
  db
    .selectFrom('coin_lots')
    .select('user_id')
    .distinct()
    .where('revoked_at', 'is', null)
    .where('remaining', '>', 0)
    .where('expires_at', '<=', now)
    .limit(limit)
    .execute()
    .then((rows) => rows.map((row) => row.user_id));

export async function balanceOf(db: DbExecutor, userId: number, now: number): Promise<number> {
  const row = await db
    .selectFrom('coin_lots')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('remaining'), eb.lit(0)).as('balance'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

/** A credit, once per (source, source_ref); the new lot's id, or null when it had been written before. */
export async function insertLotOnce(db: DbExecutor, lot: Insertable<CoinLotsTable>): Promise<number | null> {
  const row = await db
    .insertInto('coin_lots')
    .values(lot)
    .onConflict((oc) => oc.columns(['source', 'source_ref']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

export const setLotRemaining = (db: DbExecutor, lotId: number, remaining: number) =>
  db.updateTable('coin_lots').set({ remaining }).where('id', '=', lotId).execute();

export const addToLot = (db: DbExecutor, lotId: number, coins: number) =>
  db
    .updateTable('coin_lots')
    .set((eb) => ({ remaining: eb('remaining', '+', coins) }))
    .where('id', '=', lotId)
    .execute();

export const lotsOfOrder = (db: DbExecutor, orderId: string) =>
  db
    .selectFrom('coin_lots')
    .select(['id', 'user_id', 'remaining', 'revoked_at', 'expires_at'])
    .where('source', 'in', ['purchase', 'bonus'])
    .where('source_ref', '=', orderId)
    .orderBy('id')
    .execute();

/** Lots by id, as far as spending is concerned: what is left, whether revoked, when they expire. */
export const lotsByIds = (db: DbExecutor, lotIds: readonly number[]) =>
  lotIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('coin_lots').select(['id', 'remaining', 'revoked_at', 'expires_at']).where('id', 'in', lotIds).execute();

export const lotRemaining = (db: DbExecutor, lotId: number) =>
  db
    .selectFrom('coin_lots')
    .select('remaining')
    .where('id', '=', lotId)
    .executeTakeFirstOrThrow()
    .then((row) => row.remaining);

export const revokeLot = (db: DbExecutor, lotId: number, now: number) =>
  db.updateTable('coin_lots').set({ remaining: 0, revoked_at: now }).where('id', '=', lotId).execute();

export async function insertEntry(db: DbExecutor, entry: Insertable<CoinEntriesTable>): Promise<number> {
  const row = await db.insertInto('coin_entries').values(entry).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertChapterGrant(
  db: DbExecutor,
  grant: { user_id: number; chapter_id: number; kind: string; source_ref: string; granted_at: number; expires_at?: number | null },
): Promise<number> {
  const row = await db
    .insertInto('chapter_grants')
    .values({ ...grant, revoked_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export const insertSpends = (db: DbExecutor, spends: { entry_id: number; lot_id: number; grant_id: number; coins: number }[]) =>
  spends.length === 0
    ? Promise.resolve()
    : db
        .insertInto('coin_spends')
        .values(spends)
        .execute()
        .then(() => undefined);

/** The unlocks some coins of these lots paid for that still stand, with every lot's share of each. */
export async function standingUnlocksPaidFrom(db: DbExecutor, lotIds: readonly number[], now: number) {
  if (lotIds.length === 0) return [];
  return (
    db
      .selectFrom('coin_spends as paid')
      .innerJoin('chapter_grants', 'chapter_grants.id', 'paid.grant_id')
      .innerJoin('coin_spends as share', 'share.entry_id', 'paid.entry_id')
      .innerJoin('coin_entries', 'coin_entries.id', 'paid.entry_id')
      .select(['paid.entry_id', 'paid.grant_id', 'share.lot_id', 'share.coins', 'coin_entries.chapter_id', 'coin_entries.book_id'])
      .distinct()
      .where('paid.lot_id', 'in', lotIds)
      .where('chapter_grants.revoked_at', 'is', null)
      // Issue 59: a rental that has ended was used up: nothing to lock again or give back.
      .where((eb) => eb.or([eb('chapter_grants.expires_at', 'is', null), eb('chapter_grants.expires_at', '>', now)]))
      .orderBy('paid.entry_id')
      .orderBy('share.lot_id')
      .execute()
  );
}

/** Issue 59: revokes a grant that stands; false when it was revoked already (an undo that ran first). */
export const revokeStandingGrant = async (db: DbExecutor, grantId: number, now: number): Promise<boolean> => {
  const result = await db
    .updateTable('chapter_grants')
    .set({ revoked_at: now })
    .where('id', '=', grantId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/** What each lot paid of a grant, with the chapter and book its entry names. */
export const sharesOfGrant = (db: DbExecutor, grantId: number) =>
  db
    .selectFrom('coin_spends')
    .innerJoin('coin_entries', 'coin_entries.id', 'coin_spends.entry_id')
    .select(['coin_spends.lot_id', 'coin_spends.coins', 'coin_entries.chapter_id', 'coin_entries.book_id'])
    .where('coin_spends.grant_id', '=', grantId)
    .orderBy('coin_spends.lot_id')
    .execute();

export const revokeChapterGrant = (db: DbExecutor, grantId: number, now: number) =>
  db.updateTable('chapter_grants').set({ revoked_at: now }).where('id', '=', grantId).where('revoked_at', 'is', null).execute();

/** When the reader last used a free unlock of this book (revoked ones count: the wait was used). */
export async function lastFreeUnlockAt(db: DbExecutor, userId: number, bookId: number): Promise<number | null> {
  const row = await db
    .selectFrom('chapter_grants')
    .innerJoin('chapters', 'chapters.id', 'chapter_grants.chapter_id')
    .select((eb) => eb.fn.max('chapter_grants.granted_at').as('at'))
    .where('chapter_grants.user_id', '=', userId)
    .where('chapter_grants.kind', '=', 'wait_free')
    .where('chapters.book_id', '=', bookId)
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}

/** The wallet history, newest first, with the chapter and book each entry names. */
export const historyOf = (db: DbExecutor, userId: number, limit: number) =>
  db
    .selectFrom('coin_entries')
    .leftJoin('chapters', 'chapters.id', 'coin_entries.chapter_id')
    .leftJoin('books', 'books.id', 'coin_entries.book_id')
    .leftJoin('book_translations', (join) =>
      join.onRef('book_translations.book_id', '=', 'books.id').onRef('book_translations.language', '=', 'books.original_language'),
    )
    .select([
      'coin_entries.kind',
      'coin_entries.coins',
      'coin_entries.balance_after',
      'coin_entries.created_at',
      'coin_entries.order_id',
      'coin_entries.reason',
      'chapters.uuid as chapter_uuid',
      'chapters.number as chapter_number',
      'books.uuid as book_uuid',
      'book_translations.title as book_title',
    ])
    .where('coin_entries.user_id', '=', userId)
    .orderBy('coin_entries.id', 'desc')
    .limit(limit)
    .execute();

/** Unexpired bonus coins with an expiry, soonest first. */
export const expiringLots = (db: DbExecutor, userId: number, now: number) =>
  db
    .selectFrom('coin_lots')
    .select(['remaining', 'expires_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('remaining', '>', 0)
    .where('expires_at', '>', now)
    .orderBy('expires_at')
    .execute();

const NAMED_CHAPTER = [
  'chapters.id as chapter_id',
  'chapters.uuid as chapter_uuid',
  'chapters.number as chapter_number',
  'books.uuid as book_uuid',
  'book_translations.title as book_title',
] as const;

/** Chapters by id with their book, titled in the book's original language (the console's refund preview). */
export const chaptersNamed = (db: DbExecutor, chapterIds: readonly number[]) =>
  chapterIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('chapters')
        .innerJoin('books', 'books.id', 'chapters.book_id')
        .leftJoin('book_translations', (join) =>
          join.onRef('book_translations.book_id', '=', 'books.id').onRef('book_translations.language', '=', 'books.original_language'),
        )
        .select(NAMED_CHAPTER)
        .where('chapters.id', 'in', chapterIds)
        .execute();

/** The entries a pack's refund wrote (`reversal` per chapter locked again, `refund` per lot), in order. */
export const refundEntriesOf = (db: DbExecutor, orderId: string) =>
  db
    .selectFrom('coin_entries')
    .leftJoin('chapters', 'chapters.id', 'coin_entries.chapter_id')
    .leftJoin('books', 'books.id', 'chapters.book_id')
    .leftJoin('book_translations', (join) =>
      join.onRef('book_translations.book_id', '=', 'books.id').onRef('book_translations.language', '=', 'books.original_language'),
    )
    .select(['coin_entries.kind', 'coin_entries.coins', 'coin_entries.balance_after', ...NAMED_CHAPTER])
    .where('coin_entries.order_id', '=', orderId)
    .where('coin_entries.kind', 'in', ['reversal', 'refund'])
    .orderBy('coin_entries.id')
    .execute();
