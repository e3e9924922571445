import { letter } from './letter.js';

/**
 * A way into the account was added or taken away (issue 60, users/sign-in-ways-mail.ts): a
 * passkey added or removed, a sign-in provider (WeChat, an OpenID provider) linked or unlinked.
 * Data: username, and one of passkey_added / passkey_removed / provider_linked / provider_unlinked /
 * password_removed ("passkeys only")
 * (its name and when, in UTC): the table shows the row whose field is present.
 */
const template = letter(
  { paragraph: 'intro' },
  {
    rows: [
      ['passkey_added', 'passkey_added'],
      ['passkey_removed', 'passkey_removed'],
      ['provider_linked', 'provider_linked'],
      ['provider_unlinked', 'provider_unlinked'],
      ['password_removed', 'password_removed'],
    ],
  },
  { paragraph: 'not_you' },
);

export default template;
