import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import type { PushSubscriptionsTable } from '../../db/schema.js';

/** Subscriptions kept per account; the oldest goes when a new browser subscribes beyond this. */
export const SUBSCRIPTIONS_PER_USER = 10;
/** Failed deliveries in a row after which a subscription is dropped (the browser is gone). */
export const MAX_FAILURES = 5;

export type NewSubscription = Pick<PushSubscriptionsTable, 'user_id' | 'endpoint' | 'p256dh' | 'auth' | 'language' | 'created_at'>;

/**
 * One row per endpoint. Subscribing again replaces the keys and language of the account's own row.
 * Another account takes a row over only with the same keys: the browser that holds the
 * subscription (another account logged in on it) knows its auth secret, someone who merely learnt
 * the endpoint does not. Returns false, changing nothing, when the endpoint is another account's.
 */
export async function upsertSubscription(db: DbExecutor, row: NewSubscription): Promise<boolean> {
  const stored = await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('endpoint')
        .doUpdateSet({
          user_id: row.user_id,
          p256dh: row.p256dh,
          auth: row.auth,
          language: row.language,
          failure_count: 0,
        })
        .where((eb) =>
          eb.or([
            eb('push_subscriptions.user_id', '=', row.user_id),
            eb.and([eb('push_subscriptions.p256dh', '=', row.p256dh), eb('push_subscriptions.auth', '=', row.auth)]),
          ]),
        ),
    )
    .returning('id')
    .executeTakeFirst();
  return stored !== undefined;
}

/** Keeps the newest SUBSCRIPTIONS_PER_USER of an account. */
export async function trimSubscriptions(db: DbExecutor, userId: number): Promise<void> {
  const keep = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(SUBSCRIPTIONS_PER_USER)
    .execute();
  if (keep.length < SUBSCRIPTIONS_PER_USER) return;
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where(
      'id',
      'not in',
      keep.map((row) => row.id),
    )
    .execute();
}

export async function deleteSubscription(db: DbExecutor, userId: number, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).execute();
}

export async function deleteSubscriptionById(db: DbExecutor, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/** The subscriptions of everyone who follows a book. */
export const findFollowerSubscriptions = (db: DbExecutor, bookId: number) =>
  db
    .selectFrom('push_subscriptions as s')
    .innerJoin('book_follows as f', 'f.user_id', 's.user_id')
    .select(['s.id', 's.endpoint', 's.p256dh', 's.auth', 's.language'])
    .where('f.book_id', '=', bookId)
    .orderBy('s.id')
    .execute();

/** One reader's subscriptions (reply alerts). */
export const findUserSubscriptions = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth', 'language'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

export async function markDelivered(db: DbExecutor, id: number, at: number): Promise<void> {
  await db.updateTable('push_subscriptions').set({ last_success_at: at, failure_count: 0 }).where('id', '=', id).execute();
}

/** Counts a failure; a subscription failing MAX_FAILURES times in a row is dropped. */
export async function markFailed(db: DbExecutor, id: number): Promise<void> {
  await db
    .updateTable('push_subscriptions')
    .set({ failure_count: sql`failure_count + 1` })
    .where('id', '=', id)
    .execute();
  await db.deleteFrom('push_subscriptions').where('id', '=', id).where('failure_count', '>=', MAX_FAILURES).execute();
}

/** What a notice says: the book's titles and the new chapters' numbers. */
export const findBookForNotice = (db: DbExecutor, bookId: number) =>
  db.selectFrom('books').select(['id', 'uuid', 'original_language', 'is_published']).where('id', '=', bookId).executeTakeFirst();

export const findBookTitles = (db: DbExecutor, bookId: number) =>
  db.selectFrom('book_translations').select(['language', 'title']).where('book_id', '=', bookId).execute();

export const findChapters = (db: DbExecutor, chapterIds: readonly number[]) =>
  chapterIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('chapters')
        .select(['id', 'uuid', 'number'])
        .where('id', 'in', chapterIds)
        .where('is_published', '=', 1)
        .orderBy('number')
        .execute();
