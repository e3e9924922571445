import { PostgresAdapter } from 'kysely';
import type { DbExecutor } from '../../db/database.js';

/** A live key with its owner, as a feed request needs it (one statement per request). */
export const findLiveKeyByHash = (db: DbExecutor, keyHash: string) =>
  db
    .selectFrom('feed_keys')
    .innerJoin('users', 'users.id', 'feed_keys.user_id')
    .select([
      'feed_keys.id as key_id',
      'feed_keys.last_used_at',
      'users.id as user_id',
      'users.uuid',
      'users.username',
      'users.username_key',
      'users.role',
      'users.disabled_at',
      'users.language',
    ])
    .where('feed_keys.key_hash', '=', keyHash)
    .where('feed_keys.revoked_at', 'is', null)
    .executeTakeFirst();

/**
 * Records a use when the stored one is a minute old or more: the condition makes concurrent
 * requests (and other processes) write once, and the caller only calls when its read saw an old value.
 */
export const touchKey = (db: DbExecutor, keyId: number, now: number, minIntervalMs: number) =>
  db
    .updateTable('feed_keys')
    .set({ last_used_at: now })
    .where('id', '=', keyId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', now - minIntervalMs)]))
    .execute();

/** Locks the account's row on PostgreSQL so two creations cannot both see 4 live keys. */
export async function lockUser(trx: DbExecutor, userId: number): Promise<void> {
  let query = trx.selectFrom('users').select('id').where('id', '=', userId);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  await query.executeTakeFirst();
}

export const countLiveKeys = async (db: DbExecutor, userId: number): Promise<number> => {
  const row = await db
    .selectFrom('feed_keys')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

export const insertKey = (db: DbExecutor, key: { user_id: number; name: string; key_hash: string; created_at: number }) =>
  db.insertInto('feed_keys').values(key).returning('id').executeTakeFirstOrThrow();

/** The account's live keys, newest first (at most FEED_KEYS_MAX). */
export const listLiveKeys = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('feed_keys')
    .select(['id', 'name', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

/** Revokes one live key of the account; returns the revoked key's name, undefined when none matched. */
export const revokeKey = async (db: DbExecutor, userId: number, keyId: number, now: number): Promise<string | undefined> => {
  const row = await db
    .updateTable('feed_keys')
    .set({ revoked_at: now })
    .where('id', '=', keyId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('name')
    .executeTakeFirst();
  return row?.name;
};

export const findUserIdByUuid = async (db: DbExecutor, uuid: string): Promise<number | undefined> =>
  (await db.selectFrom('users').select('id').where('uuid', '=', uuid).executeTakeFirst())?.id;
