import type { MailTemplate } from '../mail-template.js';

/** The reset link: data { username, link (secret), minutes }. */
const template: MailTemplate = {
  subject: 'subject',
  greeting: 'greeting',
  body: [{ paragraph: 'intro' }, { button: 'button', href: 'link' }, { paragraph: 'expiry' }, { paragraph: 'not_you' }],
  footer: 'footer',
};
export default template;
