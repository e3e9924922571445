import type { Insertable } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import type { ExternalSignInFlowsTable, LinkedIdentitiesTable } from '../../db/schema.js';

/** Issue 60: the links of provider accounts to readers, and the sign-in flows in progress. */

export const findUserById = (db: DbExecutor, id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const findLinkBySubject = (db: DbExecutor, provider: string, subject: string) =>
  db.selectFrom('linked_identities').selectAll().where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();

export const insertLink = (db: DbExecutor, row: Insertable<LinkedIdentitiesTable>) =>
  db.insertInto('linked_identities').values(row).execute();

export const touchLink = (db: DbExecutor, id: number, at: number) =>
  db.updateTable('linked_identities').set({ last_used_at: at }).where('id', '=', id).execute();

export const listLinks = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('linked_identities')
    .select(['id', 'method', 'provider', 'email', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const findOwnLink = (db: DbExecutor, userId: number, id: number) =>
  db.selectFrom('linked_identities').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();

export async function deleteOwnLink(db: DbExecutor, userId: number, id: number): Promise<boolean> {
  const deleted = await db.deleteFrom('linked_identities').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(deleted.numDeletedRows) !== 0;
}

export const countLinks = async (db: DbExecutor, userId: number) =>
  Number(
    (
      await db
        .selectFrom('linked_identities')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

export const insertFlow = (db: DbExecutor, row: Insertable<ExternalSignInFlowsTable>) =>
  db.insertInto('external_sign_in_flows').values(row).execute();

/** Flows started before `before` are of no use any more (10 minutes; kept a day for nothing but safety). */
export const deleteFlowsBefore = (db: DbExecutor, before: number) =>
  db.deleteFrom('external_sign_in_flows').where('created_at', '<', before).execute();

export const findFlowByState = (db: DbExecutor, stateHash: string) =>
  db.selectFrom('external_sign_in_flows').selectAll().where('state_hash', '=', stateHash).executeTakeFirst();

/** Uses the state up: of two answers with one state, exactly one gets true. */
export async function finishFlow(db: DbExecutor, id: number, at: number): Promise<boolean> {
  const updated = await db
    .updateTable('external_sign_in_flows')
    .set({ finished_at: at })
    .where('id', '=', id)
    .where('finished_at', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) !== 0;
}

export const setFlowResult = (
  db: DbExecutor,
  id: number,
  result: Pick<ExternalSignInFlowsTable, 'result_hash' | 'outcome' | 'target_user_id' | 'identity'>,
) => db.updateTable('external_sign_in_flows').set(result).where('id', '=', id).execute();

export const findFlowByResult = (db: DbExecutor, resultHash: string) =>
  db.selectFrom('external_sign_in_flows').selectAll().where('result_hash', '=', resultHash).executeTakeFirst();

/** Uses the one-time result up: of two requests with one result, exactly one gets true. */
export async function useFlowResult(db: DbExecutor, id: number, at: number): Promise<boolean> {
  const updated = await db
    .updateTable('external_sign_in_flows')
    .set({ result_used_at: at })
    .where('id', '=', id)
    .where('result_used_at', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) !== 0;
}

/** The account whose confirmed address has this key (undefined: none). */
export const findUserByEmailKey = (db: DbExecutor, key: string) =>
  db.selectFrom('users').select('id').where('email_key', '=', key).executeTakeFirst();

/** A new account's address, confirmed by the provider that verified it. */
export const setConfirmedAddress = (db: DbExecutor, userId: number, address: string, key: string, at: number) =>
  db.updateTable('users').set({ email: address, email_key: key, email_confirmed_at: at }).where('id', '=', userId).execute();
