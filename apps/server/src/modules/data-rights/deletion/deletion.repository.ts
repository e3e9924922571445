import { sql } from 'kysely';
import type { DbExecutor } from '../../../db/database.js';

/** Requests to delete an account (account_deletions, migration 2026-11-28T0910). */

const DELETION_COLUMNS = [
  'id',
  'user_id',
  'requested_at',
  'erase_at',
  'comments',
  'requested_by',
  'reason',
  'cancelled_at',
  'erased_at',
] as const;

export const findPendingDeletion = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('account_deletions')
    .select(DELETION_COLUMNS)
    .where('user_id', '=', userId)
    .where('cancelled_at', 'is', null)
    .where('erased_at', 'is', null)
    .executeTakeFirst();

export const findDeletion = (db: DbExecutor, id: number) =>
  db.selectFrom('account_deletions').select(DELETION_COLUMNS).where('id', '=', id).executeTakeFirst();

export async function insertDeletion(
  db: DbExecutor,
  values: {
    userId: number;
    requestedAt: number;
    eraseAt: number;
    comments: 'remove' | 'keep';
    requestedBy: number | null;
    reason: string | null;
  },
): Promise<number> {
  const row = await db
    .insertInto('account_deletions')
    .values({
      user_id: values.userId,
      requested_at: values.requestedAt,
      erase_at: values.eraseAt,
      comments: values.comments,
      requested_by: values.requestedBy,
      reason: values.reason,
      cancelled_at: null,
      cancelled_by: null,
      erased_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Cancels the pending request (once): returns whether this call cancelled it. */
export async function cancelPending(db: DbExecutor, userId: number, by: number | null, at: number): Promise<boolean> {
  const rows = await db
    .updateTable('account_deletions')
    .set({ cancelled_at: at, cancelled_by: by })
    .where('user_id', '=', userId)
    .where('cancelled_at', 'is', null)
    .where('erased_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length > 0;
}

export const markErased = (db: DbExecutor, id: number, at: number) =>
  db.updateTable('account_deletions').set({ erased_at: at }).where('id', '=', id).where('erased_at', 'is', null).execute();

/** Pending requests whose time has come (the housekeeping pass: a lost job must not keep an account). */
export const dueDeletions = (db: DbExecutor, now: number, limit: number) =>
  db
    .selectFrom('account_deletions')
    .select(['id', 'user_id'])
    .where('cancelled_at', 'is', null)
    .where('erased_at', 'is', null)
    .where('erase_at', '<=', now)
    .orderBy('erase_at')
    .limit(limit)
    .execute();

/** The console's list, newest request first, by keyset on the id. */
export function listDeletions(db: DbExecutor, state: 'pending' | 'erased', afterId: number | null, limit: number) {
  let query = db
    .selectFrom('account_deletions as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select([
      'd.id',
      'u.uuid as user_uuid',
      'u.username as name',
      'd.requested_at',
      'd.erase_at',
      'd.erased_at',
      'd.requested_by',
      'd.comments',
      'd.reason',
    ])
    .where('d.cancelled_at', 'is', null)
    .orderBy('d.id', 'desc')
    .limit(limit);
  query = state === 'pending' ? query.where('d.erased_at', 'is', null) : query.where('d.erased_at', 'is not', null);
  if (afterId !== null) query = query.where('d.id', '<', afterId);
  return query.execute();
}

/** What the profile tells the reader before they confirm (GET /user/deletion). */
export async function consequencesOf(db: DbExecutor, userId: number, now: number) {
  const user = await db.selectFrom('users').select('member_until').where('id', '=', userId).executeTakeFirst();
  const coins = await db
    .selectFrom('coin_lots')
    .select(sql<string | number | null>`sum(remaining)`.as('coins'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
  const comments = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('state', '!=', 'deleted')
    .executeTakeFirstOrThrow();
  // A rating with a review text is a review; a score alone is a rating: the dialog names each (issue 56).
  const ratings = await db
    .selectFrom('book_ratings')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('n'),
      eb.fn
        .count<string | number>(
          eb
            .case()
            .when(eb.and([eb('review', 'is not', null), eb('review', '!=', '')]))
            .then(1)
            .end(),
        )
        .as('reviews'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const paid = await db
    .selectFrom('payment_orders')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['paid', 'refunded'])
    .executeTakeFirstOrThrow();
  const memberUntil = user?.member_until ?? null;
  return {
    member_until: memberUntil !== null && Number(memberUntil) > now ? Number(memberUntil) : null,
    coins: Number(coins?.coins ?? 0),
    comments: Number(comments.n),
    reviews: Number(ratings.reviews),
    ratings: Number(ratings.n) - Number(ratings.reviews),
    paid_orders: Number(paid.n),
  };
}

export const findUserForDeletion = (db: DbExecutor, where: { id: number } | { uuid: string }) => {
  const query = db
    .selectFrom('users')
    .select([
      'id',
      'uuid',
      'username',
      'role',
      'password_hash',
      'totp_enabled_at',
      'totp_secret',
      'totp_last_step',
      'erased_at',
      'language',
    ]);
  return 'id' in where ? query.where('id', '=', where.id).executeTakeFirst() : query.where('uuid', '=', where.uuid).executeTakeFirst();
};

/** Sign out everywhere at the request: the token version moves on (authentication refuses older tokens). */
export const revokeLoginTokens = (db: DbExecutor, userId: number) =>
  db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();

/** Feed keys stop working at the request: reading apps are signed out too (a cancel does not bring them back). */
export const revokeFeedKeys = (db: DbExecutor, userId: number, at: number) =>
  db.updateTable('feed_keys').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
