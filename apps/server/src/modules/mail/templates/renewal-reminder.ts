import { letter } from './letter.js';

/** Before a renewing plan of three months or more renews (issue 59, list: reminders): data from notices/reminders.ts. */
const template = letter(
  { paragraph: 'intro' },
  {
    rows: [
      ['plan', 'plan'],
      ['amount', 'amount'],
      ['renews_at', 'renews_at'],
    ],
  },
  { paragraph: 'cancel' },
  { button: 'button', href: 'renewal' },
);
export default template;
