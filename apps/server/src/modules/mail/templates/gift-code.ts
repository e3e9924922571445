import { letter } from './letter.js';

/**
 * Issue 59: a paid gift's code and redemption link, to its buyer: data from notices/receipts.ts
 * queueGiftCode { username, plan, amount, order, code (secret), link (secret) }.
 */
const template = letter(
  { paragraph: 'intro' },
  {
    rows: [
      ['plan', 'plan'],
      ['amount', 'amount'],
      ['order', 'order'],
      ['code', 'code'],
    ],
  },
  { button: 'button', href: 'link' },
  { paragraph: 'how' },
);
export default template;
