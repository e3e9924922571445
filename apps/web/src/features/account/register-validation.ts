import { REGISTER_PASSWORD_MAX, REGISTER_PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '@inkstream/contracts/constants';

/** Keys of the auth namespace under `register.errors`; the English texts are quoted from spec section 5. */
export type RegisterError = 'fillAll' | 'passwordMismatch' | 'usernameLength' | 'passwordLength';

export interface RegisterInput {
  username: string;
  password: string;
  confirmPassword: string;
}

/** Length in characters as the server counts them (code points), so an emoji or CJK extension B character is one. */
const characterCount = (value: string) => [...value].length;

/** The registration form's checked fields, in the order they appear on the screen. */
export const REGISTER_FIELDS = ['username', 'password', 'confirmPassword'] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];
export type RegisterErrors = Partial<Record<RegisterField, RegisterError>>;

/**
 * Client-side checks of the registration form, every field at once (a reader fixes all of them in
 * one go), each with the spec's message. The username check uses 4–16 while its message says 5–16:
 * the spec quotes both and we keep both (the server also accepts 4).
 */
export function registerErrors({ username, password, confirmPassword }: RegisterInput): RegisterErrors {
  const errors: RegisterErrors = {};
  const nameLength = characterCount(username.trim());
  if (nameLength === 0) errors.username = 'fillAll';
  else if (nameLength < USERNAME_MIN || nameLength > USERNAME_MAX) errors.username = 'usernameLength';
  const passwordLength = characterCount(password);
  if (passwordLength === 0) errors.password = 'fillAll';
  else if (passwordLength < REGISTER_PASSWORD_MIN || passwordLength > REGISTER_PASSWORD_MAX) errors.password = 'passwordLength';
  if (!confirmPassword) errors.confirmPassword = 'fillAll';
  else if (password && confirmPassword !== password) errors.confirmPassword = 'passwordMismatch';
  return errors;
}

/** The first field with an error in screen order, where focus goes after a failed submit. */
export function firstInvalidField(errors: RegisterErrors): RegisterField | null {
  return REGISTER_FIELDS.find((field) => errors[field]) ?? null;
}

/** Login only requires both fields (spec section 5). */
export function validateLogin(username: string, password: string): 'fillAll' | null {
  return username.trim() && password ? null : 'fillAll';
}
