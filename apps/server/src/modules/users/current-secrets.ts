import { ErrorCode } from '@inkstream/contracts';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { takeLoginAttempt } from './login-throttle.js';
import { verifyPassword } from './password.js';
import type { TotpCipher } from './totp-crypto.js';
import { useSecondStep, type SecondStepAccount } from './two-step.js';

/** The account fields a check of the current password (and second step) reads. */
export interface SecretsAccount extends SecondStepAccount {
  password_hash: string;
  totp_enabled_at: number | string | null;
}

/**
 * Checks the secrets a logged-in reader gives to change something a stolen session must not
 * (OWASP ASVS 2.1.6 for the password, and the e-mail address that recovers the account): the
 * current password, and with `secondStep`, the two-step code or a recovery code when two-step
 * sign-in is on. It counts against the failed-login throttle of this account and address, as a
 * login would: guesses here and at /user/login share one budget, so no profile call is a way
 * around it. Throws WRONG_PASSWORD (403), TOTP_REQUIRED (403), INVALID_TOTP (400) or RATE_LIMITED.
 */
export async function checkCurrentSecrets(
  db: Db,
  cipher: TotpCipher,
  account: SecretsAccount,
  given: { usernameKey: string; password: string | undefined; totpCode?: string | undefined; secondStep: boolean; ip: string },
  now: number,
): Promise<void> {
  const attempt = await takeLoginAttempt(db, { usernameKey: given.usernameKey, ip: given.ip }, now);
  if (attempt.retryAfterSeconds > 0) {
    throw new AppError(
      ErrorCode.RATE_LIMITED,
      429,
      'Too many wrong passwords from your network for this account; try again later',
      undefined,
      attempt.retryAfterSeconds,
    );
  }
  const passwordOk = given.password !== undefined && (await verifyPassword(account.password_hash, given.password));
  if (!passwordOk) {
    await attempt.settle(false);
    throw new AppError(ErrorCode.WRONG_PASSWORD, 403, 'The current password is not correct');
  }
  if (given.secondStep && account.totp_enabled_at !== null) {
    // As at login, asking for the code settles nothing: a missing code never clears earlier failures.
    if (given.totpCode === undefined)
      throw new AppError(ErrorCode.TOTP_REQUIRED, 403, 'Enter the code of your authenticator app (two-step sign-in)');
    const accepted = await useSecondStep(db, cipher, account, given.totpCode, now);
    await attempt.settle(accepted);
    if (!accepted) throw new AppError(ErrorCode.INVALID_TOTP, 400, 'The code is not correct; check the time on your phone and try again');
    return;
  }
  await attempt.settle(true);
}
