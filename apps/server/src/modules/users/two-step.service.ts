import { ErrorCode, type RecoveryCodesResult, type TotpSetupResult } from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../db/database.js';
import type { DomainEvents } from '../../db/domain-events.js';
import { AppError } from '../../lib/app-error.js';
import { loadOnFirstUse } from '../../lib/load-on-first-use.js';
import { takeLoginAttempt } from './login-throttle.js';
import { verifyPassword } from './password.js';
import * as twoStepRepo from './two-step.repository.js';
import { lockAccountForTokens } from './account-tokens.repository.js';
import { hashRecoveryCode, newRecoveryCodes, type TotpCipher } from './totp-crypto.js';
import { loadOtplib, matchingTimeStep, queueTwoStepMail, TOTP, useSecondStep } from './two-step.js';
import type { AuthUser } from './auth-user.js';
import { usernameKey } from './users.service.js';
import * as users from './users.repository.js';

const qrcode = loadOnFirstUse<typeof import('qrcode')>('qrcode');

/**
 * Two-step sign-in on the profile: setup (a pending secret and its QR code), enable (the first
 * code confirms it; ten recovery codes), disable, new recovery codes. Every secret a caller gives
 * (password, code) counts against the failed-login throttle of the account and address, as a
 * login would: guessing here is no way around it.
 */
export function createTwoStepService(deps: {
  db: Db;
  domainEvents: DomainEvents;
  cipher: TotpCipher;
  siteName: () => Promise<string>;
  now?: () => number;
}) {
  const { db, domainEvents, cipher } = deps;
  const now = deps.now ?? (() => Date.now());

  async function accountOf(user: AuthUser) {
    const row = await users.findUserByUuid(db, user.uuid);
    if (!row) throw new AppError(ErrorCode.INVALID_TOKEN, 401, 'Your session has ended; please log in again');
    return row;
  }

  /** Runs `check` under the login throttle of this account and address; false from it counts as a failure. */
  async function throttled<T>(username: string, ip: string, check: () => Promise<T | false>): Promise<T | false> {
    const attempt = await takeLoginAttempt(db, { usernameKey: usernameKey(username), ip }, now());
    if (attempt.retryAfterSeconds > 0) {
      throw new AppError(
        ErrorCode.RATE_LIMITED,
        429,
        'Too many wrong passwords or codes from your network for this account; try again later',
        undefined,
        attempt.retryAfterSeconds,
      );
    }
    const outcome = await check();
    await attempt.settle(outcome !== false);
    return outcome;
  }

  const wrongPassword = () => new AppError(ErrorCode.WRONG_PASSWORD, 403, 'The current password is not correct');
  const alreadyOn = () => new AppError(ErrorCode.TOTP_ALREADY_ENABLED, 409, 'Two-step sign-in is already on');
  const notOn = () => new AppError(ErrorCode.TOTP_NOT_ENABLED, 409, 'Two-step sign-in is not on');
  const wrongCode = () => new AppError(ErrorCode.INVALID_TOTP, 400, 'The code is not correct; check the time on your phone and try again');

  /** A new pending secret (replacing any earlier one); the current password is asked, so a stolen session cannot lock the owner out. */
  async function setup(user: AuthUser, input: { password: string; ip: string }): Promise<TotpSetupResult> {
    const row = await accountOf(user);
    if (row.totp_enabled_at !== null) throw alreadyOn();
    const ok = await throttled(row.username, input.ip, async () => (await verifyPassword(row.password_hash, input.password)) || false);
    if (!ok) throw wrongPassword();
    const { generateSecret, generateURI } = await loadOtplib();
    const secret = generateSecret();
    if (!(await twoStepRepo.setPendingTotpSecret(db, row.id, cipher.encrypt(secret, row.id)))) throw alreadyOn();
    const otpauth_url = generateURI({
      issuer: await deps.siteName(),
      label: row.username,
      secret,
      algorithm: 'sha1',
      digits: TOTP.digits,
      period: TOTP.periodSeconds,
    });
    const qr_svg = await qrcode().toString(otpauth_url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { secret, otpauth_url, qr_svg };
  }

  async function replaceRecoveryCodes(trx: DbExecutor, userId: number, nowMs: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    // Two new sets asked for at once (two tabs, two nodes): the account's row lock puts them one
    // after the other, so the later delete sees the earlier set and only one set of ten is left.
    await lockAccountForTokens(trx, userId);
    await twoStepRepo.deleteRecoveryCodes(trx, userId);
    await twoStepRepo.insertRecoveryCodes(
      trx,
      userId,
      codes.map((code) => hashRecoveryCode(code)),
      nowMs,
    );
    return codes;
  }

  /** The first code of the pending secret turns two-step sign-in on and gives the ten recovery codes. */
  async function enable(user: AuthUser, input: { code: string; ip: string }): Promise<RecoveryCodesResult> {
    const row = await accountOf(user);
    if (row.totp_enabled_at !== null) throw alreadyOn();
    const pending = row.totp_pending_secret;
    if (pending === null) throw new AppError(ErrorCode.TOTP_NOT_ENABLED, 409, 'Start the setup first');
    const at = now();
    const step = await throttled(
      row.username,
      input.ip,
      async () => (await matchingTimeStep(cipher.decrypt(pending, row.id), input.code, at, null)) ?? false,
    );
    if (step === false) throw wrongCode();
    const recovery_codes = await domainEvents.transact(async (trx) => {
      // Only the pending secret this code was checked against, and only once (two racing enables: one wins).
      if (!(await twoStepRepo.turnOnTotp(trx, row.id, pending, at, step))) return null;
      const codes = await replaceRecoveryCodes(trx, row.id, at);
      await queueTwoStepMail(trx, domainEvents, row.id, 'turned_on_at', at);
      return codes;
    });
    if (!recovery_codes) throw alreadyOn();
    return { recovery_codes };
  }

  /** Needs the current password and a current code (or a recovery code). */
  async function disable(user: AuthUser, input: { password: string; code: string; ip: string }): Promise<void> {
    const row = await accountOf(user);
    if (row.totp_enabled_at === null) throw notOn();
    let passwordOk = false;
    const ok = await throttled(row.username, input.ip, async () => {
      passwordOk = await verifyPassword(row.password_hash, input.password);
      return (passwordOk && (await useSecondStep(db, cipher, row, input.code, now()))) || false;
    });
    if (!ok) throw passwordOk ? wrongCode() : wrongPassword();
    await domainEvents.transact(async (trx) => {
      await twoStepRepo.turnOffTotp(trx, row.id);
      await twoStepRepo.deleteRecoveryCodes(trx, row.id);
      await queueTwoStepMail(trx, domainEvents, row.id, 'turned_off_at', now());
    });
  }

  /** A new set of ten recovery codes (the old ones stop working), for a current code or a recovery code. */
  async function regenerateRecoveryCodes(user: AuthUser, input: { code: string; ip: string }): Promise<RecoveryCodesResult> {
    const row = await accountOf(user);
    if (row.totp_enabled_at === null) throw notOn();
    const ok = await throttled(row.username, input.ip, async () => (await useSecondStep(db, cipher, row, input.code, now())) || false);
    if (!ok) throw wrongCode();
    const recovery_codes = await domainEvents.transact(async (trx) => {
      const at = now();
      const codes = await replaceRecoveryCodes(trx, row.id, at);
      await queueTwoStepMail(trx, domainEvents, row.id, 'new_codes_at', at);
      return codes;
    });
    return { recovery_codes };
  }

  return { setup, enable, disable, regenerateRecoveryCodes };
}

export type TwoStepService = ReturnType<typeof createTwoStepService>;
