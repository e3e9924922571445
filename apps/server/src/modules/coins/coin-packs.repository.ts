import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import type { CoinPack } from '@inkstream/contracts';
import type { CoinPacksTable } from '../../db/schema.js';

/** The packs on sale, in the operator's order (the public config, the profile). */
export const activePacks = (db: DbExecutor) =>
  db.selectFrom('coin_packs').selectAll().where('is_active', '=', 1).orderBy('sort_order').orderBy('id').execute();

/** A pack on sale, for a new order. */
export const findActivePack = (db: DbExecutor, id: number) =>
  db.selectFrom('coin_packs').selectAll().where('id', '=', id).where('is_active', '=', 1).executeTakeFirst();

/** The pack a Stripe payment link sells (inactive packs too: a payment made just before it was withdrawn still counts). */
export const findPackByPaymentLink = (db: DbExecutor, link: string) =>
  db.selectFrom('coin_packs').selectAll().where('stripe_payment_link', '=', link).executeTakeFirst();

/** Packs with their count of paid orders (the console's list shows it). */
const packsWithSold = (db: DbExecutor) =>
  db
    .selectFrom('coin_packs')
    .selectAll('coin_packs')
    .select((eb) =>
      eb
        .selectFrom('payment_orders')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('payment_orders.coin_pack_id', '=', 'coin_packs.id')
        .where('payment_orders.status', '=', 'paid')
        .as('sold'),
    );

export const allPacks = (db: DbExecutor) => packsWithSold(db).orderBy('sort_order').orderBy('id').execute();

export const findPackWithSold = (db: DbExecutor, id: number) => packsWithSold(db).where('id', '=', id).executeTakeFirst();

export async function insertPack(db: DbExecutor, pack: Insertable<CoinPacksTable>): Promise<number> {
  const row = await db.insertInto('coin_packs').values(pack).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export const updatePack = (db: DbExecutor, id: number, patch: Updateable<CoinPacksTable>) =>
  db
    .updateTable('coin_packs')
    .set(patch)
    .where('id', '=', id)
    .executeTakeFirst()
    .then((result) => Number(result.numUpdatedRows) > 0);

/** A pack as readers see it (public config). */
export const toPublicPack = (pack: Selectable<CoinPacksTable>): CoinPack => ({
  id: Number(pack.id),
  coins: pack.coins,
  bonus_coins: pack.bonus_coins,
  price_fen: pack.price_fen,
  bonus_expiry_days: pack.bonus_expiry_days,
  stripe_buy_button: pack.stripe_buy_button,
});
