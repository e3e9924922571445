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

/**
 * Client-side checks of the registration form, in the spec's order. The username check uses 4–16
 * while its message says 5–16: the spec quotes both and we keep both (the server also accepts 4).
 */
export function validateRegister({ username, password, confirmPassword }: RegisterInput): RegisterError | null {
  if (!username.trim() || !password || !confirmPassword) return 'fillAll';
  if (password !== confirmPassword) return 'passwordMismatch';
  const nameLength = characterCount(username.trim());
  if (nameLength < USERNAME_MIN || nameLength > USERNAME_MAX) return 'usernameLength';
  const passwordLength = characterCount(password);
  if (passwordLength < REGISTER_PASSWORD_MIN || passwordLength > REGISTER_PASSWORD_MAX) return 'passwordLength';
  return null;
}

/** Login only requires both fields (spec section 5). */
export function validateLogin(username: string, password: string): 'fillAll' | null {
  return username.trim() && password ? null : 'fillAll';
}
