import type { DbExecutor } from '../../../db/database.js';
import type { PasskeysTable } from '../../../db/schema.js';
import type { Insertable } from 'kysely';

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
