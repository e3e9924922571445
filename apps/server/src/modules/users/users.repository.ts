import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { UserRow } from '../../db/schema.js';

export type NewUser = Pick<
  UserRow,
  | 'uuid'
  | 'username'
  | 'username_key'
  | 'username_skeleton'
  | 'password_hash'
  | 'role'
  | 'invite_code'
  | 'invited_by'
  | 'user_type'
  | 'created_at'
> &
  Partial<Pick<UserRow, 'language' | 'email'>>;

export const findUserByUuid = (db: DbExecutor, uuid: string) =>
  db.selectFrom('users').selectAll().where('uuid', '=', uuid).executeTakeFirst();

/** What authenticating a token needs, on every request with one: no password hash or other columns. */
const authUserByUuid = preparedQuery<{ uuid: string }>()((db, param) =>
  db.selectFrom('users').select(['id', 'uuid', 'username', 'role', 'token_version', 'disabled_at']).where('uuid', '=', param('uuid')),
);

export const findAuthUserByUuid = (db: DbExecutor, uuid: string) => authUserByUuid.executeTakeFirst(db, { uuid });

export const findUserByKey = (db: DbExecutor, usernameKey: string) =>
  db.selectFrom('users').selectAll().where('username_key', '=', usernameKey).executeTakeFirst();

export const findUserIdByInviteCode = async (db: DbExecutor, inviteCode: string) =>
  (await db.selectFrom('users').select('id').where('invite_code', '=', inviteCode).executeTakeFirst())?.id;

/** A unique violation on the skeleton's index (SQLite names the column, PostgreSQL the index). */
const isSkeletonClash = (error: unknown) => /username_skeleton/.test(String((error as { message?: unknown })?.message ?? ''));

/**
 * Inserts unless the name is taken; returns null on a name clash: the same name (unique
 * username_key) or one that looks like a taken one (unique username_skeleton).
 */
export async function insertUserIfNameFree(db: DbExecutor, user: NewUser): Promise<number | null> {
  try {
    const row = await db
      .insertInto('users')
      .values(user)
      .onConflict((oc) => oc.column('username_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  } catch (error) {
    if (isSkeletonClash(error)) return null;
    throw error;
  }
}

export async function updatePasswordAndRevokeTokens(db: DbExecutor, userId: number, passwordHash: string): Promise<number> {
  const row = await db
    .updateTable('users')
    .set({ password_hash: passwordHash, token_version: sql`token_version + 1` })
    .where('id', '=', userId)
    .returning('token_version')
    .executeTakeFirstOrThrow();
  return row.token_version;
}

/** Every login token issued so far stops working (sign out everywhere); returns the new version. */
export async function revokeTokens(db: DbExecutor, userId: number): Promise<number> {
  const row = await db
    .updateTable('users')
    .set({ token_version: sql`token_version + 1` })
    .where('id', '=', userId)
    .returning('token_version')
    .executeTakeFirstOrThrow();
  return row.token_version;
}

export async function countInvitedUsers(db: DbExecutor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('invited_by', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export const listUsers = (db: DbExecutor) =>
  db.selectFrom('users').select(['id', 'uuid', 'username', 'role', 'created_at']).orderBy('id').execute();

export const setUserRole = (db: DbExecutor, userId: number, role: 'user' | 'admin') =>
  db.updateTable('users').set({ role }).where('id', '=', userId).execute();

/** What mail needs of an account to address it (mail-recipient.ts mailRecipientOf). */
export const findMailRecipientRow = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'email_confirmed_at', 'language', 'mail_reminders', 'mail_digest', 'disabled_at'])
    .where('id', '=', userId)
    .executeTakeFirst();

/** An account's uuid by its id (undefined: no such account). */
export const findUserUuidById = async (db: DbExecutor, userId: number) =>
  (await db.selectFrom('users').select('uuid').where('id', '=', userId).executeTakeFirst())?.uuid;

/** Leaves a mail list (one-click unsubscribe): reminders → mail_reminders = 0, digest → mail_digest = 0. */
export const leaveMailList = (db: DbExecutor, userUuid: string, list: 'reminders' | 'digest') =>
  db
    .updateTable('users')
    .set(list === 'reminders' ? { mail_reminders: 0 } : { mail_digest: 0 })
    .where('uuid', '=', userUuid)
    .execute();

/** Another account holds this confirmed address key (email_key is only set once an address is confirmed). */
export async function isEmailKeyTakenByOther(db: DbExecutor, key: string, exceptUserId: number | null): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('email_key', '=', key);
  if (exceptUserId !== null) query = query.where('id', '!=', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** A new address, not yet confirmed: the confirmed one (and its key) is gone. */
export const setUnconfirmedAddress = (db: DbExecutor, userId: number, address: string) =>
  db.updateTable('users').set({ email: address, email_key: null, email_confirmed_at: null }).where('id', '=', userId).execute();

export const clearUserAddress = (db: DbExecutor, userId: number) =>
  db.updateTable('users').set({ email: null, email_key: null, email_confirmed_at: null }).where('id', '=', userId).execute();

export const setUserLanguage = (db: DbExecutor, userId: number, language: string) =>
  db.updateTable('users').set({ language }).where('id', '=', userId).execute();

/** Confirms an address, if it is still the account's address; true when it was. */
export async function confirmUserAddress(db: DbExecutor, userId: number, address: string, key: string, at: number): Promise<boolean> {
  const updated = await db
    .updateTable('users')
    .set({ email_confirmed_at: at, email_key: key })
    .where('id', '=', userId)
    .where('email', '=', address)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) !== 0;
}

/** The account whose confirmed address has this key (undefined: none). */
export const findUserIdByEmailKey = (db: DbExecutor, key: string) =>
  db.selectFrom('users').select('id').where('email_key', '=', key).executeTakeFirst();

export const findUsernameById = async (db: DbExecutor, userId: number) =>
  (await db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirstOrThrow()).username;
