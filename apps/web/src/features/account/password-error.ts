import { ApiError } from '../../lib/api-client';

export type PasswordErrorKey = 'wrongCurrent' | 'rateLimited' | 'sessionEnded' | 'failure';

/**
 * Server error codes of POST /user/update_password → message key under profile:password.errors
 * (`failure` is profile:password.failure). The form checks the new password's rules before it
 * sends, so a VALIDATION_FAILED that still comes back names the current password, which is then
 * not the right one (longer than any password the API stores).
 */
const BY_CODE: Record<string, PasswordErrorKey> = {
  WRONG_PASSWORD: 'wrongCurrent',
  VALIDATION_FAILED: 'wrongCurrent',
  RATE_LIMITED: 'rateLimited',
  INVALID_TOKEN: 'sessionEnded',
  AUTH_REQUIRED: 'sessionEnded',
};

/** Anything else (5xx, network failure) gets the spec's generic 'Password update failed'. */
export function passwordErrorKey(error: unknown): PasswordErrorKey {
  if (!(error instanceof ApiError)) return 'failure';
  if (error.code === 'VALIDATION_FAILED' && !error.details.some((detail) => detail.field === 'current_password')) return 'failure';
  return BY_CODE[error.code] ?? 'failure';
}
