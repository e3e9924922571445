import type { DbExecutor } from '../../db/database.js';
import type { CoinEntryKindColumn, CoinLotSource } from '../../db/schema.js';

/** A period [from, to) in epoch ms. */
export interface Period {
  from: number;
  to: number;
}

/** Coins moved in the period, by entry kind (signed as the entries are: credits positive, spending negative). */
export async function entrySumsByKind(db: DbExecutor, period: Period): Promise<Map<CoinEntryKindColumn, number>> {
  const rows = await db
    .selectFrom('coin_entries')
    .select(['kind', (eb) => eb.fn.sum<number | string>('coins').as('coins')])
    .where('created_at', '>=', period.from)
    .where('created_at', '<', period.to)
    .groupBy('kind')
    .execute();
  return new Map(rows.map((row) => [row.kind, Number(row.coins)]));
}

/**
 * What readers hold now, by the source of the lots: what is left of unrevoked lots not past their
 * expiry (the balance rule of coin-ledger.repository.ts balanceOf, over every reader).
 */
export async function outstandingBySource(db: DbExecutor, now: number): Promise<Map<CoinLotSource, number>> {
  const rows = await db
    .selectFrom('coin_lots')
    .select(['source', (eb) => eb.fn.sum<number | string>('remaining').as('coins')])
    .where('revoked_at', 'is', null)
    .where('remaining', '>', 0)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .groupBy('source')
    .execute();
  return new Map(rows.map((row) => [row.source, Number(row.coins)]));
}

/** Standing chapter grants of the coin kinds made in the period, per book and kind. */
export const unlocksByBook = (db: DbExecutor, period: Period) =>
  db
    .selectFrom('chapter_grants')
    .innerJoin('chapters', 'chapters.id', 'chapter_grants.chapter_id')
    .select(['chapters.book_id', 'chapter_grants.kind', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('chapter_grants.kind', 'in', ['coins', 'auto_unlock', 'rental', 'wait_free'])
    .where('chapter_grants.revoked_at', 'is', null)
    .where('chapter_grants.granted_at', '>=', period.from)
    .where('chapter_grants.granted_at', '<', period.to)
    .groupBy(['chapters.book_id', 'chapter_grants.kind'])
    .execute()
    .then((rows) => rows.map((row) => ({ bookId: Number(row.book_id), kind: row.kind, count: Number(row.n) })));

/**
 * Coins spent per book in the period: the unlocks less what refunds gave back (`reversal` entries
 * carry the book of the unlock they took back), as a positive number.
 */
export const spentByBook = (db: DbExecutor, period: Period) =>
  db
    .selectFrom('coin_entries')
    .select(['book_id', (eb) => eb.fn.sum<number | string>('coins').as('coins')])
    // Issue 59: every way of spending on a chapter, and an auto-unlock undone.
    .where('kind', 'in', ['unlock', 'rental', 'auto_unlock', 'bulk_unlock', 'undo_refund', 'reversal'])
    .where('book_id', 'is not', null)
    .where('created_at', '>=', period.from)
    .where('created_at', '<', period.to)
    .groupBy('book_id')
    .execute()
    .then((rows) => rows.map((row) => ({ bookId: Number(row.book_id), coins: -Number(row.coins) })));

/** Orders paid in the period (refunded since included: they were paid), per provider, plan and currency. */
export const paidOrders = (db: DbExecutor, period: Period) =>
  db
    .selectFrom('payment_orders')
    .select([
      'provider',
      'plan',
      'currency',
      (eb) => eb.fn.sum<number | string>('amount_fen').as('amount'),
      (eb) => eb.fn.countAll<number | string>().as('n'),
    ])
    .where('status', 'in', ['paid', 'refunded'])
    .where('paid_at', '>=', period.from)
    .where('paid_at', '<', period.to)
    .groupBy(['provider', 'plan', 'currency'])
    .execute();

/** Orders refunded in the period, per provider, plan and currency. */
export const refundedOrders = (db: DbExecutor, period: Period) =>
  db
    .selectFrom('payment_orders')
    .select(['provider', 'plan', 'currency', (eb) => eb.fn.sum<number | string>('amount_fen').as('amount')])
    .where('status', '=', 'refunded')
    .where('refunded_at', '>=', period.from)
    .where('refunded_at', '<', period.to)
    .groupBy(['provider', 'plan', 'currency'])
    .execute();

/** The books of the report, for their uuid and title. */
export const booksByIds = (db: DbExecutor, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('books')
        .select(['id', 'uuid', 'original_language'])
        .where('id', 'in', ids)
        .execute()
        .then((rows) => rows.map((row) => ({ ...row, id: Number(row.id) })));
