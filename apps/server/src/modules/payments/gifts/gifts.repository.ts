import type { DbExecutor } from '../../../db/database.js';

/** Issue 59: the gift codes of paid gift orders (gift-codes.ts says what is stored). */

/** Creates the order's gift code unless it exists (one per order: a repeated completion makes none). */
export async function insertGiftOnce(
  db: DbExecutor,
  gift: { order_id: string; buyer_id: number; months: number; code_hash: string; created_at: number },
): Promise<boolean> {
  const row = await db
    .insertInto('gift_codes')
    .values({ ...gift, revealed_at: null, redeemed_by: null, redeemed_at: null, cancelled_at: null })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export const findGiftByHash = (db: DbExecutor, codeHash: string) =>
  db.selectFrom('gift_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();

export const findGiftByOrder = (db: DbExecutor, orderId: string) =>
  db.selectFrom('gift_codes').selectAll().where('order_id', '=', orderId).executeTakeFirst();

/**
 * Redeems the gift for `userId`, once: a conditional UPDATE, so of any number of concurrent
 * redemptions exactly one changes the row (its row lock on PostgreSQL, the write lock on SQLite),
 * and none after the order was refunded.
 */
export async function claimGift(db: DbExecutor, id: number, userId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('gift_codes')
    .set({ redeemed_by: userId, redeemed_at: now })
    .where('id', '=', id)
    .where('redeemed_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The order was refunded: its code dies. Returns who had redeemed it (null: nobody), or undefined when there was no live gift. */
export async function cancelGift(db: DbExecutor, orderId: string, now: number): Promise<{ redeemedBy: number | null } | undefined> {
  const row = await db
    .updateTable('gift_codes')
    .set({ cancelled_at: now })
    .where('order_id', '=', orderId)
    .where('cancelled_at', 'is', null)
    .returning('redeemed_by')
    .executeTakeFirst();
  return row ? { redeemedBy: row.redeemed_by === null ? null : Number(row.redeemed_by) } : undefined;
}

/** Marks the first answer that showed the code; false when one had already. */
export async function markRevealedOnce(db: DbExecutor, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('gift_codes')
    .set({ revealed_at: now })
    .where('id', '=', id)
    .where('revealed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The gifts a reader bought, newest first, with their orders' provider. */
export const giftsBoughtBy = (db: DbExecutor, buyerId: number) =>
  db
    .selectFrom('gift_codes')
    .innerJoin('payment_orders', 'payment_orders.order_id', 'gift_codes.order_id')
    .select([
      'gift_codes.id',
      'gift_codes.order_id',
      'gift_codes.months',
      'gift_codes.created_at',
      'gift_codes.revealed_at',
      'gift_codes.redeemed_at',
      'gift_codes.cancelled_at',
      'payment_orders.provider',
      'payment_orders.plan',
    ])
    .where('gift_codes.buyer_id', '=', buyerId)
    .orderBy('gift_codes.created_at', 'desc')
    .orderBy('gift_codes.id', 'desc')
    .limit(200)
    .execute();
