import type { MailTemplate } from '../mail-template.js';

/** To the old, confirmed address when the account's address changes: data { username, new_address (masked), link }. */
const template: MailTemplate = {
  subject: 'subject',
  greeting: 'greeting',
  body: [{ paragraph: 'intro' }, { paragraph: 'not_you' }, { button: 'button', href: 'link' }],
  footer: 'footer',
};
export default template;
