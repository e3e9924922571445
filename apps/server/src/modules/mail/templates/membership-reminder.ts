import type { MailTemplate } from '../mail-template.js';

/** Three days before a membership ends (list: reminders): data from notices/reminders.ts. */
const template: MailTemplate = {
  subject: 'subject',
  greeting: 'greeting',
  body: [
    { paragraph: 'intro' },
    { rows: [['member_until', 'member_until']] },
    { paragraph: 'renew' },
    { button: 'button', href: 'top_up' },
  ],
  footer: 'footer',
};
export default template;
