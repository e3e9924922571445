import { ErrorCode, TOTP_CODE_PATTERN } from '@inkstream/contracts';
import type { DbExecutor } from '../../db/database.js';
import type { EventRaiser } from '../../db/domain-events.js';
import { AppError } from '../../lib/app-error.js';
import { queueMail } from '../mail/mail-queue.js';
import { mailRecipientOf } from './mail-recipient.js';
import { hashRecoveryCode, sameHash, type TotpCipher } from './totp-crypto.js';
import * as twoStepRepo from './two-step.repository.js';

/**
 * The second step of two-step sign-in (RFC 6238 through otplib: SHA-1, 6 digits, 30-second steps,
 * one step either side for clocks that drift), shared by the login and the /user/totp/* calls.
 */
export const TOTP = { periodSeconds: 30, digits: 6, toleranceSteps: 1 } as const;

// otplib is loaded with the first code checked: a site where nobody uses two-step sign-in never holds it.
let otplib: Promise<typeof import('otplib')> | undefined;
export const loadOtplib = () => (otplib ??= import('otplib'));

const isTotpCode = (code: string) => new RegExp(TOTP_CODE_PATTERN).test(code);

/** The time step a 6-digit code of this secret belongs to (within the tolerance), or null. */
export async function matchingTimeStep(secret: string, code: string, nowMs: number, afterTimeStep: number | null): Promise<number | null> {
  if (!isTotpCode(code)) return null;
  const { verify } = await loadOtplib();
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    period: TOTP.periodSeconds,
    epochTolerance: TOTP.periodSeconds * TOTP.toleranceSteps,
    ...(afterTimeStep !== null ? { afterTimeStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

export interface SecondStepAccount {
  id: number;
  totp_secret: string | null;
  totp_last_step: number | string | null;
}

/**
 * Checks a second step and uses it up: a 6-digit code moves the account's last accepted time step
 * forward (a conditional UPDATE, so a code is accepted once even when two requests race), a
 * recovery code is marked used (UPDATE … WHERE used_at IS NULL: one of two racing requests wins).
 * Returns whether the code was accepted.
 */
export async function useSecondStep(
  db: DbExecutor,
  cipher: TotpCipher,
  account: SecondStepAccount,
  code: string,
  nowMs: number,
): Promise<boolean> {
  if (account.totp_secret === null) return false;
  if (isTotpCode(code)) {
    const lastStep = account.totp_last_step === null ? null : Number(account.totp_last_step);
    let secret: string;
    try {
      secret = cipher.decrypt(account.totp_secret, account.id);
    } catch {
      // The key changed (TOTP_ENCRYPTION_KEY / JWT_SECRET) or the row was tampered with: no 6-digit
      // code can be checked, but the recovery codes (hashes, no key) still let the owner in.
      return false;
    }
    const step = await matchingTimeStep(secret, code, nowMs, lastStep);
    if (step === null) return false;
    return twoStepRepo.advanceTotpStep(db, account.id, step);
  }
  const hash = hashRecoveryCode(code);
  const unused = await twoStepRepo.listUnusedRecoveryCodes(db, account.id);
  // Every unused code is compared, in constant time, so the answer's timing says nothing about which.
  let matchId: number | null = null;
  for (const row of unused) if (sameHash(row.code_hash, hash) && matchId === null) matchId = row.id;
  if (matchId === null) return false;
  return twoStepRepo.useRecoveryCode(db, matchId, nowMs);
}

export const invalidTotp = () => new AppError(ErrorCode.INVALID_TOTP, 401, 'The two-step sign-in code is not correct');

/** Tells the account's confirmed address that two-step sign-in changed, in the caller's transaction. */
export async function queueTwoStepMail(
  trx: DbExecutor,
  domainEvents: EventRaiser,
  userId: number,
  change: 'turned_on_at' | 'turned_off_at' | 'new_codes_at',
  nowMs: number,
): Promise<void> {
  const recipient = await mailRecipientOf(trx, userId);
  if (!recipient) return;
  const when = `${new Date(nowMs).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  await queueMail(
    trx,
    domainEvents,
    {
      kind: 'two-step-changed',
      to: recipient.to,
      userId,
      language: recipient.language,
      data: { username: recipient.username, [change]: when },
    },
    nowMs,
  );
}

/** Whether the account has two-step sign-in on (the admin guard's question under ADMIN_REQUIRE_2FA). */
export async function hasTwoStep(db: DbExecutor, userId: number): Promise<boolean> {
  const row = await twoStepRepo.findTotpEnabledAt(db, userId);
  return row?.totp_enabled_at !== null && row?.totp_enabled_at !== undefined;
}
