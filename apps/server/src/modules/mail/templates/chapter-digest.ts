import type { MailTemplate } from '../mail-template.js';

/** New chapters of followed books, at most one a day (list: digest): data from notices/digest.ts. */
const template: MailTemplate = {
  subject: 'subject',
  greeting: 'greeting',
  body: [{ paragraph: 'intro' }, { list: 'list', heading: 'heading' }],
  footer: 'footer',
};
export default template;
