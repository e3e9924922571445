import { letter } from './letter.js';

/** Three days before a membership ends (list: reminders): data from notices/reminders.ts. */
const template = letter(
  { paragraph: 'intro' },
  { rows: [['member_until', 'member_until']] },
  { paragraph: 'renew' },
  { button: 'button', href: 'top_up' },
);
export default template;
