import type { DbExecutor } from '../../../db/database.js';
import type { PasskeysTable } from '../../../db/schema.js';
import { sql, type Insertable } from 'kysely';

/** The passkeys table's statements; passkeys.service.ts decides. */

export const listPasskeys = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('passkeys')
    .select(['id', 'name', 'created_at', 'last_used_at', 'backed_up', 'credential_id', 'transports'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const findPasskeyByCredentialId = (db: DbExecutor, credentialId: string) =>
  db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();

export const findOwnPasskey = (db: DbExecutor, userId: number, id: number) =>
  db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();

export const insertPasskey = async (db: DbExecutor, row: Insertable<PasskeysTable>) =>
  (await db.insertInto('passkeys').values(row).returning('id').executeTakeFirstOrThrow()).id;

/**
 * Records a use: the new counter only when it moved forward (or the authenticator keeps none, 0),
 * a compare-and-swap, so two answers with the same counter cannot both pass. True when it did.
 */
export async function recordPasskeyUse(
  db: DbExecutor,
  id: number,
  use: { storedCount: number; newCount: number; backedUp: boolean; at: number },
): Promise<boolean> {
  const moved = await db
    .updateTable('passkeys')
    .set({ sign_count: use.newCount, backed_up: use.backedUp ? 1 : 0, last_used_at: use.at })
    .where('id', '=', id)
    .where('sign_count', '=', use.storedCount)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

export async function renamePasskey(db: DbExecutor, userId: number, id: number, name: string): Promise<boolean> {
  const renamed = await db.updateTable('passkeys').set({ name }).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(renamed.numUpdatedRows) === 1;
}

export async function deletePasskey(db: DbExecutor, userId: number, id: number): Promise<boolean> {
  const deleted = await db.deleteFrom('passkeys').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1;
}

export const countPasskeys = async (db: DbExecutor, userId: number) =>
  Number(
    (
      await db
        .selectFrom('passkeys')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The whole account row a sign-in completes with. */
export const findUserById = (db: DbExecutor, id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Takes the account's row lock for the rest of the transaction (a write that changes nothing: the
 * row lock on PostgreSQL, the write lock at once on SQLite), so two changes of the ways into one
 * account (the password removed, a passkey removed, a provider unlinked) run one after the other
 * and each checks what the other left. The row after the lock; undefined when there is none.
 */
export async function lockAccountRow(trx: DbExecutor, userId: number) {
  await trx
    .updateTable('users')
    .set({ password_hash: sql<string>`password_hash` })
    .where('id', '=', userId)
    .execute();
  return trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

/** How many passkeys, linked providers and unused recovery codes the account has. */
export async function countWaysIn(db: DbExecutor, userId: number) {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      eb.selectFrom('passkeys').select(eb.fn.countAll().as('n')).where('passkeys.user_id', '=', userId).as('passkeys'),
      eb.selectFrom('linked_identities').select(eb.fn.countAll().as('n')).where('linked_identities.user_id', '=', userId).as('links'),
      eb
        .selectFrom('user_recovery_codes')
        .select(eb.fn.countAll().as('n'))
        .where('user_recovery_codes.user_id', '=', userId)
        .where('user_recovery_codes.used_at', 'is', null)
        .as('recovery_codes'),
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  return {
    passkeys: Number(row?.passkeys ?? 0),
    links: Number(row?.links ?? 0),
    recoveryCodes: Number(row?.recovery_codes ?? 0),
  };
}

/** The account's password hash set to `hash` (NO_PASSWORD: passkey-only); sessions stay. */
export const setPasswordHash = (db: DbExecutor, userId: number, hash: string) =>
  db.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();
