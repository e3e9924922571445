import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';

export interface NewCoupon {
  code: string;
  grant_days: number | null;
  grant_months: number | null;
  max_redemptions: number | null;
  expires_at: number | null;
  note: string | null;
  created_at: number;
}

/** Inserts unless the code exists; returns whether it was created. */
export async function insertCouponIfNew(db: DbExecutor, coupon: NewCoupon): Promise<boolean> {
  const row = await db
    .insertInto('coupons')
    .values(coupon)
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export const findCouponByCode = (db: DbExecutor, code: string) =>
  db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();

export const listCoupons = (db: DbExecutor) => db.selectFrom('coupons').selectAll().orderBy('id').execute();

export async function disableCoupon(db: DbExecutor, code: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('coupons')
    .set({ disabled_at: now })
    .where('code', '=', code)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records that the user redeemed the coupon; false when they had already (primary key). */
export async function insertRedemptionOnce(db: DbExecutor, couponId: number, userId: number, now: number): Promise<boolean> {
  const row = await db
    .insertInto('coupon_redemptions')
    .values({ coupon_id: couponId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['coupon_id', 'user_id']).doNothing())
    .returning('coupon_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes one redemption if any is left, in one conditional UPDATE: concurrent redemptions of the
 * last use are serialised by the row lock (PostgreSQL) or the write transaction (SQLite), and
 * only one sees a free slot.
 */
export async function takeRedemptionSlot(db: DbExecutor, couponId: number): Promise<boolean> {
  const result = await db
    .updateTable('coupons')
    .set({ redemption_count: sql`redemption_count + 1` })
    .where('id', '=', couponId)
    .where((eb) => eb.or([eb('max_redemptions', 'is', null), eb('redemption_count', '<', eb.ref('max_redemptions'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type CouponState = 'active' | 'disabled' | 'expired' | 'exhausted';

/** A page of coupons, newest first, filtered by their state at `now` (disabled, then expired, then exhausted). */
export async function listCouponsPage(db: DbExecutor, state: CouponState | undefined, now: number, page: number, pageSize: number) {
  let query = db.selectFrom('coupons');
  const expired = sql<boolean>`(expires_at IS NOT NULL AND expires_at <= ${now})`;
  const exhausted = sql<boolean>`(max_redemptions IS NOT NULL AND redemption_count >= max_redemptions)`;
  if (state === 'disabled') query = query.where('disabled_at', 'is not', null);
  if (state === 'expired') query = query.where('disabled_at', 'is', null).where(expired);
  if (state === 'exhausted')
    query = query
      .where('disabled_at', 'is', null)
      .where(sql<boolean>`NOT ${expired}`)
      .where(exhausted);
  if (state === 'active')
    query = query
      .where('disabled_at', 'is', null)
      .where(sql<boolean>`NOT ${expired}`)
      .where(sql<boolean>`NOT ${exhausted}`);
  const rows = await query
    .selectAll()
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset(page * pageSize)
    .execute();
  const count = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return { rows, total: Number(count?.n ?? 0) };
}
