import type { DbExecutor } from '../../db/database.js';

/**
 * Two-step sign-in's rows: the users.totp_* columns and user_recovery_codes. Two-step.ts and
 * two-step.service.ts decide; these statements only read and write.
 */

/**
 * Records `step` as the account's last accepted time step if it is later than the stored one and
 * two-step sign-in is still on: a compare-and-swap, so one code is accepted once. True when it was.
 */
export async function advanceTotpStep(db: DbExecutor, userId: number, step: number): Promise<boolean> {
  const moved = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_enabled_at', 'is not', null)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** The account's unused recovery codes (their hashes). */
export const listUnusedRecoveryCodes = (db: DbExecutor, userId: number) =>
  db.selectFrom('user_recovery_codes').select(['id', 'code_hash']).where('user_id', '=', userId).where('used_at', 'is', null).execute();

/** Uses a recovery code if it is still unused; true when this call used it. */
export async function useRecoveryCode(db: DbExecutor, id: number, now: number): Promise<boolean> {
  const used = await db
    .updateTable('user_recovery_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

export const findTotpEnabledAt = (db: DbExecutor, userId: number) =>
  db.selectFrom('users').select('totp_enabled_at').where('id', '=', userId).executeTakeFirst();

/** Stores a new pending secret (encrypted) while two-step sign-in is off; true when it was stored. */
export async function setPendingTotpSecret(db: DbExecutor, userId: number, encryptedSecret: string): Promise<boolean> {
  const updated = await db
    .updateTable('users')
    .set({ totp_pending_secret: encryptedSecret })
    .where('id', '=', userId)
    .where('totp_enabled_at', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/**
 * Turns two-step sign-in on with the pending secret a code was checked against, only that one and
 * only once (two racing enables: one wins). True when this call turned it on.
 */
export async function turnOnTotp(db: DbExecutor, userId: number, pending: string, at: number, step: number): Promise<boolean> {
  const turnedOn = await db
    .updateTable('users')
    .set({ totp_secret: pending, totp_pending_secret: null, totp_enabled_at: at, totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_enabled_at', 'is', null)
    .where('totp_pending_secret', '=', pending)
    .executeTakeFirst();
  return Number(turnedOn.numUpdatedRows) === 1;
}

export const turnOffTotp = (db: DbExecutor, userId: number) =>
  db
    .updateTable('users')
    .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null })
    .where('id', '=', userId)
    .execute();

export const deleteRecoveryCodes = (db: DbExecutor, userId: number) =>
  db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();

/** Stores recovery codes (their hashes). */
export const insertRecoveryCodes = (db: DbExecutor, userId: number, codeHashes: string[], now: number) =>
  db
    .insertInto('user_recovery_codes')
    .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null, created_at: now })))
    .execute();
