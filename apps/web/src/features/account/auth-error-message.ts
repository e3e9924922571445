/**
 * The auth context stores the server's English error text (spec section 8). Known texts get a
 * translation key so readers see them in their language; anything else is shown as the server wrote it.
 */
const KNOWN_MESSAGES: Record<string, string> = {
  'Invalid username or password': 'invalidCredentials',
  'Login failed': 'loginFailed',
  'Registration failed': 'registrationFailed',
  'This username is already taken': 'usernameTaken',
  'This invitation code does not exist': 'inviteCodeUnknown',
  'Invalid request: username must contain only letters and digits': 'usernameCharacters',
  'Too many failed logins for this account; try again later': 'tooManyLogins',
  'This is not an e-mail address we can send to': 'emailInvalid',
  'This e-mail address is already confirmed on another account': 'emailTaken',
};

/** Returns the `serverErrors.*` key of the auth namespace for a server message, or null when unknown. */
export function authErrorKey(message: string): string | null {
  if (KNOWN_MESSAGES[message]) return KNOWN_MESSAGES[message];
  // The rate limiter appends a varying delay ("try again in 1 minute").
  if (message.startsWith('Too many requests')) return 'tooManyRequests';
  return null;
}
