import { letter } from './letter.js';

/** After a refund: data from notices/receipts.ts queueRefundNotice (member_until, or member_ended_at when nothing is left). */
const template = letter(
  { paragraph: 'intro' },
  {
    rows: [
      ['order', 'order'],
      ['plan', 'plan'],
      ['amount', 'amount'],
      ['refunded_at', 'refunded_at'],
      ['member_until', 'member_until'],
      ['member_ended_at', 'member_ended_at'],
    ],
  },
  { paragraph: 'delay' },
);
export default template;
