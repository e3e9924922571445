import { letter } from './letter.js';

/** A renewal payment failed and a grace period began (issue 59): data from notices/receipts.ts queueRenewalFailedNotice. */
const template = letter(
  { paragraph: 'intro' },
  {
    rows: [
      ['plan', 'plan'],
      ['amount', 'amount'],
      ['grace_until', 'grace_until'],
    ],
  },
  { paragraph: 'fix' },
  { button: 'button', href: 'renewal' },
);
export default template;
