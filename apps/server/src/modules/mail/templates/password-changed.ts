import type { MailTemplate } from '../mail-template.js';

/** After a reset or a change of the password: data { username, link (the forgotten-password page) }. */
const template: MailTemplate = {
  subject: 'subject',
  greeting: 'greeting',
  body: [{ paragraph: 'intro' }, { paragraph: 'not_you' }, { button: 'button', href: 'link' }],
  footer: 'footer',
};
export default template;
