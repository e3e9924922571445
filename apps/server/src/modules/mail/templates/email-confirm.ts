import type { MailTemplate } from '../mail-template.js';

/** "Confirm your e-mail address": data { username, link (secret), hours }. */
const template: MailTemplate = {
  subject: 'subject',
  greeting: 'greeting',
  body: [{ paragraph: 'intro' }, { button: 'button', href: 'link' }, { paragraph: 'expiry' }],
  footer: 'footer',
};
export default template;
