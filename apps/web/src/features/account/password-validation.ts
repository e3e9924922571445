import { NEW_PASSWORD_MAX, NEW_PASSWORD_MIN } from '@inkstream/contracts/constants';

/** Keys of the profile namespace under `password.errors`; the English texts are quoted from spec section 5. */
export type NewPasswordError = 'mismatch' | 'tooShort' | 'tooLong';

/** Submit stays disabled until every field holds something (spec section 5, plus the current password). */
export const canSubmitNewPassword = (current: string, password: string, confirmation: string) =>
  current.length > 0 && password.length > 0 && confirmation.length > 0;

/**
 * Checks of the password-change dialog: the two entries must match, then at least 8 characters.
 * The upper bound (128) is the API's; the spec names none, so it only guards against a sure rejection.
 */
export function validateNewPassword(password: string, confirmation: string): NewPasswordError | null {
  if (password !== confirmation) return 'mismatch';
  const length = [...password].length;
  if (length < NEW_PASSWORD_MIN) return 'tooShort';
  if (length > NEW_PASSWORD_MAX) return 'tooLong';
  return null;
}
