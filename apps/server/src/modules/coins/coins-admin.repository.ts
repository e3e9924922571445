import type { Updateable } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import type { BooksTable, CoinPacksTable } from '../../db/schema.js';

/** A book (published or not) and how its chapters are sold. */
export const findBookUnlocks = (db: DbExecutor, bookUuid: string) =>
  db
    .selectFrom('books')
    .select([
      'id',
      'uuid',
      'coin_price',
      'wait_free_hours',
      'early_access_count',
      'early_access_hours',
      'early_access_members',
      'rental_price',
      'rental_days',
    ])
    .where('uuid', '=', bookUuid)
    .executeTakeFirst()
    .then((row) => row && { ...row, id: Number(row.id) });

export const setBookUnlocks = (
  db: DbExecutor,
  bookId: number,
  patch: Pick<
    Updateable<BooksTable>,
    'coin_price' | 'wait_free_hours' | 'early_access_count' | 'early_access_hours' | 'early_access_members' | 'rental_price' | 'rental_days'
  >,
) => db.updateTable('books').set(patch).where('id', '=', bookId).execute();

/** A chapter (published or not) and its own price. */
export const findChapterPrice = (db: DbExecutor, chapterUuid: string) =>
  db
    .selectFrom('chapters')
    .select(['id', 'uuid', 'book_id', 'coin_price'])
    .where('uuid', '=', chapterUuid)
    .executeTakeFirst()
    .then((row) => row && { ...row, id: Number(row.id), book_id: Number(row.book_id) });

export const setChapterPrice = (db: DbExecutor, chapterId: number, coinPrice: number | null) =>
  db.updateTable('chapters').set({ coin_price: coinPrice }).where('id', '=', chapterId).execute();

/** Another pack selling through this Stripe payment link (the link names one pack: the webhook's lookup). */
export const packWithPaymentLink = (db: DbExecutor, link: string, exceptId: number | null) => {
  let query = db.selectFrom('coin_packs').select('id').where('stripe_payment_link', '=', link);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
};

export type PackPatch = Updateable<CoinPacksTable>;
