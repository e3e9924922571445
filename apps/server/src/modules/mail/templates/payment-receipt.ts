import { letter } from './letter.js';

/** After a paid order (WeChat Pay, Stripe, sandbox): data from notices/receipts.ts queuePaymentReceipt. */
const template = letter(
  { paragraph: 'intro' },
  {
    rows: [
      ['plan', 'plan'],
      ['amount', 'amount'],
      ['order', 'order'],
      ['paid_at', 'paid_at'],
      ['member_until', 'member_until'],
    ],
  },
  { paragraph: 'keep' },
);
export default template;
